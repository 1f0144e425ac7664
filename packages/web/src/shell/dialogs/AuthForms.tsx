import type { AuthDialogMode } from '../../app/dialogs/dialogStore';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { ResetPwdForm } from './ResetPwdForm';

/** The dialog's forms (in the dialog's chunk, fetched when it is first opened). */
export default function AuthForms({ mode }: { mode: AuthDialogMode }) {
  if (mode === 'register') return <RegisterForm />;
  if (mode === 'resetPwd') return <ResetPwdForm />;
  return <LoginForm />;
}

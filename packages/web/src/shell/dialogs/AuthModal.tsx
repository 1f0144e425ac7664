import { useEffect, useRef } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/queries';
import AuthForms from './AuthForms';
import { authDialog, closeAuthDialog } from '../../app/dialogs/dialogStore';

const TITLE_KEYS = { login: 'dialog.login', register: 'dialog.register', resetPwd: 'dialog.resetPwd' } as const;

/** The shell's account dialog: 370 px, not closed by clicking outside, titled with the short name. */
export default function AuthModal() {
  const { t } = useTranslation();
  const { open, mode } = authDialog.use();
  const { shortName } = useWebsiteConfig();
  // The first field takes the focus (the username of login and register, the e-mail of a reset), once
  // the dialog has opened (antd's dialog first focuses itself) and when it switches forms.
  const body = useRef<HTMLDivElement>(null);
  const focusFirst = () => body.current?.querySelector<HTMLInputElement>('input:not([type="hidden"]):not([disabled])')?.focus();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new form (mode) is what moves the focus.
  useEffect(() => {
    if (!open) return;
    const id = requestAnimationFrame(focusFirst);
    return () => cancelAnimationFrame(id);
  }, [mode]);
  return (
    <Modal
      open={open}
      width={370}
      mask={{ closable: false }}
      footer={null}
      onCancel={closeAuthDialog}
      destroyOnHidden
      title={<span data-testid="auth-dialog-title">{`${t(TITLE_KEYS[mode])} - ${shortName}`}</span>}
      rootClassName="oj-auth-dialog"
      afterOpenChange={(opened) => opened && focusFirst()}
    >
      <div data-testid={`dialog-${mode}`} ref={body}>
        <AuthForms mode={mode} />
      </div>
    </Modal>
  );
}

import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/queries';
import AuthForms from './AuthForms';
import { authDialog, closeAuthDialog } from './dialogStore';

const TITLE_KEYS = { login: 'dialog.login', register: 'dialog.register', resetPwd: 'dialog.resetPwd' } as const;

/** The shell's account dialog (spec 1 §2): 370 px, not closed by clicking outside, titled with the short name. */
export default function AuthModal() {
  const { t } = useTranslation();
  const { open, mode } = authDialog.use();
  const { shortName } = useWebsiteConfig();
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
    >
      <div data-testid={`dialog-${mode}`}>
        <AuthForms mode={mode} />
      </div>
    </Modal>
  );
}

import { Suspense } from 'react';
import { Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/queries';
import { lazyPage } from '../lazyPage';
import { authDialog, closeAuthDialog } from './dialogStore';

const AuthForms = lazyPage(() => import('./AuthForms'));

const TITLE_KEYS = { login: 'dialog.login', register: 'dialog.register', resetPwd: 'dialog.resetPwd' } as const;

/** The shell's account dialog (spec 1 §2): 370 px, not closed by clicking outside, titled with the short name. */
export function AuthDialog() {
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
        <Suspense fallback={<Spin className="oj-page-spin" />}>
          <AuthForms mode={mode} />
        </Suspense>
      </div>
    </Modal>
  );
}

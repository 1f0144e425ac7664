import { Button, Collapse, Divider, Result } from 'antd';
import { ApiOutlined, IdcardOutlined, LinkOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { openAuthDialog } from '../../app/dialogs/dialogStore';
import { useSession } from '../../app/session';
import { ApiTokensCard } from './ApiTokensCard';
import { AvatarUpload } from './AvatarUpload';
import { CfSessionForm } from './CfSessionForm';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';

/** Settings: Account and Profile sections, the remote-judge session and the API tokens for scripts. */
export default function SettingPage() {
  const { t } = useTranslation();
  const { user } = useSession();

  // The session can end while the page is open (password changed, 401): offer to log in again.
  if (!user) {
    return (
      <div className="oj-page">
        <Result
          status="403"
          title={t('msg.loginFirst')}
          extra={
            <Button type="primary" onClick={() => openAuthDialog('login')}>
              {t('shell.login')}
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className="oj-page" data-testid="setting">
      <Collapse
        defaultActiveKey={['account', 'profile', 'cf']}
        items={[
          {
            key: 'account',
            label: (
              <span>
                <SafetyCertificateOutlined /> {t('setting.account')}
              </span>
            ),
            children: (
              <div className="oj-setting-account">
                <section>
                  <h3>{t('setting.changePassword')}</h3>
                  <ChangePasswordForm />
                </section>
                <section>
                  <h3>{t('setting.changeEmail')}</h3>
                  <ChangeEmailForm user={user} />
                </section>
              </div>
            ),
          },
          {
            key: 'profile',
            label: (
              <span>
                <IdcardOutlined /> {t('setting.profile')}
              </span>
            ),
            children: (
              <>
                <AvatarUpload user={user} />
                <Divider />
                <ProfileForm key={user.uid} user={user} />
              </>
            ),
          },
          {
            key: 'cf',
            label: (
              <span>
                <LinkOutlined /> {t('cf.title')}
              </span>
            ),
            children: <CfSessionForm user={user} />,
          },
          {
            key: 'tokens',
            label: (
              <span data-testid="setting-api-tokens">
                <ApiOutlined /> {t('apiToken.title')}
              </span>
            ),
            children: <ApiTokensCard />,
          },
        ]}
      />
    </div>
  );
}

import { useEffect } from 'react';
import { Button, Card, Form } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/queries';
import { LoginFields } from '../../components/auth/LoginFields';
import { useLogin, type LoginValues } from '../../components/auth/useLogin';
import { AdminLanguagePicker } from '../layout/AdminUserMenu';
import '../admin.css';

/**
 * The admin login (/admin/login): its own page with a welcome line. Only accounts with an
 * admin role get in (the server answers others with 'Please login again with the administrator account!').
 * From 5 failures the slide puzzle of the site login is required here too.
 */
export default function AdminLoginPage() {
  const { t } = useTranslation();
  const { shortName } = useWebsiteConfig();
  const [form] = Form.useForm<LoginValues>();
  // The web's one login (`useLogin`); here it goes on to the dashboard.
  const login = useLogin('admin', form);

  useEffect(() => {
    document.title = `${t('admin.login.title')} - ${shortName}`;
  }, [t, shortName]);

  return (
    <div className="oj-admin-login" data-testid="admin-login-page">
      <div className="oj-admin-login-top">
        <a className="oj-admin-header-btn" href="/home">
          <HomeOutlined />
          <span>{t('admin.backToSite')}</span>
        </a>
        <AdminLanguagePicker />
      </div>
      <Card className="oj-admin-login-card">
        <div className="oj-admin-login-head">
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <h1>{t('admin.login.heading', { name: shortName })}</h1>
          <p className="oj-muted">{t('admin.login.subtitle')}</p>
        </div>
        <Form form={form} layout="vertical" onFinish={login.onFinish} requiredMark={false} data-testid="admin-login-form">
          <LoginFields
            login={login}
            rules={{
              username: [{ required: true, whitespace: true, message: t('admin.login.usernameRequired') }],
              password: [{ required: true, message: t('admin.login.passwordRequired') }],
            }}
            testIdPrefix="admin-login"
            size="large"
          />
          <Button type="primary" htmlType="submit" size="large" block loading={login.loading} data-testid="admin-login-submit">
            {t('admin.login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

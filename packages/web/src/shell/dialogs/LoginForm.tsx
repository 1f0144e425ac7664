import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/queries';
import { useAccountRules } from '../../components/formRules';
import { switchAuthDialog } from '../../app/dialogs/dialogStore';
import { LoginFields } from '../../components/auth/LoginFields';
import { useLogin, type LoginValues } from '../../components/auth/useLogin';

/** The Login dialog's form: the web's one login (`useLogin`), then back to the path that asked for it. */
export function LoginForm() {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const [form] = Form.useForm<LoginValues>();
  const { data: config } = useWebsiteConfig();
  const login = useLogin('site', form);

  return (
    <Form form={form} layout="vertical" onFinish={login.onFinish} requiredMark={false} data-testid="login-form" autoComplete="on">
      <LoginFields login={login} rules={rules} testIdPrefix="login" />
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block loading={login.loading} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form.Item>
      <div className="oj-dialog-links">
        {config?.register ? (
          <Button type="link" size="small" onClick={() => switchAuthDialog('register')} data-testid="link-register">
            {t('login.toRegister')}
          </Button>
        ) : (
          <span />
        )}
        <Button type="link" size="small" onClick={() => switchAuthDialog('resetPwd')} data-testid="link-reset">
          {t('login.forgot')}
        </Button>
      </div>
    </Form>
  );
}

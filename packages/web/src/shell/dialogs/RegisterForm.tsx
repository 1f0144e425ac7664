import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@oj/shared';
import { accountApi } from '../../api/account';
import { useWebsiteConfig } from '../../api/queries';
import { useAccountRules } from '../../components/formRules';
import { SendCodeButton } from '../../components/SendCodeButton';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { switchAuthDialog } from '../../app/dialogs/dialogStore';
import { waitSecondsOf } from '../../components/auth/waitSeconds';

interface RegisterValues {
  username: string;
  password: string;
  passwordAgain: string;
  email: string;
  code?: string;
}

export function RegisterForm() {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const [form] = Form.useForm<RegisterValues>();
  const { data: config } = useWebsiteConfig();
  const needCode = config?.emailVerification !== false;
  const [loading, setLoading] = useState(false);

  /** The button checks the email first and shows the format error otherwise. */
  const sendCode = async (): Promise<number | null> => {
    try {
      await form.validateFields(['email']);
    } catch {
      feedback.error(form.getFieldError('email')[0] ?? t('validation.emailInvalid'));
      return null;
    }
    try {
      const res = await accountApi.registerCode(form.getFieldValue('email').trim());
      feedback.success(successMsg(res.msg, 'register.codeSent'), 4);
      return TIMINGS.registerCodeResendSec;
    } catch (err) {
      return waitSecondsOf(err);
    }
  };

  const onFinish = async (values: RegisterValues) => {
    setLoading(true);
    try {
      // passwordAgain is the client's own check and is not sent.
      const res = await accountApi.register({
        username: values.username.trim(),
        password: values.password,
        email: values.email.trim(),
        ...(needCode ? { code: values.code?.trim() } : {}),
      });
      feedback.success(successMsg(res.msg, 'register.success'), 5);
      switchAuthDialog('login');
    } catch {
      form.setFieldValue('code', '');
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false} data-testid="register-form">
      <Form.Item name="username" rules={[...rules.username, rules.exists('username', false, 'msg.usernameExists')]} validateTrigger={['onChange', 'onBlur']}>
        <Input prefix={<UserOutlined />} placeholder={t('register.username')} autoComplete="username" data-testid="register-username" />
      </Form.Item>
      <Form.Item name="password" rules={rules.password}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('register.password')} autoComplete="new-password" data-testid="register-password" />
      </Form.Item>
      <Form.Item name="passwordAgain" dependencies={['password']} rules={rules.confirm('password')}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('register.passwordAgain')} autoComplete="new-password" data-testid="register-password-again" />
      </Form.Item>
      <Form.Item name="email" rules={[...rules.email, rules.exists('email', false, 'msg.emailExists')]} validateTrigger={['onChange', 'onBlur']}>
        <Input prefix={<MailOutlined />} placeholder={t('register.email')} autoComplete="email" data-testid="register-email" />
      </Form.Item>
      {needCode && (
        <Form.Item>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" rules={rules.emailCode} noStyle>
              <Input prefix={<SafetyOutlined />} placeholder={t('register.code')} maxLength={6} inputMode="numeric" data-testid="register-code" />
            </Form.Item>
            <SendCodeButton countdownKey="register-code" onSend={sendCode} testId="register-send-code" />
          </Space.Compact>
        </Form.Item>
      )}
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </Form.Item>
      <div className="oj-dialog-links">
        <Button type="link" size="small" onClick={() => switchAuthDialog('login')} data-testid="link-login">
          {t('register.toLogin')}
        </Button>
      </div>
    </Form>
  );
}

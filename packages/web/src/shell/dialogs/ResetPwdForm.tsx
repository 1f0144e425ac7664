import { Button, Form, Input } from 'antd';
import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@oj/shared';
import { accountApi } from '../../api/account';
import { CaptchaImage, useCaptcha } from '../../components/CaptchaImage';
import { useAccountRules } from '../../components/formRules';
import { SendCodeButton } from '../../components/SendCodeButton';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { switchAuthDialog } from '../../app/dialogs/dialogStore';
import { waitSecondsOf } from '../../components/auth/waitSeconds';

interface ResetValues {
  email: string;
  captcha: string;
}

export function ResetPwdForm() {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const [form] = Form.useForm<ResetValues>();
  const captcha = useCaptcha(['reset']);

  /** 90 s countdown after a send; a new captcha after every try. */
  const send = async (): Promise<number | null> => {
    let values: ResetValues;
    try {
      values = await form.validateFields();
    } catch {
      return null;
    }
    if (!captcha.data) return null;
    try {
      const res = await accountApi.applyResetPassword({ email: values.email.trim(), captcha: values.captcha.trim(), captchaKey: captcha.data.captchaKey });
      feedback.success(successMsg(res.msg, 'reset.sent'), 10);
      return TIMINGS.resetEmailResendSec;
    } catch (err) {
      return waitSecondsOf(err);
    } finally {
      form.setFieldValue('captcha', '');
      captcha.renew();
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} data-testid="reset-form" onFinish={() => undefined}>
      <Form.Item name="email" rules={[...rules.email, rules.exists('email', true, 'msg.emailNotExist')]} validateTrigger={['onChange', 'onBlur']}>
        <Input prefix={<MailOutlined />} placeholder={t('reset.email')} autoComplete="email" data-testid="reset-email" />
      </Form.Item>
      <Form.Item>
        <div className="oj-captcha-row">
          <Form.Item name="captcha" rules={rules.captcha} noStyle>
            <Input prefix={<SafetyOutlined />} placeholder={t('common.captcha')} maxLength={8} autoComplete="off" data-testid="reset-captcha" />
          </Form.Item>
          <CaptchaImage captcha={captcha} testId="reset-captcha-img" />
        </div>
      </Form.Item>
      <Form.Item style={{ marginBottom: 12 }}>
        <SendCodeButton countdownKey="reset-password" onSend={send} type="primary" block testId="reset-submit">
          {t('reset.send')}
        </SendCodeButton>
      </Form.Item>
      <div className="oj-dialog-links">
        <Button type="link" size="small" onClick={() => switchAuthDialog('login')} data-testid="link-login">
          {t('reset.toLogin')}
        </Button>
      </div>
    </Form>
  );
}

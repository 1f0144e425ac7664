import { Button, Form, Input, Skeleton, Tooltip } from 'antd';
import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@oj/shared';
import { accountApi } from '../../api/account';
import { useAccountRules } from '../../components/formRules';
import { SendCodeButton } from '../../components/SendCodeButton';
import { feedback } from '../feedback';
import { successMsg } from '../i18n';
import { switchAuthDialog } from './dialogStore';
import { waitSecondsOf } from './waitSeconds';

interface ResetValues {
  email: string;
  captcha: string;
}

/** Captcha image (click for a new one) above its input. */
function Captcha({ img, loading, onRefresh }: { img?: string; loading: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('reset.captchaRefresh')}>
      <button type="button" className="oj-captcha" onClick={onRefresh} aria-label={t('reset.captchaRefresh')} data-testid="reset-captcha-img">
        {img && !loading ? <img src={img} alt={t('reset.captcha')} /> : <Skeleton.Button active size="small" />}
      </button>
    </Tooltip>
  );
}

export function ResetPwdForm() {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const [form] = Form.useForm<ResetValues>();
  const captcha = useQuery({ queryKey: ['captcha', 'reset'], queryFn: accountApi.captcha, staleTime: Infinity, gcTime: 0 });

  /** Spec 1 §4: 90 s countdown after a send; the captcha is single use, so it reloads after every try. */
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
      void captcha.refetch();
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
            <Input prefix={<SafetyOutlined />} placeholder={t('reset.captcha')} maxLength={8} autoComplete="off" data-testid="reset-captcha" />
          </Form.Item>
          <Captcha img={captcha.data?.img} loading={captcha.isFetching} onRefresh={() => void captcha.refetch()} />
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

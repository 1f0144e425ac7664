import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { TIMINGS, type UserInfo } from '@oj/shared';
import { accountApi } from '../../api/account';
import { waitSecondsOf } from '../../components/auth/waitSeconds';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { session } from '../../app/session';
import { useAccountRules } from '../../components/formRules';
import { SendCodeButton } from '../../components/SendCodeButton';

interface Values {
  password: string;
  newEmail: string;
  code: string;
}

/** New email (different from the current one) confirmed by a code sent to it. */
export function ChangeEmailForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const [form] = Form.useForm<Values>();
  const [loading, setLoading] = useState(false);

  const sendCode = async (): Promise<number | null> => {
    try {
      await form.validateFields(['newEmail']);
    } catch {
      feedback.error(form.getFieldError('newEmail')[0] ?? t('validation.emailInvalid'));
      return null;
    }
    try {
      const res = await accountApi.changeEmailCode(form.getFieldValue('newEmail').trim());
      feedback.success(successMsg(res.msg, 'register.codeSent'));
      return TIMINGS.changeEmailCodeResendSec;
    } catch (err) {
      return waitSecondsOf(err);
    }
  };

  const onFinish = async (values: Values) => {
    setLoading(true);
    try {
      const res = await accountApi.changeEmail({ password: values.password, newEmail: values.newEmail.trim(), code: values.code.trim() });
      session.setUser(res.data);
      form.resetFields();
      feedback.success(successMsg(res.msg, 'setting.emailChanged'));
    } catch {
      form.setFieldValue('code', '');
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} className="oj-setting-form" data-testid="change-email-form">
      <Form.Item label={t('setting.currentEmail')}>
        <Input value={user.email} disabled data-testid="current-email" />
      </Form.Item>
      <Form.Item name="password" label={t('setting.password')} rules={[{ required: true, message: t('validation.passwordRequired') }]}>
        <Input.Password autoComplete="current-password" data-testid="change-email-password" />
      </Form.Item>
      <Form.Item
        name="newEmail"
        label={t('setting.newEmail')}
        rules={[
          ...rules.email,
          {
            validator: (_r, v: string) =>
              !v || v.trim().toLowerCase() !== user.email.toLowerCase() ? Promise.resolve() : Promise.reject(new Error(t('msg.sameEmail'))),
          },
        ]}
      >
        <Input autoComplete="email" data-testid="change-email-new" />
      </Form.Item>
      <Form.Item label={t('setting.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" rules={rules.emailCode} noStyle>
            <Input maxLength={6} inputMode="numeric" data-testid="change-email-code" />
          </Form.Item>
          <SendCodeButton countdownKey="change-email" onSend={sendCode} testId="change-email-send-code" />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={loading} data-testid="change-email-submit">
        {t('setting.updateEmail')}
      </Button>
    </Form>
  );
}

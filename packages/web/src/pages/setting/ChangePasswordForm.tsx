import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/account';
import { openAuthDialog } from '../../app/dialogs/dialogStore';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { session } from '../../app/session';
import { useAccountRules } from '../../components/formRules';

interface Values {
  oldPassword: string;
  newPassword: string;
  passwordAgain: string;
}

/** Changing the password ends every session of the user (server side), so the user logs in again. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const [form] = Form.useForm<Values>();
  const [loading, setLoading] = useState(false);

  const onFinish = async (values: Values) => {
    setLoading(true);
    try {
      const res = await accountApi.changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      feedback.success(successMsg(res.msg, 'setting.passwordChanged'));
      form.resetFields();
      session.clear();
      openAuthDialog('login');
    } catch {
      /* shown by the client */
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} className="oj-setting-form" data-testid="change-password-form">
      <Form.Item name="oldPassword" label={t('setting.oldPassword')} rules={[{ required: true, message: t('validation.passwordRequired') }]}>
        <Input.Password autoComplete="current-password" data-testid="change-password-old" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('setting.newPassword')}
        dependencies={['oldPassword']}
        rules={[
          ...rules.password,
          ({ getFieldValue }) => ({
            validator: (_r, v) => (!v || v !== getFieldValue('oldPassword') ? Promise.resolve() : Promise.reject(new Error(t('msg.samePassword')))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="change-password-new" />
      </Form.Item>
      <Form.Item name="passwordAgain" label={t('setting.passwordAgain')} dependencies={['newPassword']} rules={rules.confirm('newPassword')}>
        <Input.Password autoComplete="new-password" data-testid="change-password-again" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={loading} data-testid="change-password-submit">
        {t('setting.updatePassword')}
      </Button>
    </Form>
  );
}

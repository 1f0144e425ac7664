import { useState } from 'react';
import { Button, Card, Form, Input, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/account';
import { openAuthDialog } from '../../app/dialogs/dialogStore';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { useAccountRules } from '../../components/formRules';

interface Values {
  password: string;
  passwordAgain: string;
}

/** The page the reset e-mail links to (?username&code): set a new password twice, then log in. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const username = params.get('username') ?? '';
  const code = params.get('code') ?? '';
  const [loading, setLoading] = useState(false);

  if (!username || !code) {
    return (
      <div className="oj-page">
        <Result status="warning" title={t('resetPage.badLink')} subTitle={t('msg.resetLinkInvalid')} data-testid="reset-page-invalid" />
      </div>
    );
  }

  const onFinish = async (values: Values) => {
    setLoading(true);
    try {
      const res = await accountApi.resetPassword({ username, password: values.password, code });
      feedback.success(successMsg(res.msg, 'resetPage.done'));
      // The router's promise settles once the next page is shown; nothing here waits for that.
      void navigate('/home', { replace: true });
      openAuthDialog('login');
    } catch {
      /* the message is shown by the client; the user can fix the password and retry */
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="oj-page oj-narrow">
      <Card title={t('resetPage.title')} data-testid="reset-page">
        <p className="oj-muted">{t('resetPage.for', { username })}</p>
        <Form<Values> layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)}>
          <Form.Item name="password" label={t('resetPage.password')} rules={rules.password}>
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="reset-page-password" />
          </Form.Item>
          <Form.Item name="passwordAgain" label={t('resetPage.passwordAgain')} dependencies={['password']} rules={rules.confirm('password')}>
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="reset-page-password-again" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading} data-testid="reset-page-submit">
            {t('resetPage.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { Button, Card, Form, Input } from 'antd';
import { HomeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin';
import { useWebsiteConfig } from '../../api/queries';
import { SlidePuzzle } from '../../components/auth/SlidePuzzle';
import { useLoginWithPuzzle, type FailureGuard, type LoginValues } from '../../components/auth/useLoginWithPuzzle';
import { feedback } from '../../app/feedback';
import { AdminLanguagePicker } from '../layout/AdminUserMenu';
import '../admin.css';

/**
 * The admin login (spec 3 §2 /admin/login): its own page with a welcome line. Only accounts with an
 * admin role get in (the server answers others with 'Please login again with the administrator account!').
 * From 5 failures the slide puzzle of the site login is required here too.
 */
export default function AdminLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { shortName } = useWebsiteConfig();
  const [form] = Form.useForm<LoginValues>();
  const [guard, setGuard] = useState<FailureGuard>({ failures: 0, needPuzzle: false });
  const { loading, needPuzzle, puzzle, onFinish, onPuzzleRelease } = useLoginWithPuzzle({
    form,
    login: adminApi.login,
    guard,
    setGuard,
    puzzleKey: 'admin-login-puzzle',
    onSuccess: () => {
      feedback.success(t('admin.login.welcome'));
      // The router's promise settles once the next page is shown; nothing here waits for that.
      void navigate('/admin/dashboard', { replace: true });
    },
  });

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
        <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} data-testid="admin-login-form">
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('admin.login.usernameRequired') }]}>
            <Input
              prefix={<UserOutlined />}
              placeholder={t('login.username')}
              autoComplete="username"
              size="large"
              maxLength={64}
              data-testid="admin-login-username"
            />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('admin.login.passwordRequired') }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.password')}
              autoComplete="current-password"
              size="large"
              data-testid="admin-login-password"
            />
          </Form.Item>
          {needPuzzle && (
            <Form.Item>
              <SlidePuzzle
                key={puzzle.data?.puzzleToken ?? 'none'}
                challenge={puzzle.data}
                loading={puzzle.isFetching}
                disabled={loading}
                onRelease={(x) => void onPuzzleRelease(x)}
                onRefresh={() => void puzzle.refetch()}
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={loading} data-testid="admin-login-submit">
            {t('admin.login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

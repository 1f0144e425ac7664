import { useEffect, useState } from 'react';
import { Button, Card, Form, Input } from 'antd';
import { HomeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_GUARD, type LoginFailure } from '@oj/shared';
import { accountApi } from '../../api/account';
import { adminApi } from '../../api/admin';
import { ApiError } from '../../api/client';
import { useWebsiteConfig } from '../../api/queries';
import { SlidePuzzle } from '../../app/dialogs/SlidePuzzle';
import { feedback } from '../../app/feedback';
import { session } from '../../app/session';
import { AdminLanguagePicker } from '../layout/AdminUserMenu';
import '../admin.css';

interface LoginValues {
  username: string;
  password: string;
}

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
  const [loading, setLoading] = useState(false);
  const [guard, setGuard] = useState({ failures: 0, needPuzzle: false });
  const needPuzzle = guard.needPuzzle || guard.failures >= LOGIN_GUARD.puzzleAfterFailures;
  const puzzle = useQuery({ queryKey: ['admin-login-puzzle'], queryFn: accountApi.loginPuzzle, enabled: needPuzzle, staleTime: Infinity, gcTime: 0 });

  useEffect(() => {
    document.title = `${t('admin.login.title')} - ${shortName}`;
  }, [t, shortName]);

  const submit = async (values: LoginValues, puzzleX?: number) => {
    setLoading(true);
    try {
      const withPuzzle = needPuzzle && puzzle.data && puzzleX !== undefined ? { puzzleToken: puzzle.data.puzzleToken, puzzleX } : {};
      const { token, user } = await adminApi.login({ username: values.username.trim(), password: values.password, ...withPuzzle });
      session.login(token, user);
      feedback.success(t('admin.login.welcome'));
      navigate('/admin/dashboard', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.httpStatus !== 0) {
        const data = err.data as Partial<LoginFailure> | null;
        const failures = typeof data?.failures === 'number' ? data.failures : guard.failures + 1;
        setGuard({ failures, needPuzzle: data?.needPuzzle ?? failures >= LOGIN_GUARD.puzzleAfterFailures });
      }
      if (needPuzzle) void puzzle.refetch();
    } finally {
      setLoading(false);
    }
  };

  const onFinish = (values: LoginValues) => {
    if (needPuzzle) {
      feedback.warning(t('msg.puzzleRequired'));
      return;
    }
    void submit(values);
  };

  const onPuzzleRelease = async (x: number) => {
    try {
      await submit(await form.validateFields(), x);
    } catch {
      void puzzle.refetch();
    }
  };

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
            <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" size="large" maxLength={64} data-testid="admin-login-username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('admin.login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" size="large" data-testid="admin-login-password" />
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

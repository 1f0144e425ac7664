import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOGIN_GUARD, type LoginFailure } from '@oj/shared';
import { accountApi } from '../../api/account';
import { ApiError } from '../../api/client';
import { useWebsiteConfig } from '../../api/queries';
import { useAccountRules } from '../../components/formRules';
import { createStore } from '../createStore';
import { feedback } from '../feedback';
import { session } from '../session';
import { closeAuthDialog, switchAuthDialog } from './dialogStore';
import { SlidePuzzle } from './SlidePuzzle';

interface LoginValues {
  username: string;
  password: string;
}

/** Failure count of this page life, so closing and reopening the dialog keeps the puzzle (spec 1 §4). */
const failureStore = createStore<{ failures: number; needPuzzle: boolean }>({ failures: 0, needPuzzle: false });

export function LoginForm() {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const [form] = Form.useForm<LoginValues>();
  const { data: config } = useWebsiteConfig();
  const guard = failureStore.use();
  const needPuzzle = guard.needPuzzle || guard.failures >= LOGIN_GUARD.puzzleAfterFailures;
  const [loading, setLoading] = useState(false);
  const puzzle = useQuery({
    queryKey: ['login-puzzle'],
    queryFn: accountApi.loginPuzzle,
    enabled: needPuzzle,
    staleTime: Infinity,
    gcTime: 0,
  });

  const submit = async (values: LoginValues, puzzleX?: number) => {
    setLoading(true);
    try {
      const withPuzzle = needPuzzle && puzzle.data && puzzleX !== undefined ? { puzzleToken: puzzle.data.puzzleToken, puzzleX } : {};
      const { token, user } = await accountApi.login({ username: values.username.trim(), password: values.password, ...withPuzzle });
      session.login(token, user);
      failureStore.set({ failures: 0, needPuzzle: false });
      closeAuthDialog();
      feedback.success(t('login.welcome', { name: user.username }), 4);
    } catch (err) {
      // A business failure carries the server's count; a network failure is not the user's fault.
      if (err instanceof ApiError && err.httpStatus !== 0) {
        const data = err.data as Partial<LoginFailure> | null;
        const failures = typeof data?.failures === 'number' ? data.failures : guard.failures + 1;
        failureStore.set({ failures, needPuzzle: data?.needPuzzle ?? failures >= LOGIN_GUARD.puzzleAfterFailures });
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

  /** Releasing the slider is the submit when the puzzle is required. */
  const onPuzzleRelease = async (x: number) => {
    try {
      const values = await form.validateFields();
      await submit(values, x);
    } catch {
      void puzzle.refetch();
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} data-testid="login-form" autoComplete="on">
      <Form.Item name="username" rules={rules.username}>
        <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" maxLength={64} data-testid="login-username" />
      </Form.Item>
      <Form.Item name="password" rules={rules.password}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" data-testid="login-password" />
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
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
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

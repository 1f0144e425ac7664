import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/account';
import { useWebsiteConfig } from '../../api/queries';
import { useAccountRules } from '../../components/formRules';
import { createStore } from '../../app/createStore';
import { feedback } from '../../app/feedback';
import { navigateTo } from '../../app/navigation';
import { authDialog, closeAuthDialog, switchAuthDialog } from '../../app/dialogs/dialogStore';
import { SlidePuzzle } from '../../components/auth/SlidePuzzle';
import { useLoginWithPuzzle, type FailureGuard, type LoginValues } from '../../components/auth/useLoginWithPuzzle';

/** Failure count of this page life, so closing and reopening the dialog keeps the puzzle (spec 1 §4). */
const failureStore = createStore<FailureGuard>({ failures: 0, needPuzzle: false });

export function LoginForm() {
  const { t } = useTranslation();
  const rules = useAccountRules();
  const [form] = Form.useForm<LoginValues>();
  const { data: config } = useWebsiteConfig();
  const { loading, needPuzzle, puzzle, onFinish, onPuzzleRelease } = useLoginWithPuzzle({
    form,
    login: accountApi.login,
    guard: failureStore.use(),
    setGuard: failureStore.set,
    puzzleKey: 'login-puzzle',
    onSuccess: (user) => {
      const { returnTo } = authDialog.get();
      closeAuthDialog();
      feedback.success(t('login.welcome', { name: user.username }), 4);
      if (returnTo) navigateTo(returnTo);
    },
  });

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

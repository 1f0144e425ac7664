import { Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { SlidePuzzle } from './SlidePuzzle';
import type { useLogin } from './useLogin';

interface LoginFieldsProps {
  login: ReturnType<typeof useLogin>;
  rules: { username: Rule[]; password: Rule[] };
  /** `login` → login-username, login-password; the admin page's are admin-login-… */
  testIdPrefix: string;
  size?: 'large';
}

/** Username, password and, once required, the slide puzzle: the fields of both logins. */
export function LoginFields({ login, rules, testIdPrefix, size }: LoginFieldsProps) {
  const { t } = useTranslation();
  const { loading, needPuzzle, puzzle, onPuzzleRelease } = login;
  return (
    <>
      <Form.Item name="username" rules={rules.username}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('login.username')}
          autoComplete="username"
          size={size}
          maxLength={64}
          data-testid={`${testIdPrefix}-username`}
        />
      </Form.Item>
      <Form.Item name="password" rules={rules.password}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.password')}
          autoComplete="current-password"
          size={size}
          data-testid={`${testIdPrefix}-password`}
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
    </>
  );
}

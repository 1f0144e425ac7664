import { useState } from 'react';
import type { FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_GUARD, type LoginFailure, type UserInfo } from '@oj/shared';
import { accountApi } from '../../api/account';
import { adminApi } from '../../api/admin';
import { ApiError } from '../../api/client';
import { createStore } from '../../app/createStore';
import { authDialog, closeAuthDialog } from '../../app/dialogs/dialogStore';
import { feedback } from '../../app/feedback';
import { session } from '../../app/session';

export interface LoginValues {
  username: string;
  password: string;
}

type LoginBody = LoginValues & { puzzleToken?: string; puzzleX?: number };

export interface FailureGuard {
  failures: number;
  needPuzzle: boolean;
}

/** Where a login happens: the site's Login dialog or the admin login page. */
export type LoginPlace = 'site' | 'admin';

interface PlaceRules {
  call(body: LoginBody): Promise<{ token: string; user: UserInfo }>;
  puzzleKey: string;
  /** failures of this page life, so closing and reopening the dialog keeps the puzzle */
  failures: ReturnType<typeof createStore<FailureGuard>>;
}

const PLACES: Record<LoginPlace, PlaceRules> = {
  site: { call: accountApi.login, puzzleKey: 'login-puzzle', failures: createStore<FailureGuard>({ failures: 0, needPuzzle: false }) },
  // The server refuses accounts without an admin role here (msg loginAsAdmin).
  admin: { call: adminApi.login, puzzleKey: 'admin-login-puzzle', failures: createStore<FailureGuard>({ failures: 0, needPuzzle: false }) },
};

/**
 * The one login of the web, for the site dialog and the admin login page: the call,
 * failures counted from the server's answer, the slide puzzle from 5 failures (a new one after each
 * failed try; releasing the slider is the submit then), the session stored on success, the welcome and
 * where to go next: the site dialog closes and returns to the path that asked for a login, the admin
 * page goes to the dashboard.
 */
export function useLogin(place: LoginPlace, form: FormInstance<LoginValues>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rules = PLACES[place];
  const guard = rules.failures.use();
  const o = {
    form,
    login: rules.call,
    guard,
    setGuard: rules.failures.set,
    puzzleKey: rules.puzzleKey,
    onSuccess: (user: UserInfo) => {
      if (place === 'admin') {
        feedback.success(t('admin.login.welcome'));
        // The router's promise settles once the next page is shown; nothing here waits for that.
        void navigate('/admin/dashboard', { replace: true });
        return;
      }
      const { returnTo } = authDialog.get();
      closeAuthDialog();
      feedback.success(t('login.welcome', { name: user.username }), 4);
      if (returnTo) void navigate(returnTo);
    },
  };
  const [loading, setLoading] = useState(false);
  const needPuzzle = o.guard.needPuzzle || o.guard.failures >= LOGIN_GUARD.puzzleAfterFailures;
  const puzzle = useQuery({ queryKey: [o.puzzleKey], queryFn: accountApi.loginPuzzle, enabled: needPuzzle, staleTime: Infinity, gcTime: 0 });

  const submit = async (values: LoginValues, puzzleX?: number) => {
    setLoading(true);
    try {
      const withPuzzle = needPuzzle && puzzle.data && puzzleX !== undefined ? { puzzleToken: puzzle.data.puzzleToken, puzzleX } : {};
      const { token, user } = await o.login({ username: values.username.trim(), password: values.password, ...withPuzzle });
      session.login(token, user);
      o.setGuard({ failures: 0, needPuzzle: false });
      o.onSuccess(user);
    } catch (err) {
      // A business failure carries the server's count; a network failure is not the user's fault.
      if (err instanceof ApiError && err.httpStatus !== 0) {
        const data = err.data as Partial<LoginFailure> | null;
        const failures = typeof data?.failures === 'number' ? data.failures : o.guard.failures + 1;
        o.setGuard({ failures, needPuzzle: data?.needPuzzle ?? failures >= LOGIN_GUARD.puzzleAfterFailures });
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
      await submit(await o.form.validateFields(), x);
    } catch {
      void puzzle.refetch();
    }
  };

  return { loading, needPuzzle, puzzle, onFinish, onPuzzleRelease };
}

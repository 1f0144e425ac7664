import { useState } from 'react';
import type { FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOGIN_GUARD, type LoginFailure, type UserInfo } from '@oj/shared';
import { accountApi } from '../../api/account';
import { ApiError } from '../../api/client';
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

/**
 * The login of spec 1 §4 shared by the site dialog and the admin login page: failures counted from
 * the server's answer, the slide puzzle from 5 failures (releasing the slider is the submit then),
 * the session stored on success.
 */
export function useLoginWithPuzzle(o: {
  form: FormInstance<LoginValues>;
  login: (body: LoginBody) => Promise<{ token: string; user: UserInfo }>;
  guard: FailureGuard;
  setGuard: (g: FailureGuard) => void;
  onSuccess: (user: UserInfo) => void;
  puzzleKey: string;
}) {
  const { t } = useTranslation();
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

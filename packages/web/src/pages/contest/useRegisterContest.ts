import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MSG } from '@oj/shared';
import { registerContest } from '../../api/contest';
import { ApiError } from '../../api/client';
import { feedback } from '../../app/feedback';
import { translateMsg } from '../../app/i18n';

export interface ContestRegistration {
  /** Registers with the password; true once the viewer is registered (also when they already were). */
  submit(password: string): Promise<boolean>;
  busy: boolean;
  /** the server's refusal that retyping the password cannot fix (account limit), to show in place */
  refusal: string | null;
}

/**
 * Password registration for a private or protected contest, for the overview's form
 * and the problem page's password dialog. The caller reloads what registering changes.
 */
export function useRegisterContest(cid: number): ContestRegistration {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (password: string) => {
    if (!password) {
      feedback.warning(t('msg.enterContestPassword'));
      return false;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const msg = await registerContest(cid, password, { silent: true });
      feedback.success(translateMsg(msg) || t('msg.contestRegistered'));
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.rawMsg === MSG.contestAlreadyRegistered) return true;
      const text = err instanceof Error ? err.message : t('msg.serverError');
      feedback.error(text);
      // The account-limit refusal is not a typo the user can fix: say so where they look.
      if (err instanceof ApiError && err.rawMsg === MSG.contestAccountLimited) setRefusal(text);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { submit, busy, refusal };
}

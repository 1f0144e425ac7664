import { useEffect } from 'react';
import type { ChangeUserInfoBody, ThemeMode, UserInfo } from '@oj/shared';
import { api } from '../api/client';
import { localeStore } from './i18n';
import { session, useSession } from './session';
import { setThemeMode, themeStore } from './theme';

/** Saves a preference with the account (silently: a failure leaves this browser's choice in place). */
function save(patch: Pick<ChangeUserInfoBody, 'language' | 'theme'>) {
  if (!session.get().token) return;
  void api.post<UserInfo>('change-userInfo', patch, { silent: true }).then(
    (user) => session.patchUser({ language: user.language, theme: user.theme }),
    () => undefined,
  );
}

/** The header's colour scheme choice: applied here, kept in this browser and, when logged in, with the account. */
export function chooseTheme(mode: ThemeMode) {
  void setThemeMode(mode);
  if (session.get().user?.theme !== mode) save({ theme: mode });
}

/**
 * A logged-in user's preferences follow him: his saved colour scheme is applied on login (and when
 * another device changed it), and the UI language he uses is saved with the account, so the site's
 * mails to him are written in it.
 */
export function usePreferenceSync() {
  const { user } = useSession();
  const { lang } = localeStore.use();
  const savedTheme = user?.theme;
  const savedLanguage = user?.language;
  const uid = user?.uid;
  useEffect(() => {
    if (uid && savedTheme && savedTheme !== themeStore.get().mode) void setThemeMode(savedTheme);
  }, [uid, savedTheme]);
  useEffect(() => {
    // Old stored sessions have no language field (undefined): they save theirs too.
    if (uid && savedLanguage !== lang) save({ language: lang });
  }, [uid, savedLanguage, lang]);
}

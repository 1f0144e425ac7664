import { useEffect } from 'react';
import type { ChangeUserInfoBody, UserInfo } from '@oj/shared';
import { api } from '../api/client';
import { localeStore } from '../app/i18n';
import { session, useSession } from '../app/session';
import { choiceSaved, onThemeChosen, setThemeMode, themeStore, unsavedChoice } from '../app/theme';

/** Saves a preference with the account (silently: a failure leaves this browser's choice in place). */
function save(patch: Pick<ChangeUserInfoBody, 'language' | 'theme'>) {
  if (!session.get().token) return;
  void api.post<UserInfo>('change-userInfo', patch, { silent: true }).then(
    (user) => {
      choiceSaved(user.theme);
      session.patchUser({ language: user.language, theme: user.theme });
    },
    () => undefined,
  );
}

/**
 * A logged-in user's preferences follow him (mounted only while logged in, fetched apart from the first
 * load): his saved colour scheme is applied on login (and when another device changed it), a scheme
 * chosen in the header is saved, and the UI language he uses is saved with the account, so the site's
 * mails to him are written in it.
 */
export default function PreferenceSync() {
  const { user } = useSession();
  const { lang } = localeStore.use();
  const savedTheme = user?.theme;
  const savedLanguage = user?.language;
  const uid = user?.uid;
  useEffect(() => {
    if (!uid || !savedTheme) return;
    // A scheme chosen in the header before this component arrived is newer than the saved one.
    const chosen = unsavedChoice(uid);
    if (chosen && chosen !== savedTheme) {
      save({ theme: chosen });
      return;
    }
    choiceSaved(savedTheme);
    if (savedTheme !== themeStore.get().mode) void setThemeMode(savedTheme);
  }, [uid, savedTheme]);
  useEffect(
    () =>
      onThemeChosen((theme) => {
        if (session.get().user?.theme !== theme) save({ theme });
      }),
    [],
  );
  useEffect(() => {
    // Sessions stored before the field existed have no language (undefined): they save theirs too.
    if (uid && savedLanguage !== lang) save({ language: lang });
  }, [uid, savedLanguage, lang]);
  return null;
}

import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../api/queries';
import { openAuthDialog } from '../app/dialogs/dialogStore';
import { feedback } from '../app/feedback';
import { navigateTo, onAdminPage } from '../app/navigation';
import type { RouteMeta } from '../app/routeMeta';
import { session, useSession } from '../app/session';
import { STORAGE_KEYS } from '../app/storage';
import { PageLoading } from '../app/layout/PageLoading';

/**
 * Logged-out visit of a login-only route: clear the session, go home, open Login, and after
 * logging in there go on to the page that was asked for.
 */
function LoginRequired() {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const admin = onAdminPage();
  const asked = `${pathname}${search}${hash}`;
  useEffect(() => {
    session.clear();
    feedback.error(t('msg.loginFirst'));
    if (!admin) openAuthDialog('login', asked);
  }, [admin, t, asked]);
  return <Navigate to={admin ? '/admin/login' : '/home'} replace />;
}

/** A closed area (public discussion switched off): say so and go home. */
function AreaClosed({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    feedback.error(t(messageKey));
  }, [messageKey, t]);
  return <Navigate to="/home" replace />;
}

/**
 * The navigation guard. Like a router's before-each hook it decides when a location is entered, so a
 * session that ends while the user stays on a page (a 401, logging out) does not bounce them again.
 */
export function RouteGate({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const location = useLocation();
  const { token } = useSession();
  const { data: config, isPending } = useWebsiteConfig();
  const [entry, setEntry] = useState({ key: location.key, loggedIn: !!token });
  let loggedIn = entry.loggedIn;
  if (entry.key !== location.key) {
    loggedIn = !!token;
    setEntry({ key: location.key, loggedIn });
  }

  if (meta.requiresAuth && !loggedIn) return <LoginRequired />;
  if (meta.access === 'publicDiscussion') {
    if (isPending) return <PageLoading />;
    if (!config?.openPublicDiscussion) return <AreaClosed messageKey="msg.noPublicDiscussion" />;
  }
  if (meta.access === 'groupDiscussion') {
    if (isPending) return <PageLoading />;
    if (!config?.openGroupDiscussion) return <AreaClosed messageKey="msg.noGroupDiscussion" />;
  }
  if (meta.access === 'contestComment') {
    if (isPending) return <PageLoading />;
    if (!config?.openContestComment) return <AreaClosed messageKey="msg.noContestComment" />;
  }
  return <>{children}</>;
}

/**
 * Token changes in another tab: adopt a new token and user; when it was cleared, drop the
 * local user too and go home (the admin login on admin pages).
 */
export function StorageSync() {
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== STORAGE_KEYS.token && e.key !== STORAGE_KEYS.userInfo && e.key !== null) return;
      const hadToken = !!session.get().token;
      session.reload();
      if (hadToken && !session.get().token) {
        session.clear();
        navigateTo(onAdminPage() ? '/admin/login' : '/home');
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return null;
}

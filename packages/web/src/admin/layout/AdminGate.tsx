import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback';
import { session, useSession } from '../../app/session';
import { mayIn } from '../../app/may';
import type { AdminAccess } from '../access';

/** No stored token: clear what is left of the session and go to the admin login. */
function LoginFirst() {
  const { t } = useTranslation();
  useEffect(() => {
    session.clear();
    feedback.error(t('msg.loginFirst'));
  }, [t]);
  return <Navigate to="/admin/login" replace />;
}

/** Logged in without the role: the admin-path message and the admin login; the site session stays. */
function AdminAccountRequired() {
  const { t } = useTranslation();
  useEffect(() => {
    feedback.error(t('msg.loginAsAdmin'));
  }, [t]);
  return <Navigate to="/admin/login" replace />;
}

/**
 * The admin navigation guard. Like the site's RouteGate it decides when a location is entered, so
 * logging out on a page does not bounce through the guard's messages again.
 */
export function AdminGate({ access, children }: { access: AdminAccess; children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const { token } = session;
  const decide = () => ({ key: location.key, loggedIn: !!token, allowed: mayIn(session, access) });
  const [entry, setEntry] = useState(decide);
  let current = entry;
  if (entry.key !== location.key) {
    current = decide();
    setEntry(current);
  }
  // Roles can change while staying on a page (refreshed from get-user-auth-info after a 403).
  const allowed = current.allowed && mayIn(session, access);
  if (!current.loggedIn) return <LoginFirst />;
  if (!allowed && token) return <AdminAccountRequired />;
  return <>{children}</>;
}

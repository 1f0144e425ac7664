import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAuthInfoSync } from '../api/queries';
import { AuthDialog } from './dialogs/AuthDialog';
import { StorageSync } from './guards';
import { RouteProgress, ScrollToTop } from './layout/RouteProgress';
import { UnreadWatcher } from './layout/UnreadWatcher';
import { useSession } from '../app/session';

// Only a logged-in user has preferences to keep in step with his account: a visitor's first load goes without.
const PreferenceSync = lazy(() => import('./PreferenceSync'));

/** Everything that lives for the whole page, under both the public shell and the admin area. */
export function Root() {
  useAuthInfoSync();
  const { token } = useSession();
  return (
    <>
      {token && (
        <Suspense fallback={null}>
          <PreferenceSync />
        </Suspense>
      )}
      <RouteProgress />
      <ScrollToTop />
      <StorageSync />
      <UnreadWatcher />
      <AuthDialog />
      <Outlet />
    </>
  );
}

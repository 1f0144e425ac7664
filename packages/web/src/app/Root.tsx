import { Outlet } from 'react-router';
import { useAuthInfoSync } from '../api/queries';
import { AuthDialog } from './dialogs/AuthDialog';
import { StorageSync } from './guards';
import { usePreferenceSync } from './preferences';
import { RouteProgress, ScrollToTop } from './layout/RouteProgress';
import { UnreadWatcher } from './layout/UnreadWatcher';

/** Everything that lives for the whole page, under both the public shell and the admin area. */
export function Root() {
  useAuthInfoSync();
  usePreferenceSync();
  return (
    <>
      <RouteProgress />
      <ScrollToTop />
      <StorageSync />
      <UnreadWatcher />
      <AuthDialog />
      <Outlet />
    </>
  );
}

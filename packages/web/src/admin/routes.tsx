import type { RouteObject } from 'react-router';
import { lazyPage } from '../app/lazyPage';
import { PageBoundary } from '../app/layout/PageBoundary';

/**
 * The admin area in the app's route table: one entry, its own table (AdminArea.tsx) loaded with the
 * first admin page, so no admin route weighs on the first load of the site's pages.
 */
const AdminArea = lazyPage(() => import('./AdminArea'));

export const adminRoute: RouteObject = {
  path: 'admin/*',
  element: (
    <PageBoundary>
      <AdminArea />
    </PageBoundary>
  ),
};

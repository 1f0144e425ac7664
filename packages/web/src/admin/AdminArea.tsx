import { Navigate, type RouteObject } from 'react-router';
import { RouteTable } from '../app/RouteTable';
import { lazyPage } from '../app/lazyPage';
import { PageBoundary } from '../app/layout/PageBoundary';
import type { AdminMeta } from './meta';

const AdminLayout = lazyPage(() => import('./layout/AdminLayout'));
const AdminLoginPage = lazyPage(() => import('./pages/AdminLoginPage'));
const DashboardPage = lazyPage(() => import('./pages/DashboardPage'));
const ProblemListPage = lazyPage(() => import('./pages/ProblemListPage'));
const ProblemEditPage = lazyPage(() => import('./pages/ProblemEditPage'));
const TagAdminPage = lazyPage(() => import('./pages/TagAdminPage'));
const GroupProblemApplyPage = lazyPage(() => import('./pages/GroupProblemApplyPage'));
const BatchOperationPage = lazyPage(() => import('./pages/BatchOperationPage'));
const SwitchPage = lazyPage(() => import('./pages/SwitchPage'));
const ContestListPage = lazyPage(() => import('./pages/contest/ContestListPage'));
const ContestEditPage = lazyPage(() => import('./pages/contest/ContestEditPage'));
const ContestProblemsPage = lazyPage(() => import('./pages/contest/ContestProblemsPage'));
const ContestAnnouncementsPage = lazyPage(() => import('./pages/contest/ContestAnnouncementsPage'));
const TrainingListPage = lazyPage(() => import('./pages/training/TrainingListPage'));
const TrainingEditPage = lazyPage(() => import('./pages/training/TrainingEditPage'));
const TrainingProblemsPage = lazyPage(() => import('./pages/training/TrainingProblemsPage'));
const TrainingCategoryPage = lazyPage(() => import('./pages/training/TrainingCategoryPage'));
const DiscussionAdminPage = lazyPage(() => import('./pages/discussion/DiscussionAdminPage'));
const NoticeAdminPage = lazyPage(() => import('./pages/notice/NoticeAdminPage'));
const AnnouncementAdminPage = lazyPage(() => import('./pages/site/AnnouncementAdminPage'));
const ConfPage = lazyPage(() => import('./pages/site/ConfPage'));
const SessionAdminPage = lazyPage(() => import('./pages/site/SessionAdminPage'));
const UserAdminPage = lazyPage(() => import('./pages/user/UserAdminPage'));
const ApiReferencePage = lazyPage(() => import('./pages/api/ApiReferencePage'));

const problem = (meta: AdminMeta): AdminMeta => ({ access: 'manageProblems', ...meta });

/**
 * The admin area: its own login page, then the admin layout (side menu,
 * header, no public top bar or footer). Any other /admin/* goes to the admin login.
 */
const adminRoutes: RouteObject[] = [
  {
    path: 'login',
    element: (
      <PageBoundary>
        <AdminLoginPage />
      </PageBoundary>
    ),
  },
  {
    element: (
      <PageBoundary>
        <AdminLayout />
      </PageBoundary>
    ),
    children: [
      { index: true, element: <Navigate to="/admin/dashboard" replace /> },
      { path: 'dashboard', element: <DashboardPage />, handle: { titleKey: 'admin.menu.dashboard' } satisfies AdminMeta },
      { path: 'problems', element: <ProblemListPage />, handle: problem({ titleKey: 'admin.menu.problemList' }) },
      { path: 'problem', element: <Navigate to="/admin/problems" replace /> },
      { path: 'problem/create', element: <ProblemEditPage />, handle: problem({ titleKey: 'admin.menu.problemCreate' }) },
      { path: 'problem/edit/:pid', element: <ProblemEditPage />, handle: problem({ titleKey: 'admin.problem.edit', menuKey: '/admin/problems' }) },
      { path: 'problem/tag', element: <TagAdminPage />, handle: problem({ titleKey: 'admin.menu.tags' }) },
      {
        path: 'group-problem/apply',
        element: <GroupProblemApplyPage />,
        handle: { titleKey: 'groupProblem.review.title', access: 'reviewGroupProblems' } satisfies AdminMeta,
      },
      {
        path: 'problem/batch-operation',
        element: <BatchOperationPage />,
        handle: { titleKey: 'admin.menu.batch', access: 'moveProblems' } satisfies AdminMeta,
      },
      { path: 'switch', element: <SwitchPage />, handle: { titleKey: 'admin.menu.switch', access: 'manageSystem' } satisfies AdminMeta },
      // The super admin's screens, by the permission their calls ask for (role_permission).
      {
        path: 'announcement',
        element: <AnnouncementAdminPage />,
        handle: { titleKey: 'admin.menu.announcement', access: 'manageAnnouncements' } satisfies AdminMeta,
      },
      { path: 'conf', element: <ConfPage />, handle: { titleKey: 'admin.menu.conf', access: 'manageSystem' } satisfies AdminMeta },
      { path: 'api', element: <ApiReferencePage />, handle: { titleKey: 'admin.menu.apiRef' } satisfies AdminMeta },
      { path: 'session', element: <SessionAdminPage />, handle: { titleKey: 'admin.menu.session', access: 'manageUsers' } satisfies AdminMeta },
      { path: 'user', element: <UserAdminPage />, handle: { titleKey: 'admin.menu.user', access: 'manageUsers' } satisfies AdminMeta },
      // Discussions and reports: the moderators (policy moderateDiscussions); notices: the super admin (sendNotices).
      {
        path: 'discussion',
        element: <DiscussionAdminPage />,
        handle: { titleKey: 'admin.menu.discussion', access: 'moderateDiscussions' } satisfies AdminMeta,
      },
      { path: 'notice', element: <NoticeAdminPage />, handle: { titleKey: 'admin.menu.notice', access: 'sendNotices' } satisfies AdminMeta },
      { path: 'training', element: <TrainingListPage />, handle: { titleKey: 'admin.menu.trainingList' } satisfies AdminMeta },
      { path: 'training/create', element: <TrainingEditPage />, handle: { titleKey: 'admin.menu.trainingCreate' } satisfies AdminMeta },
      {
        path: 'training/:trainingId/edit',
        element: <TrainingEditPage />,
        handle: { titleKey: 'admin.training.edit', menuKey: '/admin/training' } satisfies AdminMeta,
      },
      {
        path: 'training/:trainingId/problems',
        element: <TrainingProblemsPage />,
        handle: { titleKey: 'admin.training.problems', menuKey: '/admin/training' } satisfies AdminMeta,
      },
      // Categories: super admin and problem admin (policy `trainingCategory`).
      { path: 'training/category', element: <TrainingCategoryPage />, handle: problem({ titleKey: 'admin.menu.trainingCategory' }) },
      { path: 'contest', element: <ContestListPage />, handle: { titleKey: 'admin.menu.contestList' } satisfies AdminMeta },
      { path: 'contest/create', element: <ContestEditPage />, handle: { titleKey: 'admin.menu.contestCreate' } satisfies AdminMeta },
      {
        path: 'contest/:contestId/edit',
        element: <ContestEditPage />,
        handle: { titleKey: 'admin.contest.edit', menuKey: '/admin/contest' } satisfies AdminMeta,
      },
      {
        path: 'contest/:contestId/problems',
        element: <ContestProblemsPage />,
        handle: { titleKey: 'admin.contest.problems', menuKey: '/admin/contest' } satisfies AdminMeta,
      },
      {
        path: 'contest/:contestId/announcement',
        element: <ContestAnnouncementsPage />,
        handle: { titleKey: 'admin.contest.announcements', menuKey: '/admin/contest' } satisfies AdminMeta,
      },
      {
        path: 'contest/:contestId/problem/create',
        element: <ProblemEditPage />,
        handle: problem({ titleKey: 'admin.contest.createProblem', menuKey: '/admin/contest' }),
      },
      {
        path: 'contest/:contestId/problem/:pid/edit',
        element: <ProblemEditPage />,
        handle: problem({ titleKey: 'admin.contest.editProblem', menuKey: '/admin/contest' }),
      },
    ],
  },
  { path: '*', element: <Navigate to="/admin/login" replace /> },
];

/** The admin area's own route table, under the app's `admin/*` (admin/routes.tsx): loaded with the first admin page. */
export default function AdminArea() {
  return <RouteTable routes={adminRoutes} basename="/admin" />;
}

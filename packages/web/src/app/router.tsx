import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { lazyPage } from './lazyPage';
import type { RouteMeta } from './routeMeta';
import { Root } from './Root';
import { Shell } from './layout/Shell';

const HomePage = lazyPage(() => import('../pages/home/HomePage'));
const IntroductionPage = lazyPage(() => import('../pages/introduction/IntroductionPage'));
const OiWikiPage = lazyPage(() => import('../pages/oiwiki/OiWikiPage'));
const ResetPasswordPage = lazyPage(() => import('../pages/reset-password/ResetPasswordPage'));
const SettingPage = lazyPage(() => import('../pages/setting/SettingPage'));
const UserHomePage = lazyPage(() => import('../pages/user-home/UserHomePage'));
const LogoutPage = lazyPage(() => import('../pages/logout/LogoutPage'));
const NotFoundPage = lazyPage(() => import('../pages/not-found/NotFoundPage'));
const UnavailablePage = lazyPage(() => import('../pages/unavailable/UnavailablePage'));
const AdminUnavailablePage = lazyPage(() => import('../pages/unavailable/AdminUnavailablePage'));

type Area = 'problem' | 'training' | 'contest' | 'status' | 'acmRank' | 'oiRank' | 'discussion' | 'group' | 'message';

/** A route of an area that a later issue delivers: the shell plus an honest "not available yet". */
function later(path: string, area: Area, meta: RouteMeta = {}): RouteObject {
  return { path, element: <UnavailablePage area={area} />, handle: { titleKey: `area.${area}`, ...meta } satisfies RouteMeta };
}

const auth = { requiresAuth: true } satisfies RouteMeta;
const focus = { requiresAuth: true, hideFooter: true } satisfies RouteMeta;

/** Route table of spec 1 §2 (later areas from specs 2 and 3 are placeholders). */
const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/home" replace /> },
  { path: 'home', element: <HomePage />, handle: { titleKey: 'nav.home' } satisfies RouteMeta },
  { path: 'introduction', element: <IntroductionPage />, handle: { titleKey: 'nav.introduction' } satisfies RouteMeta },
  { path: 'oiwiki', element: <OiWikiPage />, handle: { titleKey: 'nav.oiwiki', fullHeight: true } satisfies RouteMeta },
  { path: 'reset-password', element: <ResetPasswordPage />, handle: { titleKey: 'resetPage.title' } satisfies RouteMeta },
  { path: 'user-home', element: <UserHomePage />, handle: { titleKey: 'userMenu.home' } satisfies RouteMeta },
  { path: 'setting', element: <SettingPage />, handle: { titleKey: 'userMenu.setting', ...auth } satisfies RouteMeta },
  { path: 'logout', element: <LogoutPage />, handle: { titleKey: 'userMenu.logout', ...auth } satisfies RouteMeta },

  later('problem', 'problem'),
  later('problem/:problemID', 'problem', focus),
  later('status', 'status'),
  later('submission-detail/:submitID', 'status', { activeMenu: '/status' }),
  later('acm-rank', 'acmRank'),
  later('oi-rank', 'oiRank'),
  later('training', 'training'),
  later('training/:trainingID/problem/:problemID/full-screen', 'training', focus),
  later('training/:trainingID/*', 'training', auth),
  later('contest', 'contest'),
  later('contest/acm-scoreboard/:contestID', 'contest'),
  later('contest/oi-scoreboard/:contestID', 'contest'),
  later('contest/:contestID/problem/:problemID/full-screen', 'contest', focus),
  later('contest/:contestID/*', 'contest', auth),
  later('discussion', 'discussion', { access: 'publicDiscussion' }),
  later('discussion/:problemID', 'discussion', { access: 'publicDiscussion' }),
  later('discussion-detail/:discussionID', 'discussion', { access: 'publicDiscussion', activeMenu: '/discussion' }),
  later('group', 'group'),
  later('group/:groupID/problem/:problemID/full-screen', 'group', focus),
  later('group/:groupID/training/:trainingID/problem/:problemID/full-screen', 'group', focus),
  later('group/:groupID/*', 'group', auth),
  {
    path: 'message',
    handle: auth,
    children: [
      { index: true, element: <Navigate to="/message/discuss" replace /> },
      ...['discuss', 'reply', 'like', 'sys', 'mine'].map((p) => later(p, 'message')),
    ],
  },
  { path: '*', element: <NotFoundPage />, handle: { titleKey: 'notFound.title' } satisfies RouteMeta },
];

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      // The admin area renders without the public top bar and footer (spec 1 §2).
      { path: 'admin/*', element: <AdminUnavailablePage /> },
      { element: <Shell />, children: shellRoutes },
    ],
  },
]);

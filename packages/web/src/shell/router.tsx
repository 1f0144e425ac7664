import { Navigate, type RouteObject } from 'react-router';
import { CONTEST_TYPES } from '@oj/shared';
import { lazyPage } from '../app/lazyPage';
import type { RouteMeta } from '../app/routeMeta';
import { adminRoute } from '../admin/routes';
import { Root } from './Root';
import { Shell, SHELL_ROUTE_ID } from './layout/Shell';

// The home page needs only the texts of the first paint (app/i18n.ts).
const HomePage = lazyPage(() => import('../pages/home/HomePage'), { areaTexts: false });
const IntroductionPage = lazyPage(() => import('../pages/introduction/IntroductionPage'));
const OiWikiPage = lazyPage(() => import('../pages/oiwiki/OiWikiPage'));
const ResetPasswordPage = lazyPage(() => import('../pages/reset-password/ResetPasswordPage'));
const SettingPage = lazyPage(() => import('../pages/setting/SettingPage'));
const UserHomePage = lazyPage(() => import('../pages/user-home/UserHomePage'));
const LogoutPage = lazyPage(() => import('../pages/logout/LogoutPage'));
const NotFoundPage = lazyPage(() => import('../pages/not-found/NotFoundPage'));
const StatusPage = lazyPage(() => import('../pages/status/StatusPage'));
const PlagiarismPage = lazyPage(() => import('../pages/plagiarism/PlagiarismPage'));
const PlagiarismPairPage = lazyPage(() => import('../pages/plagiarism/PlagiarismPairPage'));
const SubmissionDetailPage = lazyPage(() => import('../pages/submission/SubmissionDetailPage'));
const AcmRankPage = lazyPage(() => import('../pages/rank/AcmRankPage'));
const OiRankPage = lazyPage(() => import('../pages/rank/OiRankPage'));
const ProblemListPage = lazyPage(() => import('../pages/problem/ProblemListPage'));
// Its first load is measured (e2e/tests/first-load.test.ts) and it shows no admin text.
const ProblemDetailPage = lazyPage(() => import('../pages/problem/ProblemDetailPage'), { adminTexts: false, catalogue: false });
const ContestListPage = lazyPage(() => import('../pages/contest/ContestListPage'));
const ContestShell = lazyPage(() => import('../pages/contest/ContestShell'));
const ContestOverviewPage = lazyPage(() => import('../pages/contest/ContestOverviewPage'));
const ContestProblemListPage = lazyPage(() => import('../pages/contest/ContestProblemListPage'));
const ContestProblemPage = lazyPage(() => import('../pages/contest/ContestProblemPage'));
const ContestFullProblemPage = lazyPage(() => import('../pages/contest/ContestFullProblemPage'));
const ContestSubmissionsPage = lazyPage(() => import('../pages/contest/ContestSubmissionsPage'));
const ContestSubmissionDetailPage = lazyPage(() => import('../pages/contest/ContestSubmissionDetailPage'));
const ContestAnnouncementsPage = lazyPage(() => import('../pages/contest/ContestAnnouncementsPage'));
const ContestPrintPage = lazyPage(() => import('../pages/contest/ContestPrintPage'));
const ContestClarificationsPage = lazyPage(() => import('../pages/contest/ContestClarificationsPage'));
const ContestRankPage = lazyPage(() => import('../pages/contest/rank/ContestRankPage'));
const OutsideScoreboardPage = lazyPage(() => import('../pages/contest/rank/OutsideScoreboardPage'));
const ContestScrollBoardTab = lazyPage(() => import('../pages/contest/rank/ContestScrollBoardTab'));
const ScrollBoardPage = lazyPage(() => import('../pages/contest/rank/ScrollBoardPage'));
const TrainingListPage = lazyPage(() => import('../pages/training/TrainingListPage'));
const TrainingShell = lazyPage(() => import('../pages/training/TrainingShell'));
const TrainingIntroductionPage = lazyPage(() => import('../pages/training/TrainingIntroductionPage'));
const TrainingProblemListPage = lazyPage(() => import('../pages/training/TrainingProblemListPage'));
const TrainingProblemPage = lazyPage(() => import('../pages/training/TrainingProblemPage'));
const TrainingFullProblemPage = lazyPage(() => import('../pages/training/TrainingFullProblemPage'));
const TrainingRankPage = lazyPage(() => import('../pages/training/TrainingRankPage'));
const ContestCommentPage = lazyPage(() => import('../pages/contest/ContestCommentPage'));
const DiscussionListPage = lazyPage(() => import('../pages/discussion/DiscussionListPage'));
const DiscussionDetailPage = lazyPage(() => import('../pages/discussion/DiscussionDetailPage'));
const AcInfoPage = lazyPage(() => import('../pages/contest/tools/AcInfoPage'));
const AdminPrintPage = lazyPage(() => import('../pages/contest/tools/AdminPrintPage'));
const RejudgePage = lazyPage(() => import('../pages/contest/tools/RejudgePage'));
const ContestHacksPage = lazyPage(() => import('../pages/contest/hack/ContestHacksPage'));
const GroupShell = lazyPage(() => import('../pages/group/GroupShell'));
const GroupHomePage = lazyPage(() => import('../pages/group/GroupHomePage'));
const GroupContestListPage = lazyPage(() => import('../pages/group/contest/GroupContestListPage'));
const GroupContestAdmin = lazyPage(() => import('../pages/group/contest/GroupContestAdmin'));
const GroupTrainingPage = lazyPage(() => import('../pages/group/training/GroupTrainingPage'));
const GroupTrainingShell = lazyPage(() => import('../pages/group/training/GroupTrainingShell'));
const GroupTrainingFullProblemPage = lazyPage(() => import('../pages/group/training/GroupTrainingFullProblemPage'));
const GroupAnnouncementPage = lazyPage(() => import('../pages/group/announcement/GroupAnnouncementPage'));
const GroupRankPage = lazyPage(() => import('../pages/group/rank/GroupRankPage'));
const GroupDiscussionListPage = lazyPage(() => import('../pages/group/discussion/GroupDiscussionListPage'));
const GroupDiscussionDetailPage = lazyPage(() => import('../pages/group/discussion/GroupDiscussionDetailPage'));
const GroupListPage = lazyPage(() => import('../pages/group/GroupListPage'));
const GroupMemberPage = lazyPage(() => import('../pages/group/member/GroupMemberPage'));
const GroupSettingPage = lazyPage(() => import('../pages/group/setting/GroupSettingPage'));
const GroupProblemPage = lazyPage(() => import('../pages/group/problem/GroupProblemPage'));
const GroupProblemDetailPage = lazyPage(() => import('../pages/group/problem/GroupProblemDetailPage'));
const GroupFullProblemPage = lazyPage(() => import('../pages/group/problem/GroupFullProblemPage'));
const GroupProblemEditPage = lazyPage(() => import('../pages/group/problem/GroupProblemEditPage'));
const GroupStatusPage = lazyPage(() => import('../pages/group/status/GroupStatusPage'));
const GroupSubmissionDetailPage = lazyPage(() => import('../pages/group/status/GroupSubmissionDetailPage'));
const MessagePage = lazyPage(() => import('../pages/message/MessagePage'));
const MessageTab = lazyPage(() => import('../pages/message/MessageTab'));
const MESSAGE_TABS = ['discuss', 'reply', 'like', 'sys', 'mine'] as const;

const auth = { requiresAuth: true } satisfies RouteMeta;
const focus = { requiresAuth: true, hideFooter: true } satisfies RouteMeta;

/** Route table of the public site, with the contest, training, community and group areas. */
const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/home" replace /> },
  { path: 'home', element: <HomePage />, handle: { titleKey: 'nav.home' } satisfies RouteMeta },
  { path: 'introduction', element: <IntroductionPage />, handle: { titleKey: 'nav.introduction' } satisfies RouteMeta },
  { path: 'oiwiki', element: <OiWikiPage />, handle: { titleKey: 'nav.oiwiki', fullHeight: true } satisfies RouteMeta },
  { path: 'reset-password', element: <ResetPasswordPage />, handle: { titleKey: 'resetPage.title' } satisfies RouteMeta },
  { path: 'user-home', element: <UserHomePage />, handle: { titleKey: 'userMenu.home' } satisfies RouteMeta },
  { path: 'setting', element: <SettingPage />, handle: { titleKey: 'userMenu.setting', ...auth } satisfies RouteMeta },
  { path: 'logout', element: <LogoutPage />, handle: { titleKey: 'userMenu.logout', ...auth } satisfies RouteMeta },

  { path: 'problem', element: <ProblemListPage />, handle: { titleKey: 'nav.problem' } satisfies RouteMeta },
  { path: 'problem/:problemID', element: <ProblemDetailPage />, handle: { titleKey: 'nav.problem', ...focus } satisfies RouteMeta },
  { path: 'status', element: <StatusPage />, handle: { titleKey: 'nav.status' } satisfies RouteMeta },
  // Contest and problem staff (the server asks the policy on the contest or problem of each call).
  { path: 'plagiarism', element: <PlagiarismPage />, handle: { titleKey: 'plagiarism.title', ...auth } satisfies RouteMeta },
  { path: 'plagiarism/pair/:pairId', element: <PlagiarismPairPage />, handle: { titleKey: 'plagiarism.title', ...auth } satisfies RouteMeta },
  { path: 'submission-detail/:submitID', element: <SubmissionDetailPage />, handle: { titleKey: 'nav.status', activeMenu: '/status' } satisfies RouteMeta },
  { path: 'acm-rank', element: <AcmRankPage />, handle: { titleKey: 'nav.acmRank' } satisfies RouteMeta },
  { path: 'oi-rank', element: <OiRankPage />, handle: { titleKey: 'nav.oiRank' } satisfies RouteMeta },
  { path: 'training', element: <TrainingListPage />, handle: { titleKey: 'nav.training' } satisfies RouteMeta },
  {
    path: 'training/:trainingID/problem/:problemID/full-screen',
    element: <TrainingFullProblemPage />,
    handle: { titleKey: 'nav.training', activeMenu: '/training', fullScreenSource: 'training', ...focus } satisfies RouteMeta,
  },
  {
    // The training shell (TrainingDetails): header and tabs around every child route.
    path: 'training/:trainingID',
    element: <TrainingShell />,
    handle: { titleKey: 'nav.training', activeMenu: '/training', ...auth } satisfies RouteMeta,
    children: [
      { index: true, element: <TrainingIntroductionPage /> },
      { path: 'problems', element: <TrainingProblemListPage /> },
      { path: 'problem/:problemID', element: <TrainingProblemPage />, handle: { hideFooter: true } satisfies RouteMeta },
      { path: 'rank', element: <TrainingRankPage /> },
    ],
  },
  { path: 'contest', element: <ContestListPage />, handle: { titleKey: 'nav.contest' } satisfies RouteMeta },
  // One outside board per contest format, named by its rule's key (meta.tsx outsideBoardPath).
  ...CONTEST_TYPES.map((rule) => ({
    path: `contest/${rule.key}-scoreboard/:contestID`,
    element: <OutsideScoreboardPage />,
    handle: { titleKey: 'nav.contest', activeMenu: '/contest' } satisfies RouteMeta,
  })),
  {
    path: 'contest/:contestID/problem/:problemID/full-screen',
    element: <ContestFullProblemPage />,
    handle: { titleKey: 'nav.contest', activeMenu: '/contest', fullScreenSource: 'contest', ...focus } satisfies RouteMeta,
  },
  {
    // The contest shell: header, countdown and tabs around every child route.
    path: 'contest/:contestID',
    element: <ContestShell />,
    handle: { titleKey: 'nav.contest', activeMenu: '/contest', ...auth } satisfies RouteMeta,
    children: [
      { index: true, element: <ContestOverviewPage /> },
      { path: 'problems', element: <ContestProblemListPage /> },
      { path: 'problem/:problemID', element: <ContestProblemPage />, handle: { hideFooter: true } satisfies RouteMeta },
      { path: 'submissions', element: <ContestSubmissionsPage /> },
      { path: 'problem/:problemID/submission-detail/:submitID', element: <ContestSubmissionDetailPage /> },
      { path: 'announcements', element: <ContestAnnouncementsPage /> },
      { path: 'clarifications', element: <ContestClarificationsPage /> },
      { path: 'rank', element: <ContestRankPage /> },
      { path: 'ac-info', element: <AcInfoPage /> },
      { path: 'rejudge', element: <RejudgePage /> },
      { path: 'print', element: <ContestPrintPage /> },
      { path: 'admin-print', element: <AdminPrintPage /> },
      { path: 'scroll-board', element: <ContestScrollBoardTab /> },
      { path: 'hacks', element: <ContestHacksPage /> },
      { path: 'comment', element: <ContestCommentPage />, handle: { access: 'contestComment' } satisfies RouteMeta },
    ],
  },
  { path: 'discussion', element: <DiscussionListPage />, handle: { titleKey: 'nav.discussion', access: 'publicDiscussion' } satisfies RouteMeta },
  {
    path: 'discussion/:problemID',
    element: <DiscussionListPage />,
    handle: { titleKey: 'nav.discussion', access: 'publicDiscussion', activeMenu: '/discussion' } satisfies RouteMeta,
  },
  {
    path: 'discussion-detail/:discussionID',
    element: <DiscussionDetailPage />,
    handle: { titleKey: 'nav.discussion', access: 'publicDiscussion', activeMenu: '/discussion' } satisfies RouteMeta,
  },
  // Visitors browse the list; a group and the create dialog ask for a login.
  { path: 'group', element: <GroupListPage />, handle: { titleKey: 'nav.group' } satisfies RouteMeta },
  {
    path: 'group/:groupID/training/:trainingID/problem/:problemID/full-screen',
    element: <GroupTrainingFullProblemPage />,
    handle: { titleKey: 'nav.group', activeMenu: '/group', fullScreenSource: 'training', ...focus } satisfies RouteMeta,
  },
  {
    path: 'group/:groupID/problem/:problemID/full-screen',
    element: <GroupFullProblemPage />,
    handle: { titleKey: 'nav.group', activeMenu: '/group', fullScreenSource: 'group', ...focus } satisfies RouteMeta,
  },
  {
    // The group shell (GroupDetails): header and tabs around every child route.
    path: 'group/:groupID',
    element: <GroupShell />,
    handle: { titleKey: 'nav.group', activeMenu: '/group', ...auth } satisfies RouteMeta,
    children: [
      { index: true, element: <GroupHomePage /> },
      { path: 'contest', element: <GroupContestListPage /> },
      { path: 'contest/admin', element: <GroupContestAdmin page="list" /> },
      { path: 'contest/create', element: <GroupContestAdmin page="edit" /> },
      { path: 'contest/:contestId/edit', element: <GroupContestAdmin page="edit" /> },
      { path: 'contest/:contestId/problems', element: <GroupContestAdmin page="problems" /> },
      { path: 'contest/:contestId/announcement', element: <GroupContestAdmin page="announcement" /> },
      { path: 'training', element: <GroupTrainingPage /> },
      {
        path: 'training/:trainingID',
        element: <GroupTrainingShell />,
        children: [
          { index: true, element: <TrainingIntroductionPage /> },
          { path: 'problems', element: <TrainingProblemListPage /> },
          { path: 'problem/:problemID', element: <TrainingProblemPage />, handle: { hideFooter: true } satisfies RouteMeta },
          { path: 'rank', element: <TrainingRankPage /> },
        ],
      },
      { path: 'announcement', element: <GroupAnnouncementPage /> },
      { path: 'rank', element: <GroupRankPage /> },
      { path: 'discussion', element: <GroupDiscussionListPage />, handle: { access: 'groupDiscussion' } satisfies RouteMeta },
      { path: 'discussion/:problemID', element: <GroupDiscussionListPage />, handle: { access: 'groupDiscussion' } satisfies RouteMeta },
      { path: 'discussion-detail/:discussionID', element: <GroupDiscussionDetailPage />, handle: { access: 'groupDiscussion' } satisfies RouteMeta },
      { path: 'member', element: <GroupMemberPage /> },
      { path: 'setting', element: <GroupSettingPage /> },
      { path: 'problem', element: <GroupProblemPage /> },
      { path: 'problem/admin/create', element: <GroupProblemEditPage /> },
      { path: 'problem/admin/edit/:pid', element: <GroupProblemEditPage /> },
      { path: 'problem/:problemID', element: <GroupProblemDetailPage /> },
      { path: 'status', element: <GroupStatusPage /> },
      { path: 'submission-detail/:submitID', element: <GroupSubmissionDetailPage /> },
    ],
  },
  {
    // The message centre: the tab bar around the tab's list.
    path: 'message',
    element: <MessagePage />,
    handle: { titleKey: 'message.title', ...auth } satisfies RouteMeta,
    children: [
      { index: true, element: <Navigate to="/message/discuss" replace /> },
      ...MESSAGE_TABS.map((tab) => ({ path: tab, element: <MessageTab tab={tab} />, handle: { titleKey: `message.tab.${tab}` } satisfies RouteMeta })),
    ],
  },
  { path: '*', element: <NotFoundPage />, handle: { titleKey: 'notFound.title' } satisfies RouteMeta },
];

/** The whole app's route table, rendered by `RouteTable` (main.tsx). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      // The admin area renders without the public top bar and footer.
      adminRoute,
      // The stand-alone scroll board opens in a window of its own, without the site's frame.
      { path: 'scrollBoard', element: <ScrollBoardPage /> },
      { id: SHELL_ROUTE_ID, element: <Shell />, children: shellRoutes },
    ],
  },
];

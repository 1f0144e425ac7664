import { lazy, Suspense } from 'react';
import type { MenuProps } from 'antd';
import {
  AppstoreOutlined,
  BarChartOutlined,
  BarsOutlined,
  BookOutlined,
  CommentOutlined,
  ControlOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  LogoutOutlined,
  MessageOutlined,
  OrderedListOutlined,
  ProfileOutlined,
  ReadOutlined,
  SettingOutlined,
  TeamOutlined,
  TrophyOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useMatches } from '../../app/RouteTable';
import { useTranslation } from 'react-i18next';
import type { UnreadCounts } from '@oj/shared';
import { useUnread, useWebsiteConfig } from '../../api/queries';
import { useRouteMeta } from '../../app/routeMeta';
import { mayIn } from '../../app/may';
import { useSession } from '../../app/session';

type Items = NonNullable<MenuProps['items']>;

/** The main menu; keys are the paths so the active key is just the current section. */
export function useNavItems(): Items {
  const { t } = useTranslation();
  const { data: config } = useWebsiteConfig();
  const link = (to: string, label: string) => <Link to={to}>{label}</Link>;
  const items: Items = [
    { key: '/home', icon: <HomeOutlined />, label: link('/home', t('nav.home')) },
    { key: '/problem', icon: <AppstoreOutlined />, label: link('/problem', t('nav.problem')) },
    { key: '/training', icon: <ReadOutlined />, label: link('/training', t('nav.training')) },
    { key: '/contest', icon: <TrophyOutlined />, label: link('/contest', t('nav.contest')) },
    { key: '/status', icon: <BarsOutlined />, label: link('/status', t('nav.status')) },
    {
      key: 'rank',
      icon: <BarChartOutlined />,
      label: t('nav.rank'),
      children: [
        { key: '/acm-rank', label: link('/acm-rank', t('nav.acmRank')) },
        { key: '/oi-rank', label: link('/oi-rank', t('nav.oiRank')) },
      ],
    },
  ];
  if (config?.openPublicDiscussion) items.push({ key: '/discussion', icon: <CommentOutlined />, label: link('/discussion', t('nav.discussion')) });
  items.push(
    { key: '/group', icon: <TeamOutlined />, label: link('/group', t('nav.group')) },
    { key: '/introduction', icon: <InfoCircleOutlined />, label: link('/introduction', t('nav.introduction')) },
    { key: '/oiwiki', icon: <BookOutlined />, label: link('/oiwiki', t('nav.oiwiki')) },
  );
  return items;
}

/**
 * The context menu of a focus-mode page (route meta `fullScreenSource`), or null on other
 * pages. Contest mode: /home, the contest, its problems, my submissions in it, its rank. Training mode:
 * /home, the training, its problem list.
 */
export function useContextNavItems(): { items: Items; selected: string } | null {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const matches = useMatches();
  const params = matches[matches.length - 1]?.params ?? {};
  const link = (to: string, label: string, testId: string) => (
    <Link to={to} data-testid={testId}>
      {label}
    </Link>
  );
  if (meta.fullScreenSource === 'training' && params.trainingID) {
    // A group's training (GroupTrainingFullProblemDetails) lives under its group.
    const group = params.groupID ? `/group/${encodeURIComponent(params.groupID)}` : '';
    const base = `${group}/training/${encodeURIComponent(params.trainingID)}`;
    return {
      selected: `${base}/problems`,
      items: [
        { key: '/home', icon: <HomeOutlined />, label: link('/home', t('nav.home'), 'ctx-home') },
        { key: base, icon: <ReadOutlined />, label: link(base, t('training.nav.home'), 'ctx-training') },
        { key: `${base}/problems`, icon: <UnorderedListOutlined />, label: link(`${base}/problems`, t('training.nav.problems'), 'ctx-problems') },
      ],
    };
  }
  // Group mode: /home, the group, its problems.
  if (meta.fullScreenSource === 'group' && params.groupID) {
    const base = `/group/${encodeURIComponent(params.groupID)}`;
    return {
      selected: `${base}/problem`,
      items: [
        { key: '/home', icon: <HomeOutlined />, label: link('/home', t('nav.home'), 'ctx-home') },
        { key: base, icon: <TeamOutlined />, label: link(base, t('groupProblem.groupHome'), 'ctx-group') },
        { key: `${base}/problem`, icon: <UnorderedListOutlined />, label: link(`${base}/problem`, t('group.tab.problem'), 'ctx-problems') },
      ],
    };
  }
  const contestID = params.contestID;
  if (meta.fullScreenSource !== 'contest' || !contestID) return null;
  const base = `/contest/${encodeURIComponent(contestID)}`;
  return {
    selected: `${base}/problems`,
    items: [
      { key: '/home', icon: <HomeOutlined />, label: link('/home', t('nav.home'), 'ctx-home') },
      { key: base, icon: <TrophyOutlined />, label: link(base, t('contestProblem.nav.contestHome'), 'ctx-contest') },
      { key: `${base}/problems`, icon: <UnorderedListOutlined />, label: link(`${base}/problems`, t('contestProblem.nav.problems'), 'ctx-problems') },
      {
        key: `${base}/submissions?onlyMine=true`,
        icon: <OrderedListOutlined />,
        label: link(`${base}/submissions?onlyMine=true`, t('contestProblem.nav.mySubmissions'), 'ctx-submissions'),
      },
      { key: `${base}/rank`, icon: <BarChartOutlined />, label: link(`${base}/rank`, t('contestProblem.nav.rank'), 'ctx-rank') },
    ],
  };
}

/** Sections whose detail pages live under another path. */
const SECTION_OF: Record<string, string> = {
  'submission-detail': '/status',
  'discussion-detail': '/discussion',
};

export function activeMenuKey(pathname: string, override?: string): string {
  if (override) return override;
  const first = pathname.split('/')[1] ?? '';
  return SECTION_OF[first] ?? `/${first}`;
}

const MESSAGE_ENTRIES: { path: string; labelKey: string; count: keyof UnreadCounts }[] = [
  { path: '/message/discuss', labelKey: 'userMenu.msgDiscuss', count: 'comment' },
  { path: '/message/reply', labelKey: 'userMenu.msgReply', count: 'reply' },
  { path: '/message/like', labelKey: 'userMenu.msgLike', count: 'like' },
  { path: '/message/sys', labelKey: 'userMenu.msgSys', count: 'sys' },
  { path: '/message/mine', labelKey: 'userMenu.msgMine', count: 'mine' },
];

// Shown only inside the user menu, which is itself fetched when first opened.
const Badge = lazy(() => import('antd/es/badge'));

/** Badge capped at 99 next to a message entry. */
function Counted({ label, count, testId }: { label: string; count: number; testId: string }) {
  return (
    <span className="oj-counted">
      <span>{label}</span>
      <Suspense fallback={null}>
        <Badge count={count} overflowCount={99} size="small" data-testid={testId} />
      </Suspense>
    </span>
  );
}

/** The user dropdown (also listed in the mobile drawer). */
export function useUserMenuItems(): Items {
  const { t } = useTranslation();
  const session = useSession();
  const { data: unread } = useUnread();
  const items: Items = [
    { key: '/user-home', icon: <UserOutlined />, label: <Link to="/user-home">{t('userMenu.home')}</Link> },
    { key: '/status?onlyMine=true', icon: <ProfileOutlined />, label: <Link to="/status?onlyMine=true">{t('userMenu.submissions')}</Link> },
    { key: '/setting', icon: <SettingOutlined />, label: <Link to="/setting">{t('userMenu.setting')}</Link> },
    { type: 'divider' },
    ...MESSAGE_ENTRIES.map((e) => ({
      key: e.path,
      icon: <MessageOutlined />,
      label: (
        <Link to={e.path}>
          <Counted label={t(e.labelKey)} count={unread?.[e.count] ?? 0} testId={`unread-${e.count}`} />
        </Link>
      ),
    })),
    { type: 'divider' },
  ];
  if (mayIn(session, 'administer')) {
    items.push({
      key: '/admin',
      icon: <ControlOutlined />,
      // A separate window, as the admin area is a different app shell.
      label: (
        <a href="/admin" target="_blank" rel="noopener noreferrer" data-testid="menu-management">
          {t('userMenu.management')}
        </a>
      ),
    });
  }
  items.push({
    key: '/logout',
    icon: <LogoutOutlined />,
    danger: true,
    label: (
      <Link to="/logout" data-testid="menu-logout">
        {t('userMenu.logout')}
      </Link>
    ),
  });
  return items;
}

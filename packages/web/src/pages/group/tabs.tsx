import type { ReactNode } from 'react';
import {
  BarChartOutlined,
  BookOutlined,
  CommentOutlined,
  HomeOutlined,
  NotificationOutlined,
  SettingOutlined,
  TeamOutlined,
  TrophyOutlined,
  ProfileOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { GroupAuthInfo } from '@oj/shared';

export interface GroupTab {
  /** the child path ('' the home) */
  key: string;
  icon: ReactNode;
  /** who sees the tab */
  shown: (access: GroupAuthInfo, site: { openGroupDiscussion: boolean }) => boolean;
}

const always = () => true;

/** The group's tabs, in order; the child routes of the shell carry the same keys. */
export const GROUP_TABS: GroupTab[] = [
  { key: '', icon: <HomeOutlined />, shown: always },
  { key: 'problem', icon: <UnorderedListOutlined />, shown: always },
  { key: 'training', icon: <BookOutlined />, shown: always },
  { key: 'contest', icon: <TrophyOutlined />, shown: always },
  { key: 'status', icon: <ProfileOutlined />, shown: always },
  { key: 'discussion', icon: <CommentOutlined />, shown: (_a, site) => site.openGroupDiscussion },
  { key: 'member', icon: <TeamOutlined />, shown: always },
  { key: 'announcement', icon: <NotificationOutlined />, shown: (a) => a.admin },
  { key: 'setting', icon: <SettingOutlined />, shown: (a) => a.root },
  { key: 'rank', icon: <BarChartOutlined />, shown: always },
];

/** The tab a child path belongs to: `problem/12` is the problems tab, `discussion-detail/3` the discussions. */
export function groupTabOfPath(rest: string): string {
  const first = rest.split('/').filter(Boolean)[0] ?? '';
  if (first === 'submission-detail') return 'status';
  if (first === 'discussion-detail') return 'discussion';
  return first;
}

/** Tabs whose pages use the full width ("Submission, problem and training sub-pages use full width"). */
const FULL_WIDTH = new Set(['problem', 'training', 'status']);

/**
 * The side card beside a tab's page: the group's info card with apply / exit / disband on
 * the home, the group leaderboard on the other tabs, none on the full-width ones.
 */
export function groupSideOf(tab: string): 'info' | 'leaderboard' | null {
  if (tab === '') return 'info';
  return FULL_WIDTH.has(tab) ? null : 'leaderboard';
}

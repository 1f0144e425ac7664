import type { ReactNode } from 'react';
import {
  AuditOutlined,
  BarChartOutlined,
  BugOutlined,
  CommentOutlined,
  HomeOutlined,
  NotificationOutlined,
  OrderedListOutlined,
  PrinterOutlined,
  QuestionCircleOutlined,
  RedoOutlined,
  SnippetsOutlined,
  TrophyOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { ContestAuth, ContestStatus, type ContestInfo, contestRule } from '@oj/shared';

/** One tab of the contest shell; `path` is the child route ('' = overview). */
export interface ContestTab {
  path: string;
  labelKey: string;
  icon: ReactNode;
  /** needs the inside of the contest (disabled until the viewer may see it) */
  inside: boolean;
}

export interface TabViewer {
  contest: ContestInfo;
  isContestAdmin: boolean;
  /**
   * `useMay('superviseJudging')`: the policy row the server's guard on rejudging a contest problem asks
   * (admin/judge/rejudge-contest-problem), so the tab shows exactly when the call would be taken.
   */
  mayRejudge: boolean;
  openContestComment: boolean;
}

/** The contest tabs this viewer is offered, in order. */
export function contestTabs({ contest: c, isContestAdmin, mayRejudge, openContestComment }: TabViewer): ContestTab[] {
  const rule = contestRule(c.type);
  const tabs: (ContestTab | false)[] = [
    { path: '', labelKey: 'overview', icon: <HomeOutlined />, inside: false },
    { path: 'problems', labelKey: 'problems', icon: <UnorderedListOutlined />, inside: true },
    { path: 'submissions', labelKey: 'submissions', icon: <OrderedListOutlined />, inside: true },
    { path: 'rank', labelKey: 'rank', icon: <BarChartOutlined />, inside: true },
    { path: 'announcements', labelKey: 'announcements', icon: <NotificationOutlined />, inside: true },
    { path: 'clarifications', labelKey: 'clarifications', icon: <QuestionCircleOutlined />, inside: true },
    c.openPrint && { path: 'print', labelKey: 'print', icon: <PrinterOutlined />, inside: true },
    openContestComment && { path: 'comment', labelKey: 'comment', icon: <CommentOutlined />, inside: true },
    isContestAdmin && rule.acHelper && { path: 'ac-info', labelKey: 'acInfo', icon: <AuditOutlined />, inside: true },
    isContestAdmin && c.openPrint && { path: 'admin-print', labelKey: 'adminPrint', icon: <SnippetsOutlined />, inside: true },
    isContestAdmin && rule.scrollBoard && { path: 'scroll-board', labelKey: 'scrollBoard', icon: <TrophyOutlined />, inside: true },
    mayRejudge && { path: 'rejudge', labelKey: 'rejudge', icon: <RedoOutlined />, inside: true },
    c.allowHacks && { path: 'hacks', labelKey: 'hacks', icon: <BugOutlined />, inside: true },
  ];
  return tabs.filter((tab): tab is ContestTab => !!tab);
}

/** Every child route the shell knows (also those not offered to this viewer). */
export const KNOWN_TABS = [
  '',
  'problems',
  'submissions',
  'rank',
  'announcements',
  'clarifications',
  'print',
  'comment',
  'ac-info',
  'admin-print',
  'scroll-board',
  'rejudge',
  'hacks',
];

/**
 * The tab a child path belongs to: a problem highlights the problems tab, a submission detail
 * (problem/:id/submission-detail/:sid) the submissions tab.
 */
export function tabOfPath(rest: string): string {
  const parts = rest.split('/').filter(Boolean);
  if (!parts.length) return '';
  if (parts[0] === 'problem') return parts[2] === 'submission-detail' ? 'submissions' : 'problems';
  return parts[0]!;
}

export type InsideLock = 'notStarted' | 'private' | null;

/**
 * Why the viewer may not see the inside yet, or null when they may: admins always; others
 * not before the start; private contests only once registered. Protected contests are open to look at.
 */
export function insideLock(c: ContestInfo, status: number, isContestAdmin: boolean, access: boolean): InsideLock {
  if (isContestAdmin) return null;
  if (status === ContestStatus.SCHEDULED) return 'notStarted';
  if (c.auth === ContestAuth.PRIVATE && !access) return 'private';
  return null;
}

/**
 * How a contest's type, access, status, times and duration look everywhere (list, shell header, home
 * card, outside scoreboards): one place so they never disagree.
 */
import { Button } from 'antd';
import { LightTag as Tag } from '../LightTag';
// antd Tooltip comes with the first hover (it would put rc-trigger into the home page's first load).
import { LazyTooltip as Tooltip } from '../../app/layout/LazyPopup';
import { LockFilled, TrophyFilled } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ContestAuth, ContestStatus, contestRule, type ContestInfo, type ContestRule } from '@oj/shared';

/** Status colours (HOJ's): scheduled orange, running green, ended red. */
export const CONTEST_STATUS_COLOR: Record<number, string> = {
  [ContestStatus.SCHEDULED]: '#f90',
  [ContestStatus.RUNNING]: '#19be6b',
  [ContestStatus.ENDED]: '#ed3f14',
};

const STATUS_KEY: Record<number, string> = {
  [ContestStatus.SCHEDULED]: 'scheduled',
  [ContestStatus.RUNNING]: 'running',
  [ContestStatus.ENDED]: 'ended',
};

export const statusColor = (status: number) => CONTEST_STATUS_COLOR[status] ?? CONTEST_STATUS_COLOR[ContestStatus.ENDED]!;
export const statusKey = (status: number) => STATUS_KEY[status] ?? 'ended';

/** The status as the clock says it, from the server's times and a (server-corrected) now. */
export function statusAt(c: Pick<ContestInfo, 'startTime' | 'endTime'>, now: number): number {
  if (now < Date.parse(c.startTime)) return ContestStatus.SCHEDULED;
  if (now < Date.parse(c.endTime)) return ContestStatus.RUNNING;
  return ContestStatus.ENDED;
}

export function ContestStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={statusColor(status)} className="oj-contest-status-tag" data-testid="contest-status-tag" data-status={status}>
      {t(`contest.status.${statusKey(status)}`)}
    </Tag>
  );
}

const AUTH_KEY: Record<number, string> = { [ContestAuth.PUBLIC]: 'public', [ContestAuth.PRIVATE]: 'private', [ContestAuth.PROTECTED]: 'protected' };
const AUTH_COLOR: Record<number, string> = { [ContestAuth.PUBLIC]: 'green', [ContestAuth.PRIVATE]: 'red', [ContestAuth.PROTECTED]: 'orange' };

export const authKey = (auth: number) => AUTH_KEY[auth] ?? 'public';

export function ContestAuthTag({ auth }: { auth: number }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`contest.authTip.${authKey(auth)}`)}>
      <Tag color={AUTH_COLOR[auth] ?? 'green'} data-testid="contest-auth-tag" data-auth={auth}>
        {t(`contest.auth.${authKey(auth)}`)}
      </Tag>
    </Tooltip>
  );
}

/** Red lock for private, orange for protected, nothing for public contests. */
export function ContestLock({ auth }: { auth: number }) {
  const { t } = useTranslation();
  if (auth !== ContestAuth.PRIVATE && auth !== ContestAuth.PROTECTED) return null;
  const color = auth === ContestAuth.PRIVATE ? '#f5222d' : '#fa8c16';
  return (
    <Tooltip title={t(`contest.authTip.${authKey(auth)}`)}>
      <LockFilled className="oj-contest-lock" style={{ color }} data-testid="contest-lock" data-auth={auth} aria-label={t(`contest.auth.${authKey(auth)}`)} />
    </Tooltip>
  );
}

/** The tag colour per contest format (rule key). */
const TAG_COLOR: Record<ContestRule['key'], string> = { acm: 'gold', oi: 'blue', ioi: 'purple' };

type RuleOf = Pick<ContestInfo, 'type' | 'oiRankScoreType'>;

/** The rule's name, and for the tooltip its meaning (OI names its rank score type). */
function useRule(contest: RuleOf): { rule: ContestRule; tip: string } {
  const { t } = useTranslation();
  const rule = contestRule(contest.type);
  return { rule, tip: t(`contest.typeTip.${rule.key}`, { scoreType: t(`contest.scoreType.${contest.oiRankScoreType}`) }) };
}

/** The rule type (ACM / OI / IOI) as a tag, where clicking it does nothing. */
export function ContestTypeTag({ contest, testId = 'contest-type' }: { contest: RuleOf; testId?: string }) {
  const { rule, tip } = useRule(contest);
  return (
    <Tooltip title={tip}>
      <Tag color={TAG_COLOR[rule.key]} data-testid={testId} data-type={contest.type}>
        {rule.label}
      </Tag>
    </Tooltip>
  );
}

/** The rule type as a button: the contest list filters by the rule when it is clicked (as HOJ does). */
export function ContestTypeButton({ contest, size = 'small', onClick }: { contest: RuleOf; size?: 'small' | 'middle'; onClick: () => void }) {
  const { rule, tip } = useRule(contest);
  return (
    <Tooltip title={tip}>
      <Button size={size} className={`oj-contest-type oj-contest-type-${rule.key}`} onClick={onClick} data-testid="contest-type">
        {rule.label}
      </Button>
    </Tooltip>
  );
}

/** A trophy per rule type: gold for ACM, blue for OI, purple for IOI. */
export function ContestTrophy({ type, size = 40 }: { type: number; size?: number }) {
  const rule = contestRule(type);
  return (
    <span className={`oj-contest-trophy oj-contest-trophy-${rule.key}`} style={{ fontSize: size * 0.55, width: size, height: size }} aria-hidden>
      <TrophyFilled />
      <b>{rule.label}</b>
    </span>
  );
}

const UNITS: [number, string][] = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** A duration in the largest whole unit (day, hour, minute, second), one decimal at most. */
export function formatDuration(t: TFunction, ms: number): string {
  const sec = Math.max(0, ms / 1000);
  const [size, unit] = UNITS.find(([s]) => sec >= s) ?? UNITS[UNITS.length - 1]!;
  const n = Math.round((sec / size) * 10) / 10;
  return t(`contest.duration.${unit}${n === 1 ? '' : 's'}`, { n: String(n) });
}

export function useFormatDuration() {
  const { t } = useTranslation();
  return (ms: number) => formatDuration(t, ms);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A countdown: "2 days 03:04:05", or "03:04:05" under a day. */
export function formatCountdown(t: TFunction, ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${t(`contest.duration.day${days === 1 ? '' : 's'}`, { n: String(days) })} ${clock}` : clock;
}

export const contestProblemPath = (cid: number, displayId: string) => `/contest/${cid}/problem/${encodeURIComponent(displayId)}`;
export const contestSubmissionPath = (cid: number, displayId: string, submitId: number) =>
  `${contestProblemPath(cid, displayId)}/submission-detail/${submitId}`;

/** Path of the public outside scoreboard of a contest, by rule type. */
export const outsideBoardPath = (c: Pick<ContestInfo, 'id' | 'type'>) => `/contest/${contestRule(c.type).key}-scoreboard/${c.id}`;

/**
 * Real-time AC/total counts need the real-time permission. Without it (a sealed board for a
 * non-admin: from the seal time while running, and after the end when the real rank is not revealed)
 * they show a question mark.
 */
export function rankSealedFor(c: ContestInfo, isContestAdmin: boolean, now = Date.now()): boolean {
  if (isContestAdmin || !c.sealRank) return false;
  const sealAt = c.sealRankTime ? Date.parse(c.sealRankTime) : Date.parse(c.startTime);
  if (c.status === ContestStatus.RUNNING) return now >= sealAt;
  return c.status === ContestStatus.ENDED && !c.autoRealRank;
}

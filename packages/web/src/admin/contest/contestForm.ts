/**
 * The admin contest form (contest fields, behaviours, validation): form
 * values, what is derived from them (duration, seal time, account-limit rule), the ordered checks
 * and the save body.
 */
import dayjs, { type Dayjs } from 'dayjs';
import {
  ACCOUNT_RULE_DEFAULTS,
  type CONTEST_LIMITS,
  ContestAuth,
  DEFAULT_AWARDS,
  buildAccountRule,
  checkContestForm,
  parseAccountRule,
  starAccounts,
  type AdminContest,
  type AwardConfig,
  type ContestTypeCode,
  type ContestBody,
  type OiRankScoreType,
  type RankShowName,
  contestRule,
} from '@oj/shared';

/** Seal choices: 0 = 30 minutes before the end, 1 = 1 hour before the end, 2 = whole contest. */
export type SealOption = 0 | 1 | 2;
export const SEAL_OPTIONS: SealOption[] = [0, 1, 2];
/** Seal thresholds (seconds): option 0 needs at least 1800 s, option 1 at least 3600 s. */
const SEAL_THRESHOLDS: Record<SealOption, number> = { 0: 1800, 1: 3600, 2: 0 };

export interface AwardRow extends AwardConfig {
  key: string;
}

export interface AccountRuleValues {
  prefix: string;
  suffix: string;
  numberFrom: number | null;
  numberTo: number | null;
  /** extra accounts, separated by blanks or new lines */
  extra: string;
}

export interface ContestFormValues {
  title: string;
  description: string;
  startTime: Dayjs | null;
  endTime: Dayjs | null;
  type: ContestTypeCode;
  auth: 0 | 1 | 2;
  pwd: string;
  openAccountLimit: boolean;
  accountRule: AccountRuleValues;
  starAccount: string[];
  sealRank: boolean;
  sealOption: SealOption;
  autoRealRank: boolean;
  oiRankScoreType: OiRankScoreType;
  rankShowName: RankShowName;
  openPrint: boolean;
  openRank: boolean;
  allowEndSubmit: boolean;
  /** hacks (kept only where the rule has them) */
  allowHacks: boolean;
  visible: boolean;
  awardType: 0 | 1 | 2;
  awardConfigList: AwardRow[];
}

let awardKey = 0;
const newAwardKey = () => `award-${++awardKey}`;

/** Gold, silver and bronze (10/20/30; #e6bf25, #b4c0c7, #CD7F32). */
export const defaultAwards = (): AwardRow[] => DEFAULT_AWARDS.map((a) => ({ ...a, key: newAwardKey() }));

/** A row added by hand: the next priority, a default name, grey colours, num 0. */
export function newAwardRow(rows: AwardRow[], name: string): AwardRow {
  const priority = rows.reduce((m, r) => Math.max(m, r.priority), 0) + 1;
  return { key: newAwardKey(), priority, name, background: '#d9d9d9', color: '#595959', num: 0 };
}

export const byPriority = (rows: AwardRow[]) => [...rows].sort((a, b) => a.priority - b.priority);

export const sealOptionDisabled = (option: SealOption, duration: number) => duration / 1000 < SEAL_THRESHOLDS[option];

/** Turning sealing on picks the whole contest for non-ACM contests or under an hour, else the last hour. */
export function defaultSealOption(type: number, duration: number): SealOption {
  return contestRule(type).defaultSealMode === 2 || sealOptionDisabled(1, duration) ? 2 : 1;
}

/** Edit mode: the choice behind a stored seal time (anything else counts as the whole contest). */
export function sealOptionOf(c: Pick<AdminContest, 'startTime' | 'endTime' | 'sealRankTime'>): SealOption {
  if (!c.sealRankTime) return 2;
  const before = (new Date(c.endTime).getTime() - new Date(c.sealRankTime).getTime()) / 1000;
  if (before === 1800) return 0;
  if (before === 3600) return 1;
  return 2;
}

export function sealTime(option: SealOption, start: Dayjs, end: Dayjs): Dayjs {
  if (option === 0) return end.subtract(30, 'minute');
  if (option === 1) return end.subtract(1, 'hour');
  return start;
}

/** The stored rule → form fields (the extra accounts as one text). */
function accountRuleValues(rule: string | null | undefined): AccountRuleValues {
  const r = parseAccountRule(rule);
  return { prefix: r.prefix, suffix: r.suffix, numberFrom: r.start, numberTo: r.end, extra: r.extra.join(' ') };
}

const extraAccounts = (extra: string) => extra.split(/\s+/).filter(Boolean);

/** Form fields → the stored rule; an emptied number field takes its default. */
export function accountRuleOf(v: AccountRuleValues): string {
  return buildAccountRule({
    prefix: v.prefix,
    suffix: v.suffix,
    start: v.numberFrom ?? ACCOUNT_RULE_DEFAULTS.start,
    end: v.numberTo ?? ACCOUNT_RULE_DEFAULTS.end,
    extra: extraAccounts(v.extra),
  });
}

/**
 * The accounts the rule lets in, for the live preview: every generated name when there are few,
 * else the first and last ones around an ellipsis. Null when number_from > number_to (no preview).
 */
export function accountPreview(v: AccountRuleValues, max = 8): { names: string[]; total: number; elided: boolean } | null {
  const from = v.numberFrom ?? ACCOUNT_RULE_DEFAULTS.start;
  const to = v.numberTo ?? ACCOUNT_RULE_DEFAULTS.end;
  if (from > to) return null;
  const name = (n: number) => `${v.prefix.trim()}${n}${v.suffix.trim()}`;
  const count = to - from + 1;
  const extra = extraAccounts(v.extra);
  if (count <= max) return { names: [...Array.from({ length: count }, (_x, i) => name(from + i)), ...extra], total: count + extra.length, elided: false };
  const head = Array.from({ length: 3 }, (_x, i) => name(from + i));
  const tail = [name(to - 1), name(to)];
  return { names: [...head, '…', ...tail, ...extra], total: count + extra.length, elided: true };
}

/** Adds a star user by the rule the server saves with (starAccounts): an empty name changes nothing. */
export function addStar(list: string[], raw: string): { list: string[]; duplicate: boolean } {
  if (!raw.trim()) return { list, duplicate: false };
  const next = starAccounts([...list, raw]);
  return next.duplicate ? { list, duplicate: true } : { list: next.names, duplicate: false };
}

export function defaultContestValues(): ContestFormValues {
  return {
    title: '',
    description: '',
    startTime: null,
    endTime: null,
    type: 0,
    auth: 0,
    pwd: '',
    openAccountLimit: false,
    accountRule: { prefix: '', suffix: '', numberFrom: ACCOUNT_RULE_DEFAULTS.start, numberTo: ACCOUNT_RULE_DEFAULTS.end, extra: '' },
    starAccount: [],
    sealRank: false,
    sealOption: 2,
    autoRealRank: true,
    oiRankScoreType: 'Recent',
    rankShowName: 'username',
    openPrint: false,
    openRank: false,
    allowEndSubmit: false,
    allowHacks: false,
    visible: true,
    awardType: 0,
    awardConfigList: [],
  };
}

export function contestValuesOf(c: AdminContest): ContestFormValues {
  return {
    title: c.title,
    description: c.description,
    startTime: dayjs(c.startTime),
    endTime: dayjs(c.endTime),
    type: contestRule(c.type).type,
    auth: (c.auth === 1 || c.auth === 2 ? c.auth : 0) as 0 | 1 | 2,
    pwd: c.pwd ?? '',
    openAccountLimit: c.openAccountLimit,
    accountRule: accountRuleValues(c.accountLimitRule),
    starAccount: c.starAccount,
    sealRank: c.sealRank,
    sealOption: sealOptionOf(c),
    autoRealRank: c.autoRealRank,
    oiRankScoreType: c.oiRankScoreType,
    rankShowName: c.rankShowName,
    openPrint: c.openPrint,
    openRank: c.openRank,
    allowEndSubmit: c.allowEndSubmit,
    allowHacks: c.allowHacks,
    visible: c.visible,
    awardType: (c.awardType === 1 || c.awardType === 2 ? c.awardType : 0) as 0 | 1 | 2,
    awardConfigList: byPriority(c.awardConfigList.map((a) => ({ ...a, key: newAwardKey() }))),
  };
}

/** A failed check: the i18n key with its parameters, and the field to mark. */
export interface ContestProblem {
  key: string;
  params?: Record<string, string>;
  field?: keyof ContestFormValues;
}

/**
 * The form's checks as the server makes them (checkContestForm), then the account range (when the
 * limit is on) and the award names, which the spec leaves open. `label` translates the English labels of
 * CONTEST_LIMITS.labels.
 */
export function validateContest(v: ContestFormValues, label: (key: keyof typeof CONTEST_LIMITS.labels) => string): ContestProblem | null {
  const issue = checkContestForm(v);
  if (issue) return { key: `msg.${issue.key}`, params: issue.label ? { field: label(issue.label) } : undefined, field: issue.field };
  if (v.auth !== ContestAuth.PUBLIC && v.openAccountLimit) {
    const { numberFrom, numberTo } = v.accountRule;
    if (numberFrom === null || numberTo === null || numberFrom > numberTo) return { key: 'admin.contest.accountRangeInvalid', field: 'accountRule' };
  }
  if (v.awardType !== 0 && v.awardConfigList.some((a) => !a.name.trim())) return { key: 'admin.contest.awardNameRequired', field: 'awardConfigList' };
  return null;
}

/** Form → the create/update body (ContestBody of @oj/shared). */
export function toContestBody(v: ContestFormValues, id?: number): ContestBody {
  const start = v.startTime!;
  const end = v.endTime!;
  const limited = v.auth !== ContestAuth.PUBLIC;
  return {
    id,
    title: v.title.trim(),
    description: v.description,
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    type: v.type,
    auth: v.auth,
    pwd: limited ? v.pwd.trim() : null,
    sealRank: v.sealRank,
    sealRankTime: v.sealRank ? sealTime(v.sealOption, start, end).toISOString() : null,
    autoRealRank: v.autoRealRank,
    openPrint: v.openPrint,
    openRank: v.openRank,
    rankShowName: v.rankShowName,
    openAccountLimit: limited && v.openAccountLimit,
    accountLimitRule: limited && v.openAccountLimit ? accountRuleOf(v.accountRule) : null,
    starAccount: v.starAccount,
    oiRankScoreType: v.oiRankScoreType,
    awardType: v.awardType,
    awardConfigList: v.awardType === 0 ? [] : byPriority(v.awardConfigList).map(({ key: _key, ...a }) => ({ ...a, name: a.name.trim() })),
    allowEndSubmit: v.allowEndSubmit,
    allowHacks: contestRule(v.type).hackable && v.allowHacks,
    visible: v.visible,
  };
}

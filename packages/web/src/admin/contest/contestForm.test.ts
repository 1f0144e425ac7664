import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { CONTEST_LIMITS, contestBody, parseAccountRule } from '@oj/shared';
import {
  accountPreview,
  addStar,
  defaultContestValues,
  defaultSealOption,
  sealOptionDisabled,
  sealOptionOf,
  toContestBody,
  validateContest,
  type ContestFormValues,
} from './contestForm';
import { nextDisplayId } from './nextDisplayId';

const label = (k: keyof typeof CONTEST_LIMITS.labels) => CONTEST_LIMITS.labels[k];
const start = dayjs('2030-01-01T10:00:00Z');
const ok = (patch: Partial<ContestFormValues> = {}): ContestFormValues => ({
  ...defaultContestValues(),
  title: 'Cup',
  description: 'd',
  startTime: start,
  endTime: start.add(2, 'hour'),
  ...patch,
});
const first = (v: ContestFormValues) => {
  const p = validateContest(v, label);
  return p ? `${p.key}${p.params ? ` ${p.params.field}` : ''}` : null;
};

describe('contest form', () => {
  it('checks in the order of the contest form validation', () => {
    const empty = { ...defaultContestValues(), auth: 2 as const };
    expect(first(empty)).toBe('msg.contestFieldRequired Contest Title');
    expect(first({ ...empty, title: 'x' })).toBe('msg.contestFieldRequired Contest Description');
    expect(first({ ...empty, title: 'x', description: 'y' })).toBe('msg.contestFieldRequired Contest Start Time');
    expect(first({ ...empty, title: 'x', description: 'y', startTime: start })).toBe('msg.contestFieldRequired Contest End Time');
    // An end before the start makes the duration 0: that message comes before the password.
    expect(first({ ...empty, title: 'x', description: 'y', startTime: start, endTime: start.subtract(1, 'minute') })).toBe('msg.contestDurationInvalid');
    expect(first({ ...empty, title: 'x', description: 'y', startTime: start, endTime: start })).toBe('msg.contestDurationInvalid');
    expect(first({ ...empty, title: 'x', description: 'y', startTime: start, endTime: start.add(1, 'hour') })).toBe(
      'msg.contestFieldRequired Contest Password',
    );
    expect(first(ok({ auth: 1, pwd: 'p', starAccount: ['bob', 'Bob'] }))).toBe('msg.contestStarDuplicate');
    expect(validateContest(ok({ title: ' ' }), label)?.field).toBe('title');
    expect(validateContest(ok({ endTime: start }), label)?.field).toBe('endTime');
    expect(first(ok({ auth: 1, pwd: 'p' }))).toBeNull();
    expect(first(ok({ auth: 1, pwd: 'p', openAccountLimit: true, accountRule: { prefix: 't', suffix: '', numberFrom: 5, numberTo: 1, extra: '' } }))).toBe(
      'admin.contest.accountRangeInvalid',
    );
  });

  it('offers the seal choices', () => {
    expect(sealOptionDisabled(0, 1799_000)).toBe(true);
    expect(sealOptionDisabled(0, 1800_000)).toBe(false);
    expect(sealOptionDisabled(1, 3599_000)).toBe(true);
    expect(sealOptionDisabled(2, 0)).toBe(false);
    expect(defaultSealOption(0, 3600_000)).toBe(1);
    expect(defaultSealOption(0, 3599_000)).toBe(2);
    expect(defaultSealOption(1, 5 * 3600_000)).toBe(2);
  });

  it('builds the body the server accepts, with the seal time and the tagged account rule', () => {
    const v = ok({
      auth: 2,
      pwd: ' s ',
      sealRank: true,
      sealOption: 1,
      openAccountLimit: true,
      accountRule: { prefix: 'team', suffix: '_x', numberFrom: 1, numberTo: 3, extra: ' a\nb ' },
    });
    const body = toContestBody(v);
    expect(contestBody.safeParse(body).success).toBe(true);
    expect(body.pwd).toBe('s');
    expect(body.sealRankTime).toBe(start.add(1, 'hour').toISOString());
    expect(body.accountLimitRule).toBe('<prefix>team</prefix><suffix>_x</suffix><start>1</start><end>3</end><extra>a b</extra>');
    expect(parseAccountRule(body.accountLimitRule)).toEqual({ prefix: 'team', suffix: '_x', start: 1, end: 3, extra: ['a', 'b'] });
    // public: no password, no account limit
    const pub = toContestBody(ok({ pwd: 'x', openAccountLimit: true }));
    expect([pub.pwd, pub.openAccountLimit, pub.accountLimitRule]).toEqual([null, false, null]);
  });

  it('derives the seal choice in edit mode from the stored time', () => {
    const at = (sealRankTime: string | null) => sealOptionOf({ startTime: start.toISOString(), endTime: start.add(2, 'hour').toISOString(), sealRankTime });
    expect(at(start.add(90, 'minute').toISOString())).toBe(0);
    expect(at(start.add(1, 'hour').toISOString())).toBe(1);
    expect(at(start.toISOString())).toBe(2);
    expect(at(null)).toBe(2);
  });

  it('previews accounts only when from <= to, and adds star users once', () => {
    expect(accountPreview({ prefix: 't', suffix: '', numberFrom: 1, numberTo: 2, extra: 'z' })).toEqual({ names: ['t1', 't2', 'z'], total: 3, elided: false });
    expect(accountPreview({ prefix: 't', suffix: '', numberFrom: 3, numberTo: 2, extra: '' })).toBeNull();
    expect(accountPreview({ prefix: 't', suffix: '', numberFrom: 0, numberTo: 99, extra: '' })?.names).toEqual(['t0', 't1', 't2', '…', 't98', 't99']);
    const emptied = toContestBody(
      ok({ auth: 1, pwd: 'p', openAccountLimit: true, accountRule: { prefix: '', suffix: '', numberFrom: null, numberTo: null, extra: '' } }),
    );
    expect(emptied.accountLimitRule).toBe('<prefix></prefix><suffix></suffix><start>0</start><end>10</end><extra></extra>');
    expect(addStar(['bob'], '  ')).toEqual({ list: ['bob'], duplicate: false });
    expect(addStar(['bob'], ' BOB ')).toEqual({ list: ['bob'], duplicate: true });
    expect(addStar(['bob'], ' amy ')).toEqual({ list: ['bob', 'amy'], duplicate: false });
  });

  it('suggests the next display id', () => {
    expect(nextDisplayId([])).toBe('A');
    expect(nextDisplayId(['A', 'c', 'B'])).toBe('D');
    expect(nextDisplayId(['1', '2'])).toBe('3');
  });
});

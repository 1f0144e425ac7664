/** The editor's placements: what the bank and a contest decide about the problem form. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContestProblemLink } from '@oj/shared';
import { adminContestApi } from '../api/adminContest';
import { adminProblemApi } from '../api/adminProblem';
import { contestPlacement, type ContestProblemMode } from './contest/contestPlacement';
import { defaultValues } from './problemForm';
import { bankPlacement } from './problemPlacement';

vi.mock('../api/adminProblem', () => ({ adminProblemApi: { create: vi.fn(async () => ({ msg: 'c' })), update: vi.fn(async () => ({ msg: 'u' })) } }));
vi.mock('../api/adminContest', () => ({
  adminContestApi: { createProblem: vi.fn(async () => ({ msg: 'cc' })), updateProblem: vi.fn(async () => ({ msg: 'cu' })) },
}));

const t = (key: string, params?: Record<string, string | number>) => `${key}${params ? JSON.stringify(params) : ''}`;
const defaults = { ...defaultValues(['C']), problemId: 'P1', title: 'A' };
const loaded = { ...defaults, type: 0 as const, auth: 1 as const, title: 'stored' };
const body = (id?: number) => ({ problem: { id }, languages: ['C'], tags: [], codeTemplates: [] }) as unknown as Parameters<typeof adminProblemApi.create>[0];
const link: ContestProblemLink = { id: 7, cid: 3, pid: 9, displayId: 'B', displayTitle: 'Shown', color: null };
const mode = (patch: Partial<ContestProblemMode> = {}): ContestProblemMode => ({
  cid: 3,
  type: 1,
  contestType: 1,
  title: 'Cup',
  link: null,
  suggestedId: 'C',
  ...patch,
});

beforeEach(() => vi.clearAllMocks());

describe('bank placement', () => {
  const bank = bankPlacement(t);
  it('starts from the defaults or the loaded problem, locks nothing and goes back to the problem list', () => {
    expect(bank.initialValues({ defaults })).toEqual(defaults);
    expect(bank.initialValues({ defaults, loaded })).toEqual(loaded);
    expect(bank.locked).toEqual({});
    expect(bank.fields).toBeUndefined();
    expect(bank.backTo).toBe('/admin/problems');
    expect(bank.title()).toBe('admin.menu.problemCreate');
    expect(bank.title('P1')).toBe('admin.problem.editTitle{"id":"P1"}');
  });

  it('creates a new problem and updates a stored one through the problem calls', async () => {
    await bank.save(body(), defaults);
    expect(adminProblemApi.create).toHaveBeenCalledTimes(1);
    await bank.save(body(5), defaults);
    expect(adminProblemApi.update).toHaveBeenCalledTimes(1);
    expect(adminContestApi.createProblem).not.toHaveBeenCalled();
  });
});

describe('contest placement', () => {
  it('gives a new problem the contest rule, auth 3 and the next free display id', () => {
    const v = contestPlacement(mode(), t).initialValues({ defaults });
    expect(v).toMatchObject({ type: 1, auth: 3, contestDisplayId: 'C', contestDisplayTitle: '', title: 'A' });
  });

  it('keeps a stored problem as it is, with its place in the contest', () => {
    const v = contestPlacement(mode({ link }), t).initialValues({ defaults, loaded });
    expect(v).toMatchObject({ type: 0, auth: 1, title: 'stored', contestDisplayId: 'B', contestDisplayTitle: 'Shown' });
  });

  it('locks the type with the reason, goes back to the contest problems and drops their list after saving', () => {
    const p = contestPlacement(mode(), t);
    expect(Object.keys(p.locked)).toEqual(['type']);
    expect(p.locked.type).toBe('admin.contest.problemTypeFixed{"rule":"OI"}');
    expect(p.backTo).toBe('/admin/contest/3/problems');
    expect(p.staleQueries).toEqual([['admin-contest-problems', 3]]);
  });

  it('saves the problem with its trimmed display id and title in one contest call', async () => {
    const values = { ...defaults, contestDisplayId: ' D ', contestDisplayTitle: '  ' };
    await contestPlacement(mode(), t).save(body(), values);
    expect(adminContestApi.createProblem).toHaveBeenCalledWith({ cid: 3, displayId: 'D', displayTitle: null }, body());
    await contestPlacement(mode({ link }), t).save(body(9), { ...values, contestDisplayTitle: ' T ' });
    expect(adminContestApi.updateProblem).toHaveBeenCalledWith({ cid: 3, displayId: 'D', displayTitle: 'T' }, body(9));
    expect(adminProblemApi.create).not.toHaveBeenCalled();
    expect(adminProblemApi.update).not.toHaveBeenCalled();
  });
});

/**
 * The policy's problem rule: bank problems for the problem managers; in a group, its admins
 * create, its root (level 5, owner, super admin) manages every problem, other group admins their own.
 */
import { describe, expect, it } from 'vitest';
import { GroupLevel, may, Role, type Actor, type GroupLevelValue } from '../src/index.js';

const as = (roles: number[], level: GroupLevelValue | null = null, extra: Partial<Actor> = {}): Actor => ({
  uid: 'u-x',
  username: 'Teacher',
  roles,
  groupLevel: level,
  ...extra,
});
const mine = { kind: 'problem', author: 'teacher', gid: 7 } as const;
const theirs = { kind: 'problem', author: 'someone', gid: 7 } as const;
const bank = { kind: 'problem', author: 'teacher', gid: null } as const;

describe('may(…, problem)', () => {
  it('group problems by level', () => {
    const rows: [string, Actor, boolean, boolean, boolean][] = [
      // who, actor, create, administer own (author matched case-insensitively), administer another's
      ['visitor-level none', as([Role.USER]), false, false, false],
      ['applying', as([Role.USER], GroupLevel.APPLYING), false, false, false],
      ['refused', as([Role.USER], GroupLevel.REFUSED), false, false, false],
      ['member', as([Role.USER], GroupLevel.MEMBER), false, false, false],
      ['admin', as([Role.USER], GroupLevel.ADMIN), true, true, false],
      ['root', as([Role.USER], GroupLevel.ROOT), true, true, true],
      ['owner', as([Role.USER], null, { groupOwner: true }), true, true, true],
      ['super admin', as([Role.ROOT]), true, true, true],
      ['problem admin, not in the group', as([Role.PROBLEM_ADMIN]), false, false, false],
    ];
    for (const [who, actor, create, own, other] of rows) {
      expect(may(actor, 'create', { kind: 'problem', author: null, gid: 7 }), `${who} create`).toBe(create);
      expect(may(actor, 'administer', mine), `${who} own`).toBe(own);
      expect(may(actor, 'delete', theirs), `${who} another's`).toBe(other);
    }
    expect(may(null, 'administer', mine)).toBe(false);
  });

  it('bank problems: the problem managers only; the review: the super admin only', () => {
    expect(may(as([Role.PROBLEM_ADMIN]), 'administer', bank)).toBe(true);
    expect(may(as([Role.ROOT]), 'delete', bank)).toBe(true);
    expect(may(as([Role.ADMIN]), 'administer', bank)).toBe(false);
    expect(may(as([Role.USER], GroupLevel.ROOT), 'administer', bank)).toBe(false);
    expect(may(as([Role.ROOT]), 'reviewGroupProblems', { kind: 'site' })).toBe(true);
    for (const r of [Role.ADMIN, Role.PROBLEM_ADMIN, Role.USER]) expect(may(as([r]), 'reviewGroupProblems', { kind: 'site' })).toBe(false);
  });
});

/**
 * The contest shell's Rejudge tab follows the policy row the server's guard on rejudging a contest
 * problem asks (`superviseJudging`), for every role: shown exactly when the call would be taken.
 */
import { describe, expect, it } from 'vitest';
import { may, Role, type ContestInfo } from '@oj/shared';
import { contestTabs } from '../src/pages/contest/shell/tabs';

const contest = { id: 1, type: 0, auth: 0, openPrint: false } as ContestInfo;
const ROLES = [Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN, Role.USER, Role.NO_SUBMIT, Role.NO_DISCUSS, Role.MUTED];

describe('contest tabs', () => {
  it('offer Rejudge exactly to those the server lets rejudge a contest problem', () => {
    for (const role of ROLES) {
      const mayRejudge = may({ uid: 'u', roles: [role] }, 'superviseJudging', { kind: 'site' });
      const paths = contestTabs({ contest, isContestAdmin: true, mayRejudge, openContestComment: false }).map((t) => t.path);
      expect(paths.includes('rejudge'), `role ${role}`).toBe(role === Role.ROOT);
    }
  });
});

import { GroupLevel, Role } from '@oj/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { ContestRow } from './access.js';

/**
 * Is the author of a submission (`uid`, an SQL expression) one of the contest's admins: policy.ts
 * `may(…, 'administer', contest)` over rows — the creator, a super admin, or a root of the group holding
 * the contest (its owner, a member at level 5; a site contest has no group, so no row matches there).
 * They test the problems: like HOJ they are not on the board, and the seal never hides their results.
 * Held to `may` by packages/server/test/policy-sql.test.ts.
 */
export const contestStaff = (uid: SQL, c: Pick<ContestRow, 'uid' | 'gid'>): SQL =>
  sql`(${uid} = ${c.uid ?? ''}
    or exists (select 1 from user_role r where r.uid = ${uid} and r.role_id = ${Role.ROOT})
    or exists (select 1 from "group" g where g.id = ${c.gid}::int and g.owner_uid = ${uid})
    or exists (select 1 from group_member m where m.gid = ${c.gid}::int and m.uid = ${uid} and m.auth = ${GroupLevel.ROOT}))`;

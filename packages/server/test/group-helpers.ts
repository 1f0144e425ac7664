import crypto from 'node:crypto';
import { GroupAuth, GroupLevel, type GroupAuthValue, type GroupLevelValue } from '@oj/shared';
import { groupMembers, groups } from '../src/db/schema/index.js';
import type { TestApp } from './harness.js';
import { uidOf } from './helpers.js';

/**
 * A group written straight into the database (for tests of other areas that need one to exist), owned
 * by `owner` (who is also its level-5 member) with the given members. Tests of the group calls create
 * groups through the API instead.
 */
export async function insertGroup(
  t: TestApp,
  o: { owner?: string; auth?: GroupAuthValue; members?: Record<string, GroupLevelValue>; name?: string } = {},
): Promise<number> {
  const owner = o.owner ?? 'root';
  const ownerUid = await uidOf(t, owner);
  const tag = crypto.randomBytes(3).toString('hex');
  const [g] = await t.database.db
    .insert(groups)
    .values({
      name: o.name ?? `Group ${tag}`,
      shortName: `g${tag}`,
      brief: 'A group for tests',
      description: 'A group made by a test.',
      ownerUid,
      owner,
      auth: o.auth ?? GroupAuth.PUBLIC,
      code: (o.auth ?? GroupAuth.PUBLIC) === GroupAuth.PUBLIC ? null : 'ABC123',
    })
    .returning({ id: groups.id });
  const gid = g!.id;
  await t.database.db.insert(groupMembers).values({ gid, uid: ownerUid, auth: GroupLevel.ROOT });
  for (const [username, auth] of Object.entries(o.members ?? {})) {
    await t.database.db.insert(groupMembers).values({ gid, uid: await uidOf(t, username), auth });
  }
  return gid;
}

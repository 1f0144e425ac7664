import crypto from 'node:crypto';
import pg from 'pg';
import { siteDbUrl } from './site-db.js';

/**
 * A group written straight into the e2e site's embedded PostgreSQL (as `packages/server/test/group-helpers.ts`
 * does for the API tests), for end-to-end tests of the areas inside a group that are not about making groups.
 * The site's database: `siteDbUrl`.
 */
export async function insertGroup(o: { owner: string; members?: Record<string, number>; auth?: number }): Promise<number> {
  const client = new pg.Client({ connectionString: siteDbUrl() });
  await client.connect();
  try {
    const uid = async (username: string) => {
      const r = await client.query<{ uid: string }>('select uid from user_info where lower(username) = lower($1)', [username]);
      if (!r.rows[0]) throw new Error(`no user ${username}`);
      return r.rows[0].uid;
    };
    const tag = crypto.randomBytes(3).toString('hex');
    const auth = o.auth ?? 1;
    const g = await client.query<{ id: number }>(
      `insert into "group" (name, short_name, brief, description, owner_uid, owner, auth, code)
       values ($1, $2, 'A group for tests', 'A group made by an end-to-end test.', $3, $4, $5, $6) returning id`,
      [`Class ${tag}`, `c${tag}`, await uid(o.owner), o.owner, auth, auth === 1 ? null : 'ABC123'],
    );
    const gid = g.rows[0]!.id;
    const levels: Record<string, number> = { [o.owner]: 5, ...(o.members ?? {}) };
    for (const [username, level] of Object.entries(levels)) {
      await client.query('insert into group_member (gid, uid, auth) values ($1, $2, $3)', [gid, await uid(username), level]);
    }
    return gid;
  } finally {
    await client.end();
  }
}

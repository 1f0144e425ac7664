/**
 * Accepted code of a contest as a zip for its admin (HOJ download-contest-ac-submission): the latest
 * accepted submission of each user on each problem, in a folder per user or per problem.
 */
import { sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { JudgeStatus } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth.js';
import { administeredContest } from './access.js';
import { contestStaff } from './board.js';

const EXTENSIONS: [RegExp, string][] = [
  [/^c\+\+|^cpp|^g\+\+/i, 'cpp'],
  [/^c#|^csharp/i, 'cs'],
  [/^c(\s|$|\d)/i, 'c'],
  [/^java(\s|$|\d)/i, 'java'],
  [/^python|^pypy/i, 'py'],
  [/^go(lang)?(\s|$)/i, 'go'],
  [/^javascript|^node/i, 'js'],
  [/^php/i, 'php'],
  [/^ruby/i, 'rb'],
  [/^rust/i, 'rs'],
  [/^pascal/i, 'pas'],
];

export const extensionOf = (language: string) => EXTENSIONS.find(([re]) => re.test(language))?.[1] ?? 'txt';

/** Names from users and admins become safe zip entry names (`.` and `..` too: usernames may be just dots). */
const safe = (s: string) => {
  const name = s.replace(/[^\w.-]+/g, '_').slice(0, 100);
  return /^\.*$/.test(name) ? `_${name}` : name;
};

export async function acSubmissionsZip(
  ctx: AppContext,
  user: AuthUser,
  o: { cid: number; excludeAdmin: boolean; splitType: 'user' | 'problem' },
): Promise<{ name: string; zip: Buffer }> {
  const { db } = ctx.database;
  const c = await administeredContest(db, o.cid, user);
  const res = await db.execute<{ username: string; display_id: string; language: string; code: string }>(sql`
    select distinct on (j.uid, j.pid) j.username, cp.display_id, j.language, j.code
    from judge j join contest_problem cp on cp.cid = j.cid and cp.pid = j.pid
    where j.cid = ${c.id} and j.vid is null and j.status = ${JudgeStatus.ACCEPTED}
      ${o.excludeAdmin ? sql`and not ${contestStaff(sql`j.uid`, c)}` : sql``}
    order by j.uid, j.pid, j.submit_id desc`);
  const files: Record<string, Uint8Array> = {};
  for (const r of res.rows) {
    const [dir, file] = o.splitType === 'user' ? [r.username, r.display_id] : [r.display_id, r.username];
    files[`${safe(dir)}/${safe(file)}.${extensionOf(r.language)}`] = Buffer.from(r.code, 'utf8');
  }
  return { name: `contest_${c.id}_${o.splitType}.zip`, zip: Buffer.from(zipSync(files, { level: 6 })) };
}

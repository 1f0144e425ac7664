/** How an author is shown next to a comment or reply: name, avatar, role badge and title tag. */
import { inArray } from 'drizzle-orm';
import { Role, type AuthorRole } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { userRoles, users } from '../../db/schema/index.js';

export interface AuthorFacts {
  username: string;
  avatar: string | null;
  role: AuthorRole;
  titleName: string | null;
  titleColor: string | null;
}

/** Role badge: SPA for the super admin, ADM for an admin, none for everyone else. */
export function roleBadge(roleIds: readonly number[]): AuthorRole {
  if (roleIds.includes(Role.ROOT)) return 'root';
  if (roleIds.includes(Role.ADMIN)) return 'admin';
  return null;
}

/** The shown facts of each of `uids` that still exists (two queries, whatever the number of authors). */
export async function authorsOf(db: DbOrTx, uids: readonly (string | null)[]): Promise<Map<string, AuthorFacts>> {
  const wanted = [...new Set(uids.filter((u): u is string => !!u))];
  const out = new Map<string, AuthorFacts>();
  if (wanted.length === 0) return out;
  const [rows, roles] = await Promise.all([
    db
      .select({ uid: users.uid, username: users.username, avatar: users.avatar, titleName: users.titleName, titleColor: users.titleColor })
      .from(users)
      .where(inArray(users.uid, wanted)),
    db.select({ uid: userRoles.uid, roleId: userRoles.roleId }).from(userRoles).where(inArray(userRoles.uid, wanted)),
  ]);
  const roleMap = new Map<string, number[]>();
  for (const r of roles) (roleMap.get(r.uid) ?? roleMap.set(r.uid, []).get(r.uid)!).push(r.roleId);
  for (const r of rows) {
    out.set(r.uid, { username: r.username, avatar: r.avatar, role: roleBadge(roleMap.get(r.uid) ?? []), titleName: r.titleName, titleColor: r.titleColor });
  }
  return out;
}

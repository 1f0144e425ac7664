/**
 * An owner is who holds a problem, training, training category, contest, announcement or discussion:
 * the site or a group (Hydro's domain). It is resolved once per request with the caller, like a place
 * (`siteOwner` here, `groupOwner` in group/owner.ts), and the services take it instead of a `gid`. The
 * helpers below are the only code that tells the kinds apart: a service filters rows by `ownerFilter`
 * (one row: `sharedOrOwn`), stamps new rows with `ownerColumns`, and asks the policy with
 * `ownerColumns(o).gid`. The site-only lists (rank, home, profile) filter by the site owner's `ownerFilter`.
 */
import { eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor, MsgKey } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth.js';
import { type ApiError, forbidden } from '../../lib/errors.js';
import { actorIn, actorOf } from '../policy/index.js';

interface OwnerBase {
  /** the caller as the policy sees him in the owner (with his group level in a group) */
  actor: Actor | null;
  /** put in front of a new problem's display id (a group's short name; nothing on the site) */
  idPrefix: string;
}

export type Owner = ({ kind: 'site' } | { kind: 'group'; gid: number }) & OwnerBase;

/** The site as the owner, with the caller as the policy reads him there. */
export const siteOwner = (user: AuthUser | null): Owner => ({ kind: 'site', actor: actorOf(user), idPrefix: '' });

/** Rows held by the owner: `gid IS NULL` for the site, `gid = $1` for a group. */
export const ownerFilter = (o: Owner, gid: AnyPgColumn): SQL => (o.kind === 'group' ? eq(gid, o.gid) : isNull(gid));

/**
 * Rows the owner may use though it does not hold them all: the site's, shared with every owner (training
 * categories, tags), and its own. For the site that is its own rows alone.
 */
export const sharedOrOwnFilter = (o: Owner, gid: AnyPgColumn): SQL => or(isNull(gid), ownerFilter(o, gid))!;

/** In code, `sharedOrOwnFilter` for one row held by `gid`: the site's (shared with every owner) or the owner's own. */
export const sharedOrOwn = (o: Owner, gid: number | null): boolean => gid === null || (o.kind === 'group' && o.gid === gid);

/**
 * What differs by the kind of a row's owner where no caller is resolved: which site switch closes its
 * area (asked before the login), and where its page lives (a group's rows are shown inside the group).
 */
export const kindOfRow = (gid: number | null): Owner['kind'] => (gid === null ? 'site' : 'group');
export const rowPagePath = (gid: number | null, path: string): string => (gid === null ? path : `/group/${gid}${path}`);

/** The columns that make a new row the owner's (and the `gid` the policy's resources carry). */
export const ownerColumns = (o: Owner): { gid: number | null } => ({ gid: o.kind === 'group' ? o.gid : null });

/** A new problem's owner columns: HOJ's `is_group` flag as well, set on every problem a group makes. */
export const problemOwnerColumns = (o: Owner): { gid: number | null; isGroup: boolean } => ({ ...ownerColumns(o), isGroup: o.kind === 'group' });

/** A refusal in the owner's words: a group's own message (`groupKey`), or the site's "no permission". */
export const refusalIn = (o: Owner, groupKey: MsgKey): ApiError => (o.kind === 'group' ? forbidden(groupKey) : forbidden());

/**
 * The owner of a row held by `gid` (null: the site) without the group's gate, for the admin area's calls
 * by id: there the caller's rights on the row decide (the policy, with his level in the group), not his
 * membership, so a site problem admin is refused a group's problem in the group's words.
 */
export async function ownerOfRowUngated(db: DbOrTx, user: AuthUser, gid: number | null): Promise<Owner> {
  if (gid === null) return siteOwner(user);
  return { kind: 'group', gid, actor: await actorIn(db, user, gid), idPrefix: '' };
}

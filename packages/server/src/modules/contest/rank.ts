/**
 * The scoreboard calls (get-contest-rank, get-contest-outside-scoreboard): who may see
 * which board, then search, the viewer and concerned users pinned on top (HOJ: those rows are
 * repeated above the full list and counted in total), and paging.
 */
import { ContestStatus, showNameOf, type AcmRankRow, type ContestRankPage, type ContestRankQuery, type OiRankRow, type RankShowName } from '@oj/shared';
import { pageOffset } from '../../db/page.js';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { assertCanView, isContestAdmin, statusOf, visibleContest, type ContestRow } from './access.js';
import { contestBoard, sealedNow } from './board.js';

type Row = AcmRankRow | OiRankRow;

/**
 * A row as someone who is not the contest's staff sees it (as on trainings and group ranks):
 * no real name, no school, and a contest that ranks by real name shows him the username instead.
 * The cached board is shared, so the row is copied.
 */
function withoutPrivateNames<R extends Row>(r: R, c: ContestRow): R {
  return { ...r, realname: null, school: null, showName: showNameOf({ ...r, realname: null }, c.rankShowName as RankShowName) };
}

async function page(ctx: AppContext, c: ContestRow, user: AuthUser | null, q: ContestRankQuery): Promise<ContestRankPage<Row>> {
  const admin = await isContestAdmin(ctx.database.db, c, user);
  const sealed = !admin && sealedNow(c);
  const board = await contestBoard(ctx, c, { sealed, containsEnd: q.containsEnd, removeStar: q.removeStar }, admin && q.forceRefresh);
  return boardPage(c, user, admin, board, q, sealed);
}

/**
 * A page of a board as `user` is shown it: search, the viewer and concerned users pinned on top, and no
 * private names for non-staff (the real boards, and a virtual participant's ghost board).
 */
export function boardPage<R extends Row>(
  c: ContestRow,
  user: AuthUser | null,
  admin: boolean,
  board: { rows: R[]; byUid: Map<string, R> },
  q: ContestRankQuery,
  sealed: boolean,
): ContestRankPage<R> {
  const shown = (r: R): R => (admin ? r : withoutPrivateNames(r, c));
  const rows: R[] = board.rows;
  const keyword = q.keyword?.trim().toLowerCase();
  // Non-staff search what they are shown: neither a real name nor a school can be probed by keyword.
  const matches = admin
    ? (r: R) => r.showName.toLowerCase().includes(keyword!) || (r.school ?? '').toLowerCase().includes(keyword!)
    : c.rankShowName === 'realname'
      ? (r: R) => shown(r).showName.toLowerCase().includes(keyword!)
      : (r: R) => r.showName.toLowerCase().includes(keyword!);
  const listed = keyword ? rows.filter(matches) : rows;
  const pinned: R[] = [];
  const seen = new Set<string>();
  for (const uid of [...(user ? [user.uid] : []), ...q.concernedList]) {
    const r = board.byUid.get(uid);
    if (r && !seen.has(uid)) {
      seen.add(uid);
      pinned.push(r);
    }
  }
  const all: R[] = pinned.length ? [...pinned, ...listed] : listed;
  const from = pageOffset(q.currentPage, q.limit);
  // Only the page is copied without the private names (boards of thousands of rows are shared and cached).
  return { records: all.slice(from, from + q.limit).map(shown), total: all.length, sealed, pinned: pinned.length };
}

/** In-contest board: whoever may see the inside of the contest. */
export async function contestRank(ctx: AppContext, user: AuthUser, q: ContestRankQuery): Promise<ContestRankPage<Row>> {
  const c = await visibleContest(ctx.database.db, q.cid, user);
  await assertCanView(ctx.database.db, c, user);
  return page(ctx, c, user, q);
}

/** Outside board: anyone when the contest opens its rank (admins always), never before the start. */
export async function outsideRank(ctx: AppContext, user: AuthUser | null, q: ContestRankQuery): Promise<ContestRankPage<Row>> {
  const c = await visibleContest(ctx.database.db, q.cid, user);
  if (!c.openRank && !(await isContestAdmin(ctx.database.db, c, user))) throw fail('contestRankNotOpen');
  if (statusOf(c) === ContestStatus.SCHEDULED) throw fail('contestNotStarted');
  return page(ctx, c, user, q);
}

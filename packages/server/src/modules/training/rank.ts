/**
 * get-training-rank: a page of training_rank, which the database keeps
 * per (training, user) as verdicts come in (migration 0009_training_rank_refresh), read in the order of
 * its index: AC count desc, total run time asc, earlier last AC, uid. Real names only for the
 * training's admins.
 */
import { sql } from 'drizzle-orm';
import type { Page, TrainingRankCell, TrainingRankRecord, trainingRankQuery } from '@oj/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth.js';
import type { TrainingRankCellRow } from '../../db/schema/index.js';
import { pageOf, pageOffset } from '../../db/page.js';
import { likeOf } from '../../lib/like.js';
import type { AppContext } from '../../context.js';
import { enteredTrainingStanding } from './access.js';
import { trainingRankPage } from './rank-cache.js';
import { problemIdsOf } from './problems.js';

type RankRow = {
  rank: string | number;
  uid: string;
  username: string;
  realname: string | null;
  nickname: string | null;
  gender: string | null;
  school: string | null;
  avatar: string | null;
  ac: number;
  total_run_time: number;
  cells: Record<string, TrainingRankCellRow>;
};

/** Must stay the order of training_rank_order_idx (nulls last on ac, as the index was built). */
const ORDER = sql`r.ac desc nulls last, r.total_run_time, r.last_ac_time, r.uid`;

const userColumns = sql`u.username, u.realname, u.nickname, u.gender, u.school, u.avatar`;

type RankQuery = z.infer<typeof trainingRankQuery>;

export async function trainingRank(db: DbOrTx, user: AuthUser, q: RankQuery): Promise<Page<TrainingRankRecord>> {
  const { training: t, admin } = await enteredTrainingStanding(db, q.tid, user);
  return rankPage(db, t.id, admin, q);
}

/** The same page, kept per node until a change notice (rank-cache.ts); the access check runs every time. */
export async function cachedTrainingRank(ctx: AppContext, user: AuthUser, q: RankQuery): Promise<Page<TrainingRankRecord>> {
  const { db } = ctx.database;
  const { training: t, admin } = await enteredTrainingStanding(db, q.tid, user);
  const key = JSON.stringify([q.currentPage, q.limit, q.keyword?.trim() ?? '', admin]);
  return trainingRankPage(ctx, t.id, key, () => rankPage(db, t.id, admin, q));
}

async function rankPage(db: DbOrTx, tid: number, admin: boolean, q: RankQuery): Promise<Page<TrainingRankRecord>> {
  const offset = pageOffset(q.currentPage, q.limit);
  const keyword = q.keyword?.trim();
  const like = keyword ? likeOf(keyword) : null;
  // The page's users come from the index alone (training_rank_order_idx); only their rows (cells) and
  // users are then read, one index lookup each (lateral; `limit 1` keeps the planner from turning them
  // into a hash join that reads every user of the site). The numbering runs over the index before the
  // offset (a window is computed before LIMIT), so a page, or a search, shows each user's place in the
  // whole rank.
  const found = like
    ? sql`select p.rank, p.uid from (select r.uid, row_number() over (order by ${ORDER}) as rank from training_rank r where r.tid = ${tid}) p
        join user_info u on u.uid = p.uid where u.username ilike ${like} order by p.rank limit ${q.limit} offset ${offset}`
    : sql`select row_number() over (order by ${ORDER}) as rank, r.uid from training_rank r where r.tid = ${tid}
        order by ${ORDER} limit ${q.limit} offset ${offset}`;
  const { records: rows, total } = await pageOf(
    db
      .execute<RankRow>(sql`select p.rank, p.uid, u.*, r.ac, r.total_run_time, r.cells from (${found}) p
      cross join lateral (select ${userColumns} from user_info u where u.uid = p.uid limit 1) u
      cross join lateral (select r.ac, r.total_run_time, r.cells from training_rank r where r.tid = ${tid} and r.uid = p.uid limit 1) r
      order by p.rank`)
      .then((r) => r.rows),
    (like
      ? db.execute<{ n: number }>(
          sql`select count(*)::int as n from training_rank r join user_info u on u.uid = r.uid where r.tid = ${tid} and u.username ilike ${like}`,
        )
      : db.execute<{ n: number }>(sql`select count(*)::int as n from training_rank where tid = ${tid}`)
    ).then((r) => r.rows),
  );
  const problemIds = new Map((await problemIdsOf(db, tid)).map((p) => [String(p.pid), p.problemId]));
  return {
    total,
    records: rows.map((r) => {
      const submissionInfo: Record<string, TrainingRankCell> = {};
      for (const [pid, cell] of Object.entries(r.cells)) {
        const problemId = problemIds.get(pid);
        if (problemId) submissionInfo[problemId] = { status: cell.status, runTime: cell.runTime };
      }
      return {
        rank: Number(r.rank),
        uid: r.uid,
        username: r.username,
        realname: admin ? r.realname : null,
        nickname: r.nickname,
        gender: r.gender,
        school: r.school,
        avatar: r.avatar,
        ac: r.ac,
        totalRunTime: r.total_run_time,
        submissionInfo,
      };
    }),
  };
}

/**
 * Recomputes every rank row of a training from its submissions (the triggers keep them current; this
 * is for data written around them, e.g. the bench's bulk insert). Returns the number of users.
 */
export async function rebuildTrainingRank(db: DbOrTx, tid: number): Promise<number> {
  await db.execute(sql`delete from training_rank where tid = ${tid}`);
  const res = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (select training_rank_refresh(${tid}, u.uid) from (select distinct uid from judge where tid = ${tid}) u) x`);
  return res.rows[0]?.n ?? 0;
}

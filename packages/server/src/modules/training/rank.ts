/**
 * get-training-rank (spec 2 "Training rank record"): a page of training_rank, which the database keeps
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
import { likeOf } from '../problem/service.js';
import { enteredTraining, isTrainingAdmin } from './access.js';
import { problemsOf } from './problems.js';

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

export async function trainingRank(db: DbOrTx, user: AuthUser, q: z.infer<typeof trainingRankQuery>): Promise<Page<TrainingRankRecord>> {
  const t = await enteredTraining(db, q.tid, user);
  const offset = (q.currentPage - 1) * q.limit;
  const keyword = q.keyword?.trim();
  const like = keyword ? likeOf(keyword) : null;
  // Numbered over the whole training in the index's order, so a search keeps each user's place; without
  // a search the page is cut from the index before the users are joined.
  const page = sql`limit ${q.limit} offset ${offset}`;
  const numbered = sql`select r.uid, r.ac, r.total_run_time, r.cells, row_number() over (order by ${ORDER}) as rank
    from training_rank r where r.tid = ${t.id} order by ${ORDER} ${like ? sql`` : page}`;
  const [found, counted] = await Promise.all([
    db.execute<RankRow>(sql`select r.rank, r.uid, ${userColumns}, r.ac, r.total_run_time, r.cells
      from (${numbered}) r join user_info u on u.uid = r.uid
      ${like ? sql`where u.username ilike ${like}` : sql``} order by r.rank ${like ? page : sql``}`),
    like
      ? db.execute<{ n: number }>(
          sql`select count(*)::int as n from training_rank r join user_info u on u.uid = r.uid where r.tid = ${t.id} and u.username ilike ${like}`,
        )
      : db.execute<{ n: number }>(sql`select count(*)::int as n from training_rank where tid = ${t.id}`),
  ]);
  const rows = found.rows;
  const total = counted.rows[0]?.n ?? 0;
  const problemIds = new Map((await problemsOf(db, t.id)).map(({ problem }) => [String(problem.id), problem.problemId]));
  const admin = isTrainingAdmin(t, user);
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

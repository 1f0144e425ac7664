/**
 * The staff's side of plagiarism checks: start one (queued for a judge host), follow its progress, read
 * its pairs by similarity with filters, open a pair side by side, mark pairs reviewed.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PlagiarismCheckView, PlagiarismPairDetail, PlagiarismPairPage, PlagiarismPairRow, PlagiarismStartBody, plagiarismPairsQuery } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { pageOffset } from '../../db/page.js';
import { plagiarismChecks, plagiarismPairs } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { notifyQueue } from '../judge/queue.js';
import { checkableCheck, checkableScope, type CheckRow } from './access.js';

const scopeFilter = (s: { cid?: number; pid?: number }): SQL =>
  s.cid !== undefined ? eq(plagiarismChecks.cid, s.cid) : and(eq(plagiarismChecks.pid, s.pid!), sql`${plagiarismChecks.cid} is null`)!;

// the outer row by its table name: drizzle writes a bare column here, which the inner table would take
const pairCount = sql<number>`(select count(*)::int from plagiarism_pair p where p.check_id = plagiarism_check.id)`;

function viewOf(row: CheckRow & { pairCount: number }): PlagiarismCheckView {
  return {
    id: row.id,
    cid: row.cid,
    pid: row.pid,
    mode: row.mode,
    languages: row.languages,
    status: row.status,
    done: row.done,
    total: row.total,
    submissions: row.submissions,
    pairCount: row.pairCount,
    error: row.error,
    createdBy: row.createdBy ?? '',
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Queues a check; one queued or running check per contest or problem at a time (a second click waits for it). */
export async function startCheck(db: DbOrTx, user: AuthUser, body: PlagiarismStartBody): Promise<PlagiarismCheckView> {
  const scope = await checkableScope(db, user, body);
  const key = scope.kind === 'contest' ? { cid: scope.contest.id } : { pid: scope.pid };
  const row = await db.transaction(async (tx) => {
    // Serialises two starts of the same scope (two staff clicking at once, two API nodes).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('plagiarism'), ${key.cid ?? -key.pid!}::int)`);
    const [running] = await tx
      .select({ id: plagiarismChecks.id })
      .from(plagiarismChecks)
      .where(and(scopeFilter(key), sql`${plagiarismChecks.status} in ('queued', 'running')`));
    if (running) throw fail('plagiarismCheckRunning');
    const [inserted] = await tx
      .insert(plagiarismChecks)
      .values({ cid: key.cid ?? null, pid: key.pid ?? null, mode: body.mode, languages: [...new Set(body.languages)], createdBy: user.uid })
      .returning();
    await notifyQueue(tx);
    return inserted!;
  });
  return viewOf({ ...row, pairCount: 0 });
}

/** The checks of a contest or a problem, newest first. */
export async function listChecks(db: DbOrTx, user: AuthUser, s: { cid?: number; pid?: number }): Promise<PlagiarismCheckView[]> {
  await checkableScope(db, user, s);
  const rows = await db
    .select({ check: plagiarismChecks, pairCount })
    .from(plagiarismChecks)
    .where(scopeFilter(s))
    .orderBy(desc(plagiarismChecks.id))
    .limit(50);
  return rows.map((r) => viewOf({ ...r.check, pairCount: r.pairCount }));
}

export async function checkView(db: DbOrTx, user: AuthUser, id: number): Promise<PlagiarismCheckView> {
  const row = await checkableCheck(db, user, id);
  const [{ n }] = (await db.select({ n: count() }).from(plagiarismPairs).where(eq(plagiarismPairs.checkId, id))) as [{ n: number }];
  return viewOf({ ...row, pairCount: n });
}

/** The problem's id as shown: the contest's letter in a contest check, the problem id otherwise. */
const problemIdOf = (cid: number | null) =>
  cid !== null
    ? sql<string>`coalesce((select cp.display_id from contest_problem cp where cp.cid = ${cid}::int and cp.pid = pp.pid limit 1), (select p.problem_id from problem p where p.id = pp.pid), '')`
    : sql<string>`coalesce((select p.problem_id from problem p where p.id = pp.pid), '')`;

type PairSqlRow = {
  id: number;
  pid: number;
  problem_id: string;
  language: string;
  similarity: number;
  longest: number;
  overlap: number;
  reviewed: boolean;
  l_id: number;
  l_uid: string;
  l_name: string;
  r_id: number;
  r_uid: string;
  r_name: string;
  l_code?: string;
  r_code?: string;
  fragments?: PlagiarismPairDetail['fragments'];
};

const rowOf = (r: PairSqlRow): PlagiarismPairRow => ({
  id: r.id,
  pid: r.pid,
  problemId: r.problem_id,
  language: r.language,
  similarity: Number(r.similarity),
  longest: r.longest,
  overlap: r.overlap,
  left: { submitId: r.l_id, uid: r.l_uid, username: r.l_name },
  right: { submitId: r.r_id, uid: r.r_uid, username: r.r_name },
  reviewed: r.reviewed,
});

const pairSelect = (cid: number | null, withCode: boolean) => sql`
  select pp.id, pp.pid, ${problemIdOf(cid)} as problem_id, pp.language, pp.similarity, pp.longest, pp.overlap, pp.reviewed,
    l.submit_id as l_id, l.uid as l_uid, l.username as l_name, r.submit_id as r_id, r.uid as r_uid, r.username as r_name
    ${withCode ? sql`, l.code as l_code, r.code as r_code, pp.fragments` : sql``}
  from plagiarism_pair pp
  join judge l on l.submit_id = pp.left_submit_id
  join judge r on r.submit_id = pp.right_submit_id`;

/** A page of a check's pairs, the most similar first, filtered by problem and language. */
export async function pairPage(db: DbOrTx, user: AuthUser, q: z.output<typeof plagiarismPairsQuery>): Promise<PlagiarismPairPage> {
  const check = await checkableCheck(db, user, q.checkId);
  const where = sql`pp.check_id = ${check.id}::int
    ${q.pid !== undefined ? sql`and pp.pid = ${q.pid}::int` : sql``}
    ${q.language !== undefined ? sql`and pp.language = ${q.language}` : sql``}`;
  const [rows, total, problems, languages] = await Promise.all([
    db.execute<PairSqlRow>(sql`${pairSelect(check.cid, false)} where ${where}
      order by pp.similarity desc, pp.longest desc, pp.id limit ${q.limit}::int offset ${pageOffset(q.currentPage, q.limit)}::int`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from plagiarism_pair pp where ${where}`),
    db.execute<{ pid: number; problem_id: string }>(
      sql`select pp.pid, ${problemIdOf(check.cid)} as problem_id from (select distinct pid from plagiarism_pair where check_id = ${check.id}::int) pp order by 2`,
    ),
    db.execute<{ language: string }>(sql`select distinct language from plagiarism_pair where check_id = ${check.id}::int order by 1`),
  ]);
  return {
    records: rows.rows.map(rowOf),
    total: total.rows[0]?.n ?? 0,
    problems: problems.rows.map((p) => ({ pid: p.pid, problemId: p.problem_id })),
    languages: languages.rows.map((l) => l.language),
  };
}

async function pairCheck(db: DbOrTx, user: AuthUser, id: number): Promise<CheckRow> {
  const [pair] = await db.select({ checkId: plagiarismPairs.checkId }).from(plagiarismPairs).where(eq(plagiarismPairs.id, id));
  if (!pair) throw fail('plagiarismPairNotFound');
  return checkableCheck(db, user, pair.checkId);
}

/** One pair with both sources and the matching fragments. */
export async function pairDetail(db: DbOrTx, user: AuthUser, id: number): Promise<PlagiarismPairDetail> {
  const check = await pairCheck(db, user, id);
  const res = await db.execute<PairSqlRow>(sql`${pairSelect(check.cid, true)} where pp.id = ${id}::int`);
  const r = res.rows[0];
  if (!r) throw fail('plagiarismPairNotFound');
  const row = rowOf(r);
  return { ...row, left: { ...row.left, code: r.l_code ?? '' }, right: { ...row.right, code: r.r_code ?? '' }, fragments: r.fragments ?? [] };
}

export async function setReviewed(db: DbOrTx, user: AuthUser, id: number, reviewed: boolean): Promise<void> {
  await pairCheck(db, user, id);
  await db.update(plagiarismPairs).set({ reviewed }).where(eq(plagiarismPairs.id, id));
}

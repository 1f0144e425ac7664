/**
 * The statements of a page of the submission list outside contests (the bank's /status and a group's),
 * prepared once per filter combination and database handle. A page's own work in PostgreSQL is a
 * fraction of a millisecond (an index range and 50 rows by id), and parsing and planning the statement
 * again each time cost about as much, as did building it in drizzle (bench/README.md). So the statement
 * is named (node-postgres prepares it once per connection and PostgreSQL settles on a plan for it) and
 * only the values change.
 *
 * Constants stay literals in the text, never parameters: a plan made for any value of a parameter could
 * not use the partial list indexes (`cid = 0 and gid is null`, `auth <> 1`), whose predicates must be
 * proved from the text. A filter by a list of problem ids (a partial id matching several) is not
 * prepared: its best plan depends on the list's length, which only a plan made for the values knows.
 */
import { and, asc, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { ProblemAuth } from '@oj/shared';
import type { DbOrTx } from '../../db/client.js';
import { problems, submissions } from '../../db/schema/index.js';
import { submissionInfoColumns, type SubmissionInfoRow } from './submission-info.js';

/** Which filters a page has (the statement's text depends on these alone). */
export interface PageShape {
  /** a group's list (else the bank's: gid null) */
  group: boolean;
  /** by submitter: his uid ("only mine") or a username */
  who: 'uid' | 'username' | null;
  status: boolean;
  /** by one problem, or by a list of problem ids */
  pids: 'one' | 'many' | null;
  /** submissions on hidden and contest-only problems left out */
  hideHidden: boolean;
  /** the page next to a row, or by offset */
  cursor: 'next' | 'prev' | null;
}

/** The values of a page's filters (those its shape names). */
export type PageValues = {
  gid?: number;
  who?: string;
  status?: number;
  pid?: number;
  pids?: number[];
  cursor?: number;
  limit: number;
  offset: number;
};

const hole = (name: keyof PageValues) => sql.placeholder(name);

/** The list's rows on problems everyone sees; NOT IN over a subquery is a hash lookup per index tuple. */
const notOnHiddenProblem = sql`${submissions.pid} not in (select ${problems.id} from ${problems} where ${problems.auth} <> ${sql.raw(String(ProblemAuth.PUBLIC))})`;

function whereOf(s: PageShape): SQL {
  return and(
    sql`${submissions.cid} = 0`,
    s.group ? eq(submissions.gid, hole('gid')) : sql`${submissions.gid} is null`,
    s.who === 'uid' ? eq(submissions.uid, hole('who')) : s.who === 'username' ? eq(submissions.username, hole('who')) : undefined,
    s.status ? eq(submissions.status, hole('status')) : undefined,
    s.pids === 'one' ? eq(submissions.pid, hole('pid')) : s.pids === 'many' ? sql`${submissions.pid} = any(${hole('pids')}::int[])` : undefined,
    s.hideHidden ? notOnHiddenProblem : undefined,
  )!;
}

/**
 * The page's ids from the list indexes alone (by offset: skipped in the index; by cursor: the index is
 * entered at the cursor's row, so a deep page costs what the first does), then only those rows read,
 * newest first.
 */
function statementsOf(db: DbOrTx, s: PageShape) {
  const where = whereOf(s);
  const ids = db.select({ id: submissions.submitId }).from(submissions);
  const pageIds =
    s.cursor === 'next'
      ? ids
          .where(and(where, lt(submissions.submitId, hole('cursor'))))
          .orderBy(desc(submissions.submitId))
          .limit(hole('limit'))
      : s.cursor === 'prev'
        ? ids
            .where(and(where, gt(submissions.submitId, hole('cursor'))))
            .orderBy(asc(submissions.submitId))
            .limit(hole('limit'))
        : ids.where(where).orderBy(desc(submissions.submitId)).limit(hole('limit')).offset(hole('offset'));
  const rows = db
    .select(submissionInfoColumns)
    .from(submissions)
    .leftJoin(problems, eq(problems.id, submissions.pid))
    .where(inArray(submissions.submitId, pageIds))
    .orderBy(desc(submissions.submitId));
  const total = db.select({ n: count() }).from(submissions).where(where);
  if (s.pids === 'many') return { rows: (v: PageValues) => rows.execute(v), total: (v: PageValues) => total.execute(v) };
  const name = `submission_page_${s.group ? 'g' : 'b'}_${s.who ?? ''}_${s.status ? 's' : ''}_${s.pids ? 'p' : ''}_${s.hideHidden ? 'h' : ''}`;
  const preparedRows = rows.prepare(`${name}_${s.cursor ?? 'o'}`);
  const preparedTotal = total.prepare(`${name}_n`);
  return { rows: (v: PageValues) => preparedRows.execute(v), total: (v: PageValues) => preparedTotal.execute(v) };
}

type Statements = ReturnType<typeof statementsOf>;

const byDb = new WeakMap<object, Map<string, Statements>>();

function statements(db: DbOrTx, s: PageShape): Statements {
  let kept = byDb.get(db);
  if (!kept) byDb.set(db, (kept = new Map()));
  const key = JSON.stringify(s);
  let st = kept.get(key);
  if (!st) kept.set(key, (st = statementsOf(db, s)));
  return st;
}

/** A page's rows, newest first. */
export function pageRows(db: DbOrTx, s: PageShape, v: PageValues): Promise<SubmissionInfoRow[]> {
  return statements(db, s).rows(v);
}

/** How many rows the filters match (the cursor, limit and offset aside). */
export async function pageTotal(db: DbOrTx, s: PageShape, v: PageValues): Promise<number> {
  const [row] = await statements(db, s).total(v);
  return row?.n ?? 0;
}

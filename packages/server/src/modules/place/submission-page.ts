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
 * proved from the text. A filter by a long list of problem ids (a partial id matching many) is not
 * prepared: its best plan depends on the list's length, which only a plan made for the values knows.
 */
import { and, asc, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZES, ProblemAuth } from '@oj/shared';
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
  /** by one problem, or by a list of problem ids (a few: at most FEW_PIDS) */
  pids: 'one' | 'few' | 'many' | null;
  /** submissions on hidden and contest-only problems left out */
  hideHidden: boolean;
  /** the page next to a row, or by offset */
  cursor: 'next' | 'prev' | null;
  /** rows per page (a literal of the statement: one of the few page sizes) */
  limit: number;
  /** by offset: the first page (no offset at all) or a later one */
  firstPage: boolean;
}

/** The values of a page's filters (those its shape names). */
export type PageValues = {
  gid?: number;
  who?: string;
  status?: number;
  pid?: number;
  pids?: number[];
  cursor?: number;
  offset: number;
};

const hole = (name: keyof PageValues) => sql.placeholder(name);

/**
 * Up to this many problem ids a prepared statement serves the filter: a plan made for any list assumes
 * a short one, which is right for these (planning the statement for its values took longer than running
 * it: 1.6 ms for 11 ids). A longer list (a partial id matching hundreds of problems) is planned for its
 * values, as the best walk depends on its length (newest-first over the list index when it matches most
 * problems).
 */
export const FEW_PIDS = 32;

/**
 * The page sizes a pager offers (and the default): each is a statement of its own, as the size is a
 * literal. Any other size is planned for its values, so a client stepping through sizes cannot make a
 * connection keep hundreds of statements.
 */
const PREPARED_LIMITS = new Set([10, 15, 20, 30, 50, 100, PAGE_SIZES.submissionList]);

/** The list's rows on problems everyone sees; NOT IN over a subquery is a hash lookup per index tuple. */
const notOnHiddenProblem = sql`${submissions.pid} not in (select ${problems.id} from ${problems} where ${problems.auth} <> ${sql.raw(String(ProblemAuth.PUBLIC))})`;

function whereOf(s: PageShape): SQL {
  return and(
    sql`${submissions.cid} = 0`,
    s.group ? eq(submissions.gid, hole('gid')) : sql`${submissions.gid} is null`,
    s.who === 'uid' ? eq(submissions.uid, hole('who')) : s.who === 'username' ? eq(submissions.username, hole('who')) : undefined,
    s.status ? eq(submissions.status, hole('status')) : undefined,
    s.pids === 'one' ? eq(submissions.pid, hole('pid')) : s.pids ? sql`${submissions.pid} = any(${hole('pids')}::int[])` : undefined,
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
  // The page size is a literal: with a parameter there, a plan made for any value assumes a big page and
  // joins the whole table. So is a first page's missing offset.
  // (drizzle types `limit` as a number or placeholder and sends both as parameters; raw SQL it inlines)
  const limit = sql.raw(String(Math.trunc(s.limit))) as unknown as number;
  const pageIds =
    s.cursor === 'next'
      ? ids
          .where(and(where, lt(submissions.submitId, hole('cursor'))))
          .orderBy(desc(submissions.submitId))
          .limit(limit)
      : s.cursor === 'prev'
        ? ids
            .where(and(where, gt(submissions.submitId, hole('cursor'))))
            .orderBy(asc(submissions.submitId))
            .limit(limit)
        : s.firstPage
          ? ids.where(where).orderBy(desc(submissions.submitId)).limit(limit)
          : ids.where(where).orderBy(desc(submissions.submitId)).limit(limit).offset(hole('offset'));
  const rows = db
    .select(submissionInfoColumns)
    .from(submissions)
    .leftJoin(problems, eq(problems.id, submissions.pid))
    .where(inArray(submissions.submitId, pageIds))
    .orderBy(desc(submissions.submitId));
  const total = db.select({ n: count() }).from(submissions).where(where);
  if (s.pids === 'many' || !PREPARED_LIMITS.has(s.limit)) return { rows: (v: PageValues) => rows.execute(v), total: (v: PageValues) => total.execute(v) };
  const name = `submission_page_${s.group ? 'g' : 'b'}_${s.who ?? ''}_${s.status ? 's' : ''}_${s.pids ?? ''}_${s.hideHidden ? 'h' : ''}`;
  const preparedRows = rows.prepare(`${name}_${s.cursor ?? (s.firstPage ? 'first' : 'o')}_${s.limit}`);
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

/**
 * The bank's problem list as fields kept per API node, so a page with a keyword no request asked since
 * the list last changed is filtered in memory instead of by an `ilike` over every title and display id
 * (that scan was most of such a request's CPU: bench/README.md). The fields are kept with the
 * `problem_list_version` they were read at (list-cache.ts) and read again when it moves, so every node
 * follows a change committed anywhere at its next request.
 *
 * The keyword matches as `title ilike '%kw%' or problem_id ilike '%kw%'` with `%`, `_` and `\` of the
 * keyword literal (lib/like.ts): PostgreSQL's ILIKE on a UTF-8 database compares `lower()` of both sides,
 * so the lowered title and display id are read from PostgreSQL (its locale, not JavaScript's, decides
 * what case is) and the keyword is lowered by PostgreSQL too: ASCII letters by the per-letter table read
 * with the fields (no round trip), any other keyword by one `select lower($1)`. What remains is
 * substring containment, which is what a LIKE pattern `%literal%` is.
 */
import { OWN_OJ, ProblemAuth, REMOTE_OJS, type Tag } from '@oj/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import { bankProblems } from './bank.js';
import type { ListedPage } from './list-cache.js';

/** One bank problem as the list shows and filters it. */
interface IndexedProblem {
  pid: number;
  problemId: string;
  title: string;
  difficulty: number;
  type: number;
  auth: number;
  isRemote: boolean;
  remoteOj: string | null;
  /** PostgreSQL's lower() of the title and of the display id */
  lowTitle: string;
  lowId: string;
  /** problem_tag rows of the problem, by tag id */
  tids: number[];
}

export interface ListIndex {
  /** bank problems by id */
  problems: IndexedProblem[];
  tags: Map<number, Tag>;
  /** PostgreSQL's lower() of each ASCII capital letter */
  asciiLower: Map<string, string>;
}

/** The list's filters as the route has validated them. */
export interface ListFilter {
  /** the public problems only, else `auth` when given */
  seesHidden: boolean;
  auth?: number;
  oj?: string;
  difficulty?: number;
  /** trimmed, not empty */
  keyword: string;
  tagIds: number[];
  offset: number;
  limit: number;
}

const held = new WeakMap<AppContext, { version: string; index: Promise<ListIndex> }>();

/** The fields at `version` (the caller read it before): kept while it is the same, else read again. */
export function listIndexAt(ctx: AppContext, version: string): Promise<ListIndex> {
  const h = held.get(ctx);
  if (h && h.version === version) return h.index;
  const entry = { version, index: readIndex(ctx) };
  // A request that read the version just before a change must not push out the fields of the newer one.
  if (h && BigInt(version) < BigInt(h.version)) return entry.index;
  held.set(ctx, entry);
  entry.index.catch(() => held.get(ctx) === entry && held.delete(ctx));
  return entry.index;
}

/** The bank's listed fields, as `bankProblems` says which rows are the bank's (compiled once, read as arrays). */
const BANK_FIELDS = new PgDialect().sqlToQuery(
  sql`select id, problem_id, title, difficulty, type, auth, is_remote, remote_oj, lower(title), lower(problem_id) from problem where ${bankProblems} order by id`,
);

async function readIndex(ctx: AppContext): Promise<ListIndex> {
  const { pool } = ctx.database;
  // Row arrays, not objects: 10 000 problems and their tags are read at every change of the list.
  const [problemRows, tagRows, linkRows, lowerRows] = await Promise.all([
    pool.query<[number, string, string, number, number, number, boolean, string | null, string, string]>({
      rowMode: 'array',
      text: BANK_FIELDS.sql,
      values: BANK_FIELDS.params,
    }),
    pool.query<[number, string, string | null, string, number | null]>({
      rowMode: 'array',
      text: 'select id, name, color, oj, tcid from tag order by id',
    }),
    pool.query<[number, number]>({ rowMode: 'array', text: 'select pid, tid from problem_tag order by pid, tid' }),
    pool.query<[string[]]>({ rowMode: 'array', text: `select array(select lower(chr(c)) from generate_series(65, 90) c)` }),
  ]);
  const problems = problemRows.rows.map(
    ([pid, problemId, title, difficulty, type, auth, isRemote, remoteOj, lowTitle, lowId]): IndexedProblem => ({
      pid,
      problemId,
      title,
      difficulty,
      type,
      auth,
      isRemote,
      remoteOj,
      lowTitle,
      lowId,
      tids: [],
    }),
  );
  const byPid = new Map(problems.map((p) => [p.pid, p]));
  for (const [pid, tid] of linkRows.rows) byPid.get(pid)?.tids.push(tid);
  const tags = new Map(tagRows.rows.map(([id, name, color, oj, tcid]) => [id, { id, name, color, oj, tcid }]));
  const letters = lowerRows.rows[0]![0];
  const asciiLower = new Map(letters.map((l, i) => [String.fromCharCode(65 + i), l]));
  return { problems, tags, asciiLower };
}

/** The keyword as PostgreSQL's lower() makes it. */
export async function lowerAsPostgres(ctx: AppContext, index: ListIndex, keyword: string): Promise<string> {
  if (/^\p{ASCII}*$/u.test(keyword)) return keyword.replace(/[A-Z]/g, (c) => index.asciiLower.get(c) ?? c);
  const res = await ctx.database.pool.query<{ l: string }>({ name: 'problem_list_lower', text: 'select lower($1::text) as l', values: [keyword] });
  return res.rows[0]!.l;
}

/** As service.ts's ojCondition: 'ME'/'Mine' ours, 'All' (or none) every one, a remote judge's key, else none. */
export function ojMatcher(oj: string | undefined): (p: Pick<IndexedProblem, 'isRemote' | 'remoteOj'>) => boolean {
  if (!oj || oj.toLowerCase() === 'all') return () => true;
  if (oj === OWN_OJ || oj.toLowerCase() === 'mine') return (p) => !p.isRemote;
  const key = REMOTE_OJS.find((k) => k === oj.toUpperCase());
  if (!key) return () => false;
  return (p) => p.isRemote && p.remoteOj === key;
}

/** The page `f` asks of the indexed list, the keyword already lowered (`low`) as PostgreSQL would. */
export function pageFromIndex(index: ListIndex, f: ListFilter, low: string): ListedPage {
  const ojOk = ojMatcher(f.oj);
  const auth = f.seesHidden ? f.auth : ProblemAuth.PUBLIC;
  const matched = index.problems.filter(
    (p) =>
      (auth === undefined || p.auth === auth) &&
      (f.difficulty === undefined || p.difficulty === f.difficulty) &&
      ojOk(p) &&
      (p.lowTitle.includes(low) || p.lowId.includes(low)) &&
      f.tagIds.every((t) => p.tids.includes(t)),
  );
  const records = matched.slice(f.offset, f.offset + f.limit).map((p) => ({
    pid: p.pid,
    problemId: p.problemId,
    title: p.title,
    difficulty: p.difficulty,
    type: p.type,
    auth: p.auth,
    tags: p.tids.flatMap((t) => index.tags.get(t) ?? []),
  }));
  return { records, total: matched.length };
}

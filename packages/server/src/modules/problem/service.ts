import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  OWN_OJ,
  may,
  ProblemAuth,
  REMOTE_OJS,
  type RemoteOj,
  type JudgeCaseMode,
  type JudgeMode,
  type GroupProblemRow,
  type Page,
  type ProblemListQuery,
  type ProblemListRow,
  type ProblemView,
  type Resource,
  type Tag,
  type TagsAndClassification,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { languages, problems, problemTags, tagClassifications, tags } from '../../db/schema/index.js';
import { pageCountedIfNeeded, pageOf, pageOffset } from '../../db/page.js';
import type { AuthUser } from '../../lib/auth.js';
import { notFound } from '../../lib/errors.js';
import { ownerFilter, siteOwner, type Owner } from '../owner/index.js';
import { actorIn, maySite, ownerShownTo } from '../policy/index.js';
import { bankProblems } from './bank.js';
import { keptProblemPage } from './list-cache.js';
import { listIndexAt, lowerAsPostgres, pageFromIndex } from './list-index.js';
import { countsOf, emptyCount } from './verdict-counts.js';

export type ProblemRow = typeof problems.$inferSelect;

/** A problem as the policy reads it (`may` view and administer). */
export const problemResource = (p: Pick<ProblemRow, 'author' | 'gid' | 'auth' | 'isGroup'>): Resource => ({
  kind: 'problem',
  author: p.author,
  gid: p.gid,
  auth: p.auth,
  isGroup: p.isGroup,
});

/**
 * May the caller open the problem (policy `view`, as its detail route asks): a bank problem as the site
 * roles say; a group's problem is the group's inside, for its members (its admins: every one of them),
 * and only while the group itself is shown to him. The site roles give nothing in a group they are not in.
 */
export async function mayViewProblem(db: DbOrTx, user: AuthUser | null, p: Pick<ProblemRow, 'author' | 'auth' | 'gid' | 'isGroup'>): Promise<boolean> {
  if (!(await ownerShownTo(db, user, p.gid))) return false;
  return may(await actorIn(db, user, p.gid), 'view', problemResource(p));
}

export async function problemByDisplayId(db: DbOrTx, problemId: string): Promise<ProblemRow | undefined> {
  const [row] = await db.select().from(problems).where(sql`upper(${problems.problemId}) = upper(${problemId})`);
  return row;
}

export async function problemById(db: DbOrTx, pid: number): Promise<ProblemRow | undefined> {
  const [row] = await db.select().from(problems).where(eq(problems.id, pid));
  return row;
}

const tagColumns = { id: tags.id, name: tags.name, color: tags.color, oj: tags.oj, tcid: tags.tcid };

/** Tags of each problem (by problem id). */
export async function tagsOf(db: DbOrTx, pids: number[]): Promise<Map<number, Tag[]>> {
  const out = new Map<number, Tag[]>();
  if (!pids.length) return out;
  const rows = await db
    .select({ pid: problemTags.pid, ...tagColumns })
    .from(problemTags)
    .innerJoin(tags, eq(tags.id, problemTags.tid))
    .where(inArray(problemTags.pid, pids))
    .orderBy(asc(tags.id));
  for (const { pid, ...tag } of rows) {
    const list = out.get(pid) ?? [];
    list.push(tag);
    out.set(pid, list);
  }
  return out;
}

/** Condition for the problem bank chosen in the list ('ME'/'Mine' ours, 'All' every one, else a remote judge). */
export function ojCondition(oj: string | undefined): SQL | undefined {
  if (!oj || oj.toLowerCase() === 'all') return undefined;
  if (oj === OWN_OJ || oj.toLowerCase() === 'mine') return eq(problems.isRemote, false);
  const key = REMOTE_OJS.find((k) => k === oj.toUpperCase());
  if (!key) return sql`false`;
  return and(eq(problems.isRemote, true), eq(problems.remoteOj, key));
}

export async function problemList(ctx: AppContext, user: AuthUser | null, q: ProblemListQuery): Promise<Page<ProblemListRow>> {
  const { db } = ctx.database;
  const conds: (SQL | undefined)[] = [bankProblems, ojCondition(q.oj)];
  const seesHidden = maySite(user, 'listHiddenProblems');
  if (seesHidden) {
    if (q.auth !== undefined) conds.push(eq(problems.auth, q.auth));
  } else {
    conds.push(eq(problems.auth, ProblemAuth.PUBLIC));
  }
  if (q.difficulty !== undefined) conds.push(eq(problems.difficulty, q.difficulty));
  const keyword = q.keyword?.trim();
  const tagIds = [...new Set(q.tagId ?? [])];
  if (tagIds.length) {
    // Problems carrying every one of the tags.
    conds.push(
      sql`${problems.id} in (select pt.pid from problem_tag pt where pt.tid in (${sql.join(
        tagIds.map((t) => sql`${t}`),
        sql`, `,
      )}) group by pt.pid having count(distinct pt.tid) = ${tagIds.length})`,
    );
  }
  const where = and(...conds);
  const offset = pageOffset(q.currentPage, q.limit);
  // Everything the rows and the total depend on; the caller counts only through seeing hidden problems.
  const key = JSON.stringify([
    seesHidden ? (q.auth ?? 0) : -1,
    q.oj ?? '',
    q.difficulty ?? -1,
    keyword ?? '',
    [...tagIds].sort((a, b) => a - b),
    offset,
    q.limit,
  ]);
  const { page, counts } = await keptProblemPage(ctx, key, async (version) => {
    if (keyword) {
      // Matched in memory (list-index.ts): an `ilike` over every title and display id was most of the cost.
      const index = await listIndexAt(ctx, version);
      const filter = { seesHidden, auth: q.auth, oj: q.oj, difficulty: q.difficulty, keyword, tagIds, offset, limit: q.limit };
      return pageFromIndex(index, filter, await lowerAsPostgres(ctx, index, keyword));
    }
    const { records: rows, total } = await pageCountedIfNeeded(
      db
        .select({
          pid: problems.id,
          problemId: problems.problemId,
          title: problems.title,
          difficulty: problems.difficulty,
          type: problems.type,
          auth: problems.auth,
        })
        .from(problems)
        .where(where)
        .orderBy(asc(problems.id))
        .limit(q.limit)
        .offset(offset),
      offset,
      q.limit,
      () => db.select({ n: count() }).from(problems).where(where),
    );
    const tagMap = await tagsOf(
      db,
      rows.map((r) => r.pid),
    );
    return { records: rows.map((r) => ({ ...r, tags: tagMap.get(r.pid) ?? [] })), total };
  });
  return {
    records: page.records.map((r) => ({ ...r, ...(counts.get(r.pid) ?? emptyCount()) })),
    total: page.total,
  };
}

const ojOrDefault = (oj: string | undefined) => (!oj || oj.toLowerCase() === 'mine' ? OWN_OJ : oj);

export async function allTags(ctx: AppContext, oj: string | undefined): Promise<Tag[]> {
  const o = ojOrDefault(oj);
  return ctx.database.db
    .select(tagColumns)
    .from(tags)
    .where(and(ownerFilter(siteOwner(null), tags.gid), o.toLowerCase() === 'all' ? undefined : eq(tags.oj, o)))
    .orderBy(asc(tags.id));
}

/** The tag panel: classifications by rank with their tags, then the unclassified tags (classification null). */
export async function tagsAndClassifications(ctx: AppContext, oj: string | undefined): Promise<TagsAndClassification[]> {
  const o = ojOrDefault(oj);
  const all = o.toLowerCase() === 'all';
  const [classes, tagList] = await Promise.all([
    ctx.database.db
      .select({ id: tagClassifications.id, name: tagClassifications.name, oj: tagClassifications.oj, rank: tagClassifications.rank })
      .from(tagClassifications)
      .where(all ? undefined : eq(tagClassifications.oj, o))
      .orderBy(asc(tagClassifications.rank), asc(tagClassifications.id)),
    allTags(ctx, o),
  ]);
  const known = new Set(classes.map((c) => c.id));
  const out: TagsAndClassification[] = classes.map((c) => ({ classification: c, tagList: tagList.filter((t) => t.tcid === c.id) }));
  const rest = tagList.filter((t) => t.tcid === null || !known.has(t.tcid));
  if (rest.length) out.push({ classification: null, tagList: rest });
  return out;
}

export async function randomProblem(ctx: AppContext): Promise<{ problemId: string }> {
  const [row] = await ctx.database.db
    .select({ problemId: problems.problemId })
    .from(problems)
    .where(and(eq(problems.auth, ProblemAuth.PUBLIC), bankProblems, eq(problems.isRemote, false)))
    .orderBy(sql`random()`)
    .limit(1);
  if (!row) throw notFound('problemNotFound');
  return row;
}

export function problemView(p: ProblemRow): ProblemView {
  return {
    id: p.id,
    problemId: p.problemId,
    title: p.title,
    author: p.author,
    description: p.description,
    input: p.input,
    output: p.output,
    examples: p.examples,
    hint: p.hint,
    source: p.source,
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    stackLimit: p.stackLimit,
    difficulty: p.difficulty,
    type: p.type,
    ioScore: p.ioScore,
    auth: p.auth,
    codeShare: p.codeShare,
    judgeMode: p.judgeMode as JudgeMode,
    judgeCaseMode: p.judgeCaseMode as JudgeCaseMode,
    gid: p.gid,
    isRemote: p.isRemote,
    remoteOj: p.isRemote ? (p.remoteOj as RemoteOj | null) : null,
    remoteUrl: p.isRemote ? p.remoteUrl : null,
    isFileIO: p.isFileIo,
    ioReadFileName: p.ioReadFileName,
    ioWriteFileName: p.ioWriteFileName,
    userExtraFile: p.userExtraFile ?? null,
    codeWrappers: p.codeWrappers ?? {},
    openCaseResult: p.openCaseResult,
    openCaseData: p.openCaseData,
    gmtCreate: p.gmtCreate.toISOString(),
    gmtModified: p.gmtModified.toISOString(),
  };
}

/** Names of the languages judged on `oj` (our judges' by default, else a remote site's) in display order. */
export async function knownLanguages(db: DbOrTx, oj: string = OWN_OJ): Promise<string[]> {
  const rows = await db.select({ name: languages.name }).from(languages).where(eq(languages.oj, oj)).orderBy(asc(languages.seq), asc(languages.id));
  return rows.map((r) => r.name);
}

/** Where a problem is judged: a remote problem on its site, the others by our judges (oj ME). */
export const judgedOn = (p: Pick<ProblemRow, 'isRemote' | 'remoteOj'>): string => (p.isRemote && p.remoteOj ? p.remoteOj : OWN_OJ);

/** The languages a problem accepts: its own list, or every language of where it is judged when it names none. */
export async function problemLanguages(db: DbOrTx, p: Pick<ProblemRow, 'languages' | 'isRemote' | 'remoteOj'>): Promise<string[]> {
  const known = await knownLanguages(db, judgedOn(p));
  if (!p.languages.length) return known;
  const allowed = new Set(p.languages);
  return known.filter((l) => allowed.has(l));
}

/** Language → template of the languages the problem accepts (only templates that exist). */
export async function templatesOf(db: DbOrTx, p: ProblemRow, langs?: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const l of langs ?? (await problemLanguages(db, p))) if (p.codeTemplates[l] !== undefined) out[l] = p.codeTemplates[l]!;
  return out;
}

export async function codeTemplates(ctx: AppContext, user: AuthUser, pid: number): Promise<Record<string, string>> {
  const p = await problemById(ctx.database.db, pid);
  if (!p || !(await mayViewProblem(ctx.database.db, user, p))) throw notFound('problemNotFound');
  return templatesOf(ctx.database.db, p);
}

/** The owner's public problems for those inside it (a group's members' list), newest first, with tags and verdict counts. */
export async function publicProblemsOf(ctx: AppContext, owner: Owner, q: { currentPage: number; limit: number }): Promise<Page<GroupProblemRow>> {
  const { db } = ctx.database;
  const where = and(ownerFilter(owner, problems.gid), eq(problems.auth, ProblemAuth.PUBLIC));
  const { records: rows, total } = await pageOf(
    db
      .select({ id: problems.id, problemId: problems.problemId, title: problems.title, difficulty: problems.difficulty, type: problems.type })
      .from(problems)
      .where(where)
      .orderBy(desc(problems.id))
      .limit(q.limit)
      .offset(pageOffset(q.currentPage, q.limit)),
    db.select({ n: count() }).from(problems).where(where),
  );
  const pids = rows.map((r) => r.id);
  const [tagMap, counts] = await Promise.all([tagsOf(db, pids), countsOf(db, pids)]);
  return {
    records: rows.map((r) => ({ ...r, tags: tagMap.get(r.id) ?? [], total: counts.get(r.id)?.total ?? 0, ac: counts.get(r.id)?.ac ?? 0 })),
    total,
  };
}

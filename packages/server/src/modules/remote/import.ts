/**
 * Importing a remote problem: a judge that serves the site fetches it (a remote job), then the problem
 * is written in one transaction with where it goes (the bank; a training, a contest; a group's problems).
 * The rights are checked before the site is asked, and nothing is written when the fetch fails, so an
 * import either lands whole or not at all. Importing the same problem again refreshes its statement.
 */
import { and, eq, sql } from 'drizzle-orm';
import { MSG, type ImportedRemoteProblem, type ProblemExample, type RemoteOj, type RemoteProblemData } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { problems } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { ApiError, fail } from '../../lib/errors.js';
import { runJudgeJob } from '../judge-job/service.js';
import { problemOwnerColumns, type Owner } from '../owner/index.js';
import { statementForMath } from './statement-math.js';

/** A fetch waits this long for a judge's answer (a site may be slow, and a Codeforces login takes a few pages). */
const FETCH_LEASE_MS = 90_000;

/** The problem as its site shows it, fetched by a judge that serves the site; the site's refusal as the admin's error. */
export async function fetchRemoteProblem(ctx: AppContext, oj: RemoteOj, problemId: string): Promise<RemoteProblemData> {
  const result = await runJudgeJob(ctx, { type: 'remoteProblem', oj, problemId }, { leaseMs: FETCH_LEASE_MS }).catch((e: unknown) => {
    // No judge took it: say which site has none, not the checker-compile wording of the general case.
    if (e instanceof ApiError && e.message === MSG.noJudgeForJob) throw fail('remoteNoJudgeForImport', { oj });
    throw e;
  });
  if (result.type === 'remoteProblem') return result.problem;
  if (result.type !== 'remoteFailed') throw fail('remoteImportFailed', { oj, problemId, error: `unexpected answer ${result.type}` });
  const error = result.error.slice(0, 500);
  switch (result.failure) {
    case 'notFound':
      throw fail('remoteProblemNotFound', { oj, problemId });
    case 'badId':
      throw fail('remoteProblemBadId', { oj, problemId });
    case 'unreachable':
    case 'rateLimited':
      throw fail('remoteSiteUnreachable', { oj, error });
    case 'loginFailed':
      throw fail('remoteLoginFailed', { oj, error });
    default:
      throw fail('remoteImportFailed', { oj, problemId, error });
  }
}

/** Samples in the statement's example list; the site's pages are the statement as they are (HTML or Markdown). */
const examplesOf = (p: RemoteProblemData): ProblemExample[] => p.samples.map((s) => ({ input: s.input, output: s.output }));

/** A PDF-only statement (some Gym contests) is a link to the file on the site. */
const descriptionOf = (p: RemoteProblemData) =>
  p.pdfUrl && !p.description.trim() ? `<p><a href="${p.pdfUrl.replace(/"/g, '&quot;')}" target="_blank" rel="noopener">PDF</a></p>` : p.description;

/** The columns a remote problem takes from its site: written when it is made, and again on every import. */
function statementColumns(oj: RemoteOj, p: RemoteProblemData, user: AuthUser) {
  const text = (html: string) => (p.format === 'html' ? statementForMath(html) : html);
  return {
    title: p.title,
    description: text(descriptionOf(p)),
    input: text(p.input),
    output: text(p.output),
    hint: text(p.hint),
    examples: examplesOf(p),
    source: p.source || `${oj} ${p.remoteId}`,
    timeLimit: p.timeLimitMs,
    memoryLimit: p.memoryLimitMb,
    remoteUrl: p.url,
    isFileIo: !!p.io,
    ioReadFileName: p.io?.input ?? null,
    ioWriteFileName: p.io?.output ?? null,
    modifiedUser: user.username,
    gmtModified: new Date(),
  };
}

/**
 * The site's tags on the problem, as tags of that site (oj CF, …: the bank's tag panel of the site shows
 * them, everyone's to use). An import replaces the site's tags of the problem; tags of our own that an
 * admin added stay.
 */
async function linkSiteTags(tx: DbOrTx, pid: number, oj: RemoteOj, names: string[]) {
  const clean = [...new Set(names.map((n) => n.trim()).filter((n) => n.length > 0 && n.length <= 64))].slice(0, 20);
  await tx.execute(sql`delete from problem_tag pt using tag t where pt.tid = t.id and pt.pid = ${pid} and t.oj = ${oj}`);
  if (!clean.length) return;
  const list = sql`${sql.param(clean)}::text[]`;
  await tx.execute(sql`insert into tag (name, oj) select unnest(${list}), ${oj} on conflict do nothing`);
  await tx.execute(sql`
    insert into problem_tag (pid, tid) select ${pid}, id from tag where oj = ${oj} and name = any(${list})
    on conflict do nothing`);
}

/**
 * Makes or refreshes the owner's copy of the remote problem; the display id is `<owner prefix><OJ>-<id>`
 * as HOJ names them (CF-1A). A display id taken by some other problem is refused.
 */
export async function upsertRemoteProblem(tx: DbOrTx, owner: Owner, user: AuthUser, oj: RemoteOj, p: RemoteProblemData): Promise<ImportedRemoteProblem> {
  const problemId = `${owner.idPrefix}${oj}-${p.remoteId}`;
  const columns = statementColumns(oj, p, user);
  const ownerCols = problemOwnerColumns(owner);
  const [same] = await tx
    .select({ id: problems.id, problemId: problems.problemId })
    .from(problems)
    .where(
      and(
        eq(problems.isRemote, true),
        eq(problems.remoteOj, oj),
        eq(problems.remoteId, p.remoteId),
        ownerCols.gid === null ? sql`${problems.gid} is null` : eq(problems.gid, ownerCols.gid),
      ),
    )
    .for('update');
  if (same) {
    await tx.update(problems).set(columns).where(eq(problems.id, same.id));
    await linkSiteTags(tx, same.id, oj, p.tags);
    return { id: same.id, problemId: same.problemId, title: p.title, created: false };
  }
  try {
    const [row] = await tx
      .insert(problems)
      .values({
        ...columns,
        ...ownerCols,
        problemId,
        author: user.username,
        isRemote: true,
        remoteOj: oj,
        remoteId: p.remoteId,
        auth: 1,
        type: 0,
        languages: [],
      })
      .returning({ id: problems.id });
    await linkSiteTags(tx, row!.id, oj, p.tags);
    return { id: row!.id, problemId, title: p.title, created: true };
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('remoteProblemExists', { problemId });
    throw e;
  }
}

/**
 * Fetches the problem, then writes it and its link in one transaction: `link` puts the problem where the
 * import goes (nothing for the bank). A failed link (the display id taken in the contest) undoes the
 * problem too.
 */
export async function importRemote(
  ctx: AppContext,
  owner: Owner,
  user: AuthUser,
  q: { name: RemoteOj; problemId: string },
  link: (tx: DbOrTx, problem: ImportedRemoteProblem) => Promise<unknown> = async () => undefined,
): Promise<ImportedRemoteProblem> {
  const fetched = await fetchRemoteProblem(ctx, q.name, q.problemId);
  return ctx.database.db.transaction(async (tx) => {
    const imported = await upsertRemoteProblem(tx, owner, user, q.name, fetched);
    await link(tx, imported);
    return imported;
  });
}

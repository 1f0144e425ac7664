/**
 * The test-data store: every input, answer, checker and extra file lives once under
 * DATA_DIR/testcase/<sha256 of the content>. Judges fetch a problem's manifest (names → hashes) and
 * then only the files they do not have yet; a changed test set is a new manifest, so it reaches every
 * judge with its next task and nothing has to be synchronised or restarted.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import type { BuiltinChecker, CheckerConvention, FileRef, JudgeCaseMode, JudgeMode, ManifestCase, ProblemManifest, ProblemTypeCode } from '@oj/shared';
import type { Database } from '../db/client.js';
import { problemCases, problems } from '../db/schema/index.js';

const HASH_RE = /^[0-9a-f]{64}$/;

export const isHash = (s: string) => HASH_RE.test(s);

export const testdataRoot = (dataDir: string) => path.join(dataDir, 'testcase');

/** Where the blob of `hash` lives (the hash is checked, so no other path can come out). */
export function blobPath(dataDir: string, hash: string): string {
  if (!isHash(hash)) throw new Error(`not a sha256 hash: ${hash}`);
  return path.join(testdataRoot(dataDir), hash);
}

export const sha256 = (content: Buffer | string) => crypto.createHash('sha256').update(content).digest('hex');

/** A test file's content: the bytes (or UTF-8 text), or a file to stream from (large uploads are never read into memory). */
export type CaseContent = Buffer | string | { path: string };

/** sha256 and size of a file, read as a stream. */
async function hashFile(file: string): Promise<{ hash: string; size: number }> {
  const h = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    h.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hash: h.digest('hex'), size };
}

/** Stores a content in the store (once: the same bytes are the same file) and returns its address. */
export async function putBlob(dataDir: string, content: CaseContent): Promise<{ hash: string; size: number }> {
  const source = typeof content === 'string' || Buffer.isBuffer(content) ? null : content.path;
  const buf = source !== null ? null : typeof content === 'string' ? Buffer.from(content, 'utf8') : (content as Buffer);
  const { hash, size } = buf ? { hash: sha256(buf), size: buf.length } : await hashFile(source!);
  const file = blobPath(dataDir, hash);
  if (!fs.existsSync(file)) {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // Write aside and rename: a judge downloading at the same moment never sees half a file.
    const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    if (buf) await fs.promises.writeFile(tmp, buf);
    else await fs.promises.copyFile(source!, tmp);
    await fs.promises.rename(tmp, file);
  }
  return { hash, size };
}

export interface CaseInput {
  input: CaseContent;
  output: CaseContent;
  /** Names shown to admins and in case results; default `<n>.in` / `<n>.out`. */
  inputName?: string;
  outputName?: string;
  /** OI points; default 0. */
  score?: number;
  /** Subtask number; default 1. */
  groupNum?: number;
}

export type StoredCase = Omit<typeof problemCases.$inferInsert, 'pid'>;

/**
 * Puts the files of a test set into the store and gives the problem_case rows for them (seq 1…n,
 * default names `<n>.in`/`<n>.out`); the store is content-addressed, so files of a set that is never
 * saved are only unused blobs.
 */
export async function storeCases(dataDir: string, cases: CaseInput[]): Promise<StoredCase[]> {
  const rows: StoredCase[] = [];
  for (const [i, c] of cases.entries()) {
    const input = await putBlob(dataDir, c.input);
    const output = await putBlob(dataDir, c.output);
    rows.push({
      seq: i + 1,
      inputName: c.inputName ?? `${i + 1}.in`,
      inputHash: input.hash,
      inputSize: input.size,
      outputName: c.outputName ?? `${i + 1}.out`,
      outputHash: output.hash,
      outputSize: output.size,
      score: c.score ?? 0,
      groupNum: c.groupNum ?? 1,
    });
  }
  return rows;
}

export interface SavedCaseSet {
  caseVersion: string;
  caseIds: number[];
}

/**
 * Replaces the test set of a problem: files into the store, rows into problem_case (seq 1…n) and a new,
 * strictly greater case_version (epoch ms, or the old one + 1 when saved twice in one millisecond).
 */
export async function saveCaseSet(database: Database, dataDir: string, pid: number, cases: CaseInput[]): Promise<SavedCaseSet> {
  const stored = (await storeCases(dataDir, cases)).map((row) => ({ ...row, pid }));
  return database.db.transaction(async (tx) => {
    const [problem] = await tx.select({ id: problems.id }).from(problems).where(eq(problems.id, pid)).for('update');
    if (!problem) throw new Error(`problem ${pid} does not exist`);
    await tx.delete(problemCases).where(eq(problemCases.pid, pid));
    const rows = stored.length ? await tx.insert(problemCases).values(stored).returning({ id: problemCases.id }) : [];
    const [updated] = await tx
      .update(problems)
      .set({ caseVersion: bumpedCaseVersion(), gmtModified: new Date() })
      .where(eq(problems.id, pid))
      .returning({ caseVersion: problems.caseVersion });
    return { caseVersion: updated!.caseVersion, caseIds: rows.map((r) => r.id) };
  });
}

/** SQL for a case_version after the current one: now in epoch ms, but always greater than before. */
export const bumpedCaseVersion = () =>
  sql`(greatest(floor(extract(epoch from clock_timestamp()) * 1000)::bigint, coalesce(nullif(${problems.caseVersion}, '')::bigint, 0) + 1))::text`;

/**
 * The manifest of a problem, or null when it does not exist. Checker and extra files are put into the
 * store here (they live in the problem row as text), so the manifest only names hashes.
 */
export async function problemManifest(database: Database, dataDir: string, pid: number): Promise<ProblemManifest | null> {
  const { db } = database;
  const [p] = await db.select().from(problems).where(eq(problems.id, pid));
  if (!p) return null;
  const rows = await db.select().from(problemCases).where(sql`${problemCases.pid} = ${pid} and ${problemCases.status} = 0`).orderBy(asc(problemCases.seq));

  const filesOf = async (map: Record<string, string> | null) => {
    const out: Record<string, FileRef> = {};
    for (const name of Object.keys(map ?? {}).sort()) out[name] = await putBlob(dataDir, map![name]!);
    return out;
  };

  const judgeMode = p.judgeMode as JudgeMode;
  const spj = judgeMode !== 'default' && p.spjCode ? { language: p.spjLanguage ?? 'C++', ...(await putBlob(dataDir, p.spjCode)) } : null;
  const cases: ManifestCase[] = rows.map((c) => ({
    id: c.id,
    seq: c.seq,
    input: { name: c.inputName, hash: c.inputHash, size: c.inputSize },
    output: { name: c.outputName, hash: c.outputHash, size: c.outputSize },
    score: c.score,
    groupNum: c.groupNum,
  }));
  const body: Omit<ProblemManifest, 'hash'> = {
    problemId: p.id,
    displayId: p.problemId,
    caseVersion: p.caseVersion,
    type: p.type as ProblemTypeCode,
    judgeMode,
    judgeCaseMode: p.judgeCaseMode as JudgeCaseMode,
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    stackLimit: p.stackLimit,
    ioScore: p.ioScore,
    isRemoveEndBlank: p.isRemoveEndBlank,
    builtinChecker: p.builtinChecker as BuiltinChecker,
    checkerPrecision: p.checkerPrecision,
    checkerConvention: p.checkerConvention as CheckerConvention,
    fileIO: p.isFileIo ? { input: p.ioReadFileName || 'input.txt', output: p.ioWriteFileName || 'output.txt' } : null,
    spj,
    userExtraFiles: await filesOf(p.userExtraFile),
    judgeExtraFiles: await filesOf(p.judgeExtraFile),
    cases,
    ...(Object.keys(p.subtaskDependencies ?? {}).length ? { subtaskDependencies: p.subtaskDependencies } : {}),
  };
  // Built in a fixed key order, so the JSON text (and its hash) only changes when the content does.
  return { ...body, hash: sha256(JSON.stringify(body)) };
}

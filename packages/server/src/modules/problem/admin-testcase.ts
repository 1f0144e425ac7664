/**
 * Test data as zips (HOJ `upload-testcase-zip` / `download-testcase`). An uploaded zip is checked,
 * paired and parked under DATA_DIR/upload-testcase/<handle>/ until the problem is saved with that
 * handle; the save then copies the chosen files into the test-data store (lib/testdata.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { and, asc, eq } from 'drizzle-orm';
import { TESTCASE_ZIP_LIMITS, uploadDirHandle, type AdminCaseInput, type JudgeCaseMode, type UploadedCase, type UploadedCaseSet } from '@oj/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { problemCases, problems } from '../../db/schema/index.js';
import { fail, notFound } from '../../lib/errors.js';
import { blobPath, type CaseInput } from '../../lib/testdata.js';
import { extractZipEntries, readZipDirectory, withTempDir } from '../../lib/safe-unzip.js';
import { saveUpload } from '../../lib/upload.js';

/** Parked uploads older than this are removed (a save normally follows within minutes). */
const UPLOAD_TTL_MS = 24 * 3600_000;
const LIST_FILE = '.cases.json';

const uploadRoot = (dataDir: string) => path.join(dataDir, 'upload-testcase');

const baseOf = (name: string) => name.replace(/\.[^.]*$/, '');

/**
 * Input/answer pairs among the files at the zip root, as HOJ pairs them: `X.in` with `X.out` or
 * `X.ans`; `…input….txt` with the same name saying `output`. An input without answer gets an empty
 * one (problems whose answer is empty, or checked by a special judge). Ordered by name length, then name.
 */
export function pairCases(names: string[]): UploadedCase[] {
  const present = new Set(names);
  const pairs: UploadedCase[] = [];
  for (const name of names) {
    let outputs: string[] = [];
    if (/\.in$/i.test(name)) {
      const base = name.slice(0, -3);
      outputs = [`${base}.out`, `${base}.ans`, `${base}.OUT`, `${base}.ANS`];
    } else if (/\.txt$/i.test(name) && /input/i.test(name)) {
      const i = name.toLowerCase().lastIndexOf('input');
      const word = name.slice(i, i + 5);
      const out = word === word.toUpperCase() ? 'OUTPUT' : word[0] === 'I' ? 'Output' : 'output';
      outputs = [name.slice(0, i) + out + name.slice(i + 5)];
    } else continue;
    pairs.push({ input: name, output: outputs.find((o) => present.has(o)) ?? outputs[0]! });
  }
  return pairs.sort((a, b) => baseOf(a.input).length - baseOf(b.input).length || (a.input < b.input ? -1 : a.input > b.input ? 1 : 0));
}

/** Removes parked uploads past their time; errors are ignored (another node may be doing the same). */
async function pruneUploads(dataDir: string) {
  const root = uploadRoot(dataDir);
  for (const name of await fs.promises.readdir(root).catch(() => [] as string[])) {
    const dir = path.join(root, name);
    const st = await fs.promises.stat(dir).catch(() => null);
    if (st && Date.now() - st.mtimeMs > UPLOAD_TTL_MS) await fs.promises.rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

/**
 * `POST /api/file/upload-testcase-zip`: the zip is streamed to a temp folder, checked (lib/safe-unzip.ts),
 * the paired files are unpacked beside it and the folder is then renamed into place, so a refused or
 * failed upload parks nothing and leaves no temp file.
 */
export async function uploadTestcaseZip(ctx: AppContext, req: FastifyRequest, mode: JudgeCaseMode): Promise<UploadedCaseSet> {
  const { dataDir } = ctx.config;
  return withTempDir(dataDir, async (tmp) => {
    const zipFile = path.join(tmp, 'upload.zip');
    await saveUpload(req, 'file', TESTCASE_ZIP_LIMITS.zipMaxBytes, zipFile);
    const entries = await readZipDirectory(zipFile, { maxDepth: 0 });
    const pairs = pairCases(entries.map((e) => e.name));
    if (!pairs.length) throw fail('zipNoCases');
    const subtask = mode === 'subtask_lowest' || mode === 'subtask_average';
    const fileList = pairs.map((p) => ({ ...p, ...(subtask ? { groupNum: 1 } : {}) }));

    const staged = path.join(tmp, 'cases');
    const needed = new Set(pairs.flatMap((p) => [p.input, p.output]));
    await extractZipEntries(
      zipFile,
      entries.filter((e) => needed.has(e.name)),
      staged,
    );
    const present = new Set(entries.map((e) => e.name));
    for (const p of pairs) if (!present.has(p.output)) await fs.promises.writeFile(path.join(staged, p.output), '');
    await fs.promises.writeFile(path.join(staged, LIST_FILE), JSON.stringify(pairs));

    void pruneUploads(dataDir);
    const handle = crypto.randomBytes(16).toString('hex');
    await fs.promises.mkdir(uploadRoot(dataDir), { recursive: true });
    await fs.promises.rename(staged, path.join(uploadRoot(dataDir), handle));
    return { fileList, fileListDir: handle };
  });
}

/**
 * The cases of a parked upload for a problem save: `samples` name the files (with score and group);
 * without samples every pair in upload order. Fails when the upload is gone or a name is not in it.
 */
export async function uploadedCases(dataDir: string, handle: string, samples: AdminCaseInput[] | undefined): Promise<CaseInput[]> {
  if (!uploadDirHandle.safeParse(handle).success) throw fail('uploadDirGone');
  const dir = path.join(uploadRoot(dataDir), handle);
  let pairs: UploadedCase[];
  try {
    pairs = JSON.parse(await fs.promises.readFile(path.join(dir, LIST_FILE), 'utf8')) as UploadedCase[];
  } catch {
    throw fail('uploadDirGone');
  }
  const known = new Set(pairs.flatMap((p) => [p.input, p.output]));
  const chosen = samples?.length
    ? samples.map((s) => ({ input: s.input, output: s.output, score: s.score, groupNum: s.groupNum }))
    : pairs.map((p) => ({ input: p.input, output: p.output, score: 0, groupNum: 1 }));
  const out: CaseInput[] = [];
  for (const c of chosen) {
    for (const name of [c.input, c.output]) if (!known.has(name)) throw fail('uploadCaseMissing', { name: name.slice(0, 100) });
    out.push({
      // By path: the store streams them, a large test set is never read into memory at once.
      input: { path: path.join(dir, c.input) },
      output: { path: path.join(dir, c.output) },
      inputName: c.input,
      outputName: c.output,
      score: c.score,
      groupNum: c.groupNum,
    });
  }
  return out;
}

export interface StoredCaseFiles {
  /** zip path → content */
  entries: Record<string, Uint8Array>;
  /** the cases in judging order, naming their files (without the prefix) */
  cases: { input: string; output: string; score: number; groupNum: number }[];
}

/** The stored test data of a problem as zip entries under `prefix`, with the names admins gave the files. */
export async function testdataEntries(ctx: AppContext, pid: number, prefix = ''): Promise<StoredCaseFiles> {
  const rows = await ctx.database.db
    .select()
    .from(problemCases)
    .where(and(eq(problemCases.pid, pid), eq(problemCases.status, 0)))
    .orderBy(asc(problemCases.seq));
  const entries: Record<string, Uint8Array> = {};
  const cases: StoredCaseFiles['cases'] = [];
  const used = new Set<string>();
  // Names are unique per problem in practice; should two cases share one, the later gets its number in front.
  const unique = (name: string, seq: number) => {
    const n = used.has(name) ? `${seq}_${name}` : name;
    used.add(n);
    return n;
  };
  for (const c of rows) {
    const input = unique(c.inputName, c.seq);
    const output = unique(c.outputName, c.seq);
    entries[prefix + input] = await fs.promises.readFile(blobPath(ctx.config.dataDir, c.inputHash));
    entries[prefix + output] = await fs.promises.readFile(blobPath(ctx.config.dataDir, c.outputHash));
    cases.push({ input, output, score: c.score, groupNum: c.groupNum });
  }
  return { entries, cases };
}

/** `GET /api/file/download-testcase?pid=`: the test data as a zip and its file name. */
export async function downloadTestcase(ctx: AppContext, pid: number): Promise<{ name: string; zip: Buffer }> {
  const [p] = await ctx.database.db.select({ id: problems.id }).from(problems).where(eq(problems.id, pid));
  if (!p) throw notFound('problemNotFound');
  const { entries, cases } = await testdataEntries(ctx, pid);
  if (!cases.length) throw fail('noTestData');
  const zip = zipSync(entries, { level: 6 });
  return { name: `problem_${pid}_testcase_${Date.now()}.zip`, zip: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength) };
}

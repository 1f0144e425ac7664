/**
 * What a participant may read of a judged case: the hidden test data stays hidden. A case's
 * program output, its checker message (the built-in comparators quote the answer: `line 3 differs:
 * expected "…"`) and its file names are shown only for the cases he may see anyway, the statement's
 * samples; a program that prints its input or a wrong answer that draws the expected one out of the
 * checker learns nothing of the other cases. Verdict, time, memory and score stay (the problem's
 * `openCaseResult`). The admins of the problem in the place (`SubmissionRights.answers`) see everything,
 * and so does the submitter when the setter opened every case (`openCaseData`).
 */
import fs from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import { JudgeStatus } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { problemCases, problems } from '../../db/schema/index.js';
import { blobPath } from '../../lib/testdata.js';

/**
 * Messages the judge writes itself about the program (limits, runtime errors, skipped cases): they hold
 * nothing of the test data, so the submitter keeps them on hidden cases too.
 */
const JUDGE_OWN_MESSAGE = new Set<number>([
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.CANCELLED,
]);

/** Whether a hidden case's message may be shown to the submitter (one the judge wrote, not the checker). */
export const isJudgeOwnMessage = (status: number) => JUDGE_OWN_MESSAGE.has(status);

/** A statement sample and a test file are the same when they differ only in line ends and trailing blanks. */
const normal = (s: string) =>
  s
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .trimEnd();

/** Test files larger than this are never read to be compared with the samples (a sample is short). */
const SAMPLE_READ_MAX = 64 * 1024;

function readText(dataDir: string, hash: string, size: number, max: number): string | null {
  if (size > max) return null;
  try {
    return fs.readFileSync(blobPath(dataDir, hash), 'utf8');
  } catch {
    return null;
  }
}

/**
 * The cases among `caseIds` (problem_case ids) of problem `pid` whose input and answer are one of the
 * statement's examples. Only files not much longer than the longest example are read.
 */
export async function sampleCaseIds(ctx: AppContext, pid: number, caseIds: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  if (!caseIds.length) return out;
  const { db } = ctx.database;
  const [p] = await db.select({ examples: problems.examples }).from(problems).where(eq(problems.id, pid));
  const examples = (p?.examples ?? []).map((e) => ({ input: normal(e.input ?? ''), output: normal(e.output ?? '') }));
  if (!examples.length) return out;
  const longest = Math.max(...examples.map((e) => Math.max(e.input.length, e.output.length)));
  // Room for multi-byte characters, CRLF line ends and trailing blanks the normal form drops.
  const max = Math.min(SAMPLE_READ_MAX, 8 * longest + 1024);
  const rows = await db
    .select({
      id: problemCases.id,
      inputHash: problemCases.inputHash,
      inputSize: problemCases.inputSize,
      outputHash: problemCases.outputHash,
      outputSize: problemCases.outputSize,
    })
    .from(problemCases)
    .where(and(eq(problemCases.pid, pid), inArray(problemCases.id, caseIds)));
  for (const r of rows) {
    const input = readText(ctx.config.dataDir, r.inputHash, r.inputSize, max);
    if (input === null) continue;
    const output = readText(ctx.config.dataDir, r.outputHash, r.outputSize, max);
    if (output === null) continue;
    const [i, o] = [normal(input), normal(output)];
    if (examples.some((e) => e.input === i && e.output === o)) out.add(r.id);
  }
  return out;
}

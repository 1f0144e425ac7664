/**
 * QDUOJ's problem zip (QingdaoU/OnlineJudge `ExportProblemAPI` / `ImportProblemAPI`): one folder per
 * problem, `<n>/problem.json` (display_id, title, description/input_description/output_description/
 * hint as `{format, value}`, time_limit ms, memory_limit MB, samples, rule_type ACM|OI,
 * test_case_score [{input_name, output_name, score}], template {language: {prepend, template,
 * append}}, spj {language, code} or null, source, tags) and `<n>/testcase/` with `1.in`/`1.out`
 * (inputs only for a special judge).
 *
 * Judged as QDUOJ's JudgeServer judges: outputs by the built-in 'trim-end' comparison (QDUOJ compares
 * the MD5 of the output with its end stripped, so trailing spaces and blank lines at the end pass and
 * there is no PE), special judges with the 'qduoj' convention (two files, exit code 0 AC, 1 WA).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TESTCASE_ZIP_LIMITS } from '@oj/shared';
import type { CodeWrapper } from '../../db/schema/problem.js';
import { ApiError, fail } from '../../lib/errors.js';
import type { CaseInput } from '../../lib/testdata.js';
import { pairCases } from './admin-testcase.js';
import { parseImported, type ProblemToCreate } from './admin-store.js';
import type { ImportInput, ImportItem, ProblemImporter } from './import/types.js';

const PROBLEM_JSON = /^([^/]+)\/problem\.json$/;

/** `{format, value}` (QDUOJ 2) or a plain string (older exports). */
const richText = (v: unknown): string => (typeof v === 'string' ? v : v && typeof v === 'object' ? String((v as { value?: unknown }).value ?? '') : '');

interface QduojProblem {
  display_id?: string;
  title?: string;
  description?: unknown;
  input_description?: unknown;
  output_description?: unknown;
  hint?: unknown;
  time_limit?: number;
  memory_limit?: number;
  samples?: { input?: string; output?: string }[];
  rule_type?: string;
  test_case_score?: { input_name?: string; output_name?: string | null; score?: number }[] | null;
  template?: Record<string, { prepend?: string; template?: string; append?: string }>;
  spj?: { language?: string; code?: string } | null;
  source?: string | null;
  tags?: string[];
}

/** QDUOJ names its special judge languages C and C++, like this site. */
function problemOf(folder: string, data: QduojProblem, names: Set<string>, root: string): { problem: ProblemToCreate; autoIdPrefix?: string } {
  const where = `${folder}/problem.json`;
  const oi = data.rule_type === 'OI';
  const dir = `${folder}/testcase/`;
  const inDir = [...names].filter((n) => n.startsWith(dir)).map((n) => n.slice(dir.length));
  const listed = Array.isArray(data.test_case_score) && data.test_case_score.length ? data.test_case_score : null;
  const pairs = listed
    ? listed.map((c) => ({ input: String(c.input_name ?? ''), output: c.output_name ? String(c.output_name) : '', score: Number(c.score ?? 0) }))
    : pairCases(inDir).map((p) => ({ ...p, score: 0 }));
  if (!pairs.length) throw fail('importInvalid', { reason: `${dir}: no test data` });
  const cases: CaseInput[] = pairs.map((p) => {
    if (!names.has(dir + p.input)) throw fail('importInvalid', { reason: `${dir}: missing test file ${p.input}` });
    // A special judge's tests have inputs only: the answer is empty.
    const output = p.output && names.has(dir + p.output) ? { path: path.join(root, dir + p.output) } : '';
    if (!output && !data.spj && p.output) throw fail('importInvalid', { reason: `${dir}: missing test file ${p.output}` });
    return {
      input: { path: path.join(root, dir + p.input) },
      output,
      inputName: p.input,
      outputName: p.output || `${p.input.replace(/\.in$/, '')}.out`,
      score: oi && Number.isInteger(p.score) && p.score > 0 ? p.score : 0,
    };
  });
  const wrappers: Record<string, CodeWrapper> = {};
  const templates: { language: string; code: string; status: boolean }[] = [];
  for (const [language, t] of Object.entries(data.template ?? {})) {
    if (!t || typeof t !== 'object') continue;
    if (t.template?.trim()) templates.push({ language, code: t.template, status: true });
    if (t.prepend?.trim() || t.append?.trim()) wrappers[language] = { prepend: t.prepend ?? '', append: t.append ?? '' };
  }
  // A display id this site cannot take (spaces, other characters) is replaced by QDUOJ-<id>.
  const displayId = String(data.display_id ?? '').trim();
  const ownId = /^[A-Za-z0-9_-]{1,50}$/.test(displayId) ? displayId : undefined;
  const spj = data.spj && typeof data.spj === 'object' && data.spj.code?.trim() ? data.spj : null;
  const body = parseImported(
    {
      problem: {
        problemId: ownId ?? `tmp-${crypto.randomUUID()}`,
        title: String(data.title ?? '').trim(),
        description: richText(data.description),
        input: richText(data.input_description),
        output: richText(data.output_description),
        hint: richText(data.hint),
        source: String(data.source ?? '').slice(0, 255),
        timeLimit: data.time_limit,
        memoryLimit: data.memory_limit,
        type: oi ? 1 : 0,
        auth: 1,
        examples: (Array.isArray(data.samples) ? data.samples : [])
          .slice(0, 20)
          .map((s) => ({ input: String(s?.input ?? ''), output: String(s?.output ?? '') })),
        ...(oi ? { ioScore: cases.reduce((a, c) => a + (c.score ?? 0), 0) || 100 } : {}),
        // Judged as QDUOJ judges: its comparison (output with the end stripped), its special judge's
        // call (`spj <input> <user output>`, exit 0 AC, 1 WA), whatever the checker includes.
        ...(spj ? { judgeMode: 'spj', spjCode: spj.code, spjLanguage: spj.language || 'C', checkerConvention: 'qduoj' } : { builtinChecker: 'trim-end' }),
      },
      tags: [...new Set((Array.isArray(data.tags) ? data.tags : []).map((t) => String(t).trim()).filter(Boolean))].map((name) => ({ name })),
      codeTemplates: templates,
    },
    where,
    'importInvalid',
  );
  return { problem: { body, cases, source: where, codeWrappers: wrappers }, autoIdPrefix: ownId ? undefined : 'QDUOJ-' };
}

async function* parseQduoj({ zip }: ImportInput): AsyncGenerator<ImportItem> {
  const folders = [...zip!.names].flatMap((n) => PROBLEM_JSON.exec(n)?.[1] ?? []).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (!folders.length) throw fail('importInvalid', { reason: 'no <n>/problem.json in the zip' });
  for (const [i, folder] of folders.entries()) {
    const source = `${folder}/problem.json`;
    const progress = (i + 1) / folders.length;
    try {
      let data: QduojProblem;
      try {
        data = JSON.parse(await fs.promises.readFile(path.join(zip!.root, source), 'utf8')) as QduojProblem;
      } catch {
        throw fail('importInvalid', { reason: `${source}: not valid JSON` });
      }
      if (!data || typeof data !== 'object') throw fail('importInvalid', { reason: `${source}: not a problem` });
      const { problem, autoIdPrefix } = problemOf(folder, data, zip!.names, zip!.root);
      yield { kind: 'problem', source, problem, warnings: [], autoIdPrefix, progress };
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      yield { kind: 'refused', source, reason: e.message, progress };
    }
  }
}

export const qduojImporter: ProblemImporter = {
  format: 'qduoj',
  accept: ['.zip'],
  zip: true,
  maxBytes: TESTCASE_ZIP_LIMITS.zipMaxBytes,
  detect: ({ zipNames }) => !!zipNames?.some((n) => PROBLEM_JSON.test(n)),
  parse: parseQduoj,
};

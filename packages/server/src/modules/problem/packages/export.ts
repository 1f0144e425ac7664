/**
 * Problems exported as packages other systems read: Polygon-compatible (problem.xml, statement
 * sections in LaTeX, tests/NN + NN.a, the checker or interactor under files/) and Kattis/ICPC
 * (problem.yaml, the statement as problem.en.md, data/sample + data/secret, the checker behind a
 * Kattis output-validator adapter). One folder per problem, so a zip of several problems is read
 * back by the batch import as several packages; export → import gives the same statement, limits,
 * tests and checker (`problem-packages.test.ts`).
 */
import fs from 'node:fs';
import { asc, and, eq, inArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { XMLBuilder } from 'fast-xml-parser';
import { stringify as toYaml } from 'yaml';
import type { AppContext } from '../../../context.js';
import { problemCases, problems } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { blobPath } from '../../../lib/testdata.js';
import { tagsOf } from '../service.js';
import { type CheckerConvention, conventionOfCheckerCode, type JudgeCaseMode } from '@oj/shared';
import { aggregationOfMode } from './kattis-aggregation.js';
import { checkerAsKattisValidator, SITE_COMPARISON_FLAGS, unwrapKattisAdapter } from './kattis-validator.js';
import { markdownToTex } from './markdown-tex.js';
import { CHECKER_CONVENTION_ATTRIBUTE } from './polygon-names.js';
import { isSectionHeading } from './statement.js';

export type PackageFormat = 'polygon' | 'kattis';
type Problem = typeof problems.$inferSelect;
interface Case {
  input: Buffer;
  output: Buffer;
  score: number;
  groupNum: number;
}

const two = (i: number) => String(i).padStart(2, '0');

async function casesOf(ctx: AppContext, pid: number): Promise<Case[]> {
  const rows = await ctx.database.db
    .select()
    .from(problemCases)
    .where(and(eq(problemCases.pid, pid), eq(problemCases.status, 0)))
    .orderBy(asc(problemCases.seq));
  const out: Case[] = [];
  for (const r of rows) {
    out.push({
      input: await fs.promises.readFile(blobPath(ctx.config.dataDir, r.inputHash)),
      output: await fs.promises.readFile(blobPath(ctx.config.dataDir, r.outputHash)),
      score: r.score,
      groupNum: r.groupNum,
    });
  }
  return out;
}

/** How many leading cases are the statement's examples (they are the package's samples). */
const sampleCount = (p: Problem, cases: Case[]) => {
  let k = 0;
  while (
    k < p.examples.length &&
    k < cases.length &&
    cases[k]!.input.toString('utf8') === p.examples[k]!.input &&
    cases[k]!.output.toString('utf8') === p.examples[k]!.output
  )
    k++;
  return k;
};

const folderOf = (p: Problem) => `${p.problemId.replace(/[^A-Za-z0-9_-]/g, '-')}/`;

function polygonPackage(p: Problem, cases: Case[], tags: string[], out: Record<string, Uint8Array>) {
  const dir = folderOf(p);
  const put = (name: string, data: string | Buffer) => {
    out[dir + name] = typeof data === 'string' ? Buffer.from(data) : data;
  };
  const samples = sampleCount(p, cases);
  const scored = p.type === 1 && cases.some((c) => c.score > 0);
  const grouped = new Set(cases.map((c) => c.groupNum)).size > 1;
  cases.forEach((c, i) => {
    put(`tests/${two(i + 1)}`, c.input);
    put(`tests/${two(i + 1)}.a`, c.output);
  });
  const sections: Record<string, string> = { name: p.title, legend: p.description, input: p.input, output: p.output, notes: p.hint };
  for (const [k, v] of Object.entries(sections)) {
    if (!v) continue;
    put(`statement-sections/english/${k}.tex`, k === 'name' ? v : markdownToTex(v));
    // The Markdown itself beside its TeX: our import takes it back exactly while the TeX is unchanged.
    if (k !== 'name') put(`statement-sections/english/${k}.md`, v);
  }
  p.examples.forEach((e, i) => {
    put(`statement-sections/english/example.${two(i + 1)}`, e.input);
    put(`statement-sections/english/example.${two(i + 1)}.a`, e.output);
  });
  const resources = Object.entries(p.judgeExtraFile ?? {}).map(([name, content]) => {
    put(`files/${name}`, content);
    return { '@_path': `files/${name}` };
  });
  const assets: Record<string, unknown> = {};
  // Polygon's source types name the language: a C checker stays C (c.gcc) on the way back.
  const isC = p.spjLanguage === 'C';
  const [ext, srcType] = isC ? ['c', 'c.gcc'] : ['cpp', 'cpp.g++17'];
  // A convention the code does not show (a HUSTOJ or QDUOJ special judge) is named on the asset, so
  // the import calls it the same way; Polygon itself only knows testlib's.
  const convention =
    p.spjCode && conventionOfCheckerCode(p.spjCode) !== p.checkerConvention ? { [`@_${CHECKER_CONVENTION_ATTRIBUTE}`]: p.checkerConvention } : {};
  if (p.judgeMode === 'spj' && p.spjCode) {
    put(`files/check.${ext}`, p.spjCode);
    put(`check.${ext}`, p.spjCode);
    assets.checker = {
      '@_type': 'testlib',
      ...convention,
      source: { '@_path': `files/check.${ext}`, '@_type': srcType },
      copy: { '@_path': `check.${ext}` },
    };
  } else if (p.judgeMode === 'interactive' && p.spjCode) {
    put(`files/interactor.${ext}`, p.spjCode);
    assets.interactor = { ...convention, source: { '@_path': `files/interactor.${ext}`, '@_type': srcType } };
  }
  // Subtasks judged by their lowest case are Polygon's complete-group policy; the group is worth its
  // lowest case's points (what this site's judge gives), each test keeps its own.
  const groupNums = [...new Set(cases.map((c) => c.groupNum))];
  const groups =
    grouped && scored
      ? {
          group: groupNums.map((g) => ({
            '@_name': String(g),
            '@_points-policy': p.judgeCaseMode === 'subtask_lowest' ? 'complete-group' : 'each-test',
            ...(p.judgeCaseMode === 'subtask_lowest' ? { '@_points': String(Math.min(...cases.filter((c) => c.groupNum === g).map((c) => c.score))) } : {}),
            // The groups it needs passed to score (kept from an imported Polygon package).
            ...(p.subtaskDependencies[String(g)]?.length
              ? { dependencies: { dependency: p.subtaskDependencies[String(g)]!.map((d) => ({ '@_group': String(d) })) } }
              : {}),
          })),
        }
      : undefined;
  const problemXml = {
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8', '@_standalone': 'no' },
    problem: {
      '@_revision': '1',
      '@_short-name': p.problemId,
      names: { name: { '@_language': 'english', '@_value': p.title } },
      judging: {
        '@_input-file': p.isFileIo ? (p.ioReadFileName ?? '') : '',
        '@_output-file': p.isFileIo ? (p.ioWriteFileName ?? '') : '',
        testset: {
          '@_name': 'tests',
          'time-limit': p.timeLimit,
          'memory-limit': p.memoryLimit * 1024 * 1024,
          'test-count': cases.length,
          'input-path-pattern': 'tests/%02d',
          'answer-path-pattern': 'tests/%02d.a',
          tests: {
            test: cases.map((c, i) => ({
              '@_method': 'manual',
              ...(i < samples ? { '@_sample': 'true' } : {}),
              ...(scored ? { '@_points': String(c.score) } : {}),
              ...(grouped ? { '@_group': String(c.groupNum) } : {}),
            })),
          },
          ...(groups ? { groups } : {}),
        },
      },
      files: { resources: { file: resources } },
      assets,
      tags: { tag: tags.map((t) => ({ '@_value': t })) },
    },
  };
  const xml = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    suppressEmptyNode: true,
    suppressBooleanAttributes: false,
  }).build(problemXml);
  put('problem.xml', xml);
}

/**
 * Kattis scores per test folder (`testdata.yaml`: `accept_score` for each accepted test, `grader_flags`
 * min / avg / sum over the folder): an OI problem's tests go to data/secret by group when it judges by
 * subtask, else one folder per test (each carrying its own score). The tests of one subtask share one
 * score there: a subtask whose tests differ gets their rounded mean (what an averaged subtask is worth).
 */
function kattisScoring(p: Problem, cases: Case[], put: (name: string, data: string) => void): string[] {
  const subtasks = p.judgeCaseMode === 'subtask_lowest' || p.judgeCaseMode === 'subtask_average';
  const where: string[] = [];
  const folders = new Map<string, number[]>();
  cases.forEach((c, i) => {
    const folder = subtasks ? `data/secret/group${two(c.groupNum)}/` : `data/secret/${two(i + 1)}/`;
    where.push(folder);
    folders.set(folder, [...(folders.get(folder) ?? []), c.score]);
  });
  // The statement's examples go to data/sample and earn nothing, as on this site.
  put('data/testdata.yaml', toYaml({ grader_flags: 'ignore_sample' }));
  const flags = aggregationOfMode(p.judgeCaseMode as JudgeCaseMode);
  for (const [folder, scores] of folders) {
    const score = Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
    put(`${folder}testdata.yaml`, toYaml({ accept_score: score, grader_flags: flags, on_reject: flags === 'min' ? 'break' : 'continue' }));
  }
  return where;
}

function kattisPackage(p: Problem, cases: Case[], tags: string[], out: Record<string, Uint8Array>) {
  const dir = folderOf(p);
  const put = (name: string, data: string | Buffer) => {
    out[dir + name] = typeof data === 'string' ? Buffer.from(data) : data;
  };
  const scoring = p.type === 1;
  // A scoring package's samples are the statement's examples only (the import judges none of them);
  // a pass-fail one judges its samples, so test cases equal to the examples are its samples.
  const samples = scoring ? 0 : sampleCount(p, cases);
  // examples that are no test case are samples too (Kattis judges its samples: they become tests on import)
  p.examples.slice(samples).forEach((e, i) => {
    put(`data/sample/${two(samples + i + 1)}.in`, e.input);
    put(`data/sample/${two(samples + i + 1)}.ans`, e.output);
  });
  const grouped = new Set(cases.slice(samples).map((c) => c.groupNum)).size > 1;
  const scoredFolders = scoring ? kattisScoring(p, cases, put) : [];
  cases.forEach((c, i) => {
    const where = scoring ? scoredFolders[i]! : i < samples ? 'data/sample/' : grouped ? `data/secret/group${two(c.groupNum)}/` : 'data/secret/';
    put(`${where}${two(i + 1)}.in`, c.input);
    put(`${where}${two(i + 1)}.ans`, c.output);
  });
  // The input text of an interactive problem may begin with its own "Interaction" heading: kept as the section's heading.
  const inputPart = p.input && (isSectionHeading(p.input.split('\n')[0]!, 'input') ? p.input : `## Input\n\n${p.input}`);
  const statement = [p.description, inputPart, p.output && `## Output\n\n${p.output}`, p.hint && `## Notes\n\n${p.hint}`].filter(Boolean).join('\n\n');
  put('problem_statement/problem.en.md', `${statement}\n`);
  const yaml: Record<string, unknown> = { name: p.title };
  if (scoring) yaml.type = 'scoring';
  if (p.source) yaml.source = p.source;
  if (p.judgeMode !== 'default') yaml.validation = p.judgeMode === 'interactive' ? 'custom interactive' : 'custom';
  // This site's own comparison (the default judge mode) is Kattis's default validator minding case and
  // spaces; the import reads these two flags alone back as the default judge mode.
  else yaml.validator_flags = SITE_COMPARISON_FLAGS;
  yaml.limits = { time_limit: p.timeLimit / 1000, memory: p.memoryLimit };
  // A list (2023-07): a tag may hold spaces, which the legacy space-separated string would split.
  if (tags.length) yaml.keywords = tags;
  put('problem.yaml', toYaml(yaml));
  if (p.judgeMode !== 'default' && p.spjCode) {
    // A validator that came from a Kattis package goes back as it was; our checkers go behind the adapter.
    const original = unwrapKattisAdapter(p.spjCode);
    put(
      'output_validators/validator/validate.cpp',
      original ??
        checkerAsKattisValidator(p.spjCode, {
          interactive: p.judgeMode === 'interactive',
          language: p.spjLanguage,
          convention: p.checkerConvention as CheckerConvention,
        }),
    );
    for (const [name, content] of Object.entries(p.judgeExtraFile ?? {})) put(`output_validators/validator/${name}`, content);
  }
}

/** `GET /api/file/export-problem-package?pid=…&format=polygon|kattis`: the problems as packages, one folder each. */
export async function exportProblemPackages(ctx: AppContext, pids: number[], format: PackageFormat): Promise<{ name: string; zip: Buffer }> {
  const unique = [...new Set(pids)];
  const rows = await ctx.database.db.select().from(problems).where(inArray(problems.id, unique));
  if (rows.length !== unique.length) throw notFound('problemNotFound');
  const tagMap = await tagsOf(ctx.database.db, unique);
  const entries: Record<string, Uint8Array> = {};
  for (const p of rows.sort((a, b) => a.id - b.id)) {
    const tags = (tagMap.get(p.id) ?? []).map((t) => t.name);
    const cases = await casesOf(ctx, p.id);
    if (format === 'polygon') polygonPackage(p, cases, tags, entries);
    else kattisPackage(p, cases, tags, entries);
  }
  const zip = zipSync(entries, { level: 6 });
  return { name: `problem_${format}_${Date.now()}.zip`, zip: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength) };
}

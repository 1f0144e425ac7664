/**
 * FPS (FreeProblemSet) XML import: `<fps><item>…</item>…</fps>`, each item a problem with limits in
 * s/ms and mb/kb, samples, test data, optional special judge and templates; base64 images are stored
 * as files and the statement links rewritten to them. Reference solutions are ignored. Imported as ACM,
 * public, local problems with display ids FPS-<id>, as one transaction.
 */
import crypto from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { FPS_LIMITS, type ImportProblemResult } from '@oj/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { sniffImage, storeImage } from '../../lib/files.js';
import { readUpload } from '../file/service.js';
import { assertCheckerCompiles } from './admin-checker.js';
import { createProblems, parseImported, type ProblemToCreate } from './admin-store.js';

type Node = string | number | { '#text'?: string | number; [attr: string]: unknown } | undefined;

const REPEATED = new Set(['item', 'sample_input', 'sample_output', 'test_input', 'test_output', 'img', 'template', 'solution', 'spj', 'prepend', 'append']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  isArray: (name) => REPEATED.has(name),
});

const text = (n: Node): string => {
  if (n === undefined || n === null) return '';
  if (typeof n === 'string' || typeof n === 'number') return String(n);
  const t = n['#text'];
  return t === undefined ? '' : String(t);
};
const attr = (n: Node, name: string): string => (n && typeof n === 'object' ? String(n[`@_${name}`] ?? '') : '');
const list = (n: unknown): Node[] => (Array.isArray(n) ? (n as Node[]) : n === undefined ? [] : [n as Node]);

/** Milliseconds from `<time_limit unit="s|ms">`; seconds when no unit (FPS default). */
function timeLimitMs(n: Node, where: string): number {
  const v = Number(text(n).trim());
  if (!Number.isFinite(v) || v <= 0) throw fail('fpsInvalid', { reason: `${where}: bad time_limit` });
  return Math.max(1, Math.round(attr(n, 'unit').toLowerCase() === 'ms' ? v : v * 1000));
}

/** Megabytes from `<memory_limit unit="mb|kb">`; MB when no unit. */
function memoryLimitMb(n: Node, where: string): number {
  const v = Number(text(n).trim());
  if (!Number.isFinite(v) || v <= 0) throw fail('fpsInvalid', { reason: `${where}: bad memory_limit` });
  return Math.max(1, Math.ceil(attr(n, 'unit').toLowerCase() === 'kb' ? v / 1024 : v));
}

/** Stores the item's base64 images (only checks them when `dry`) and returns (original src → our link). */
async function storeImages(ctx: AppContext, item: Record<string, unknown>, uid: string, where: string, dry: boolean): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  for (const img of list(item.img)) {
    const o = (img && typeof img === 'object' ? img : {}) as Record<string, unknown>;
    const src = text(o.src as Node).trim();
    const b64 = text(o.base64 as Node).replace(/\s+/g, '');
    if (!src || !b64) continue;
    const buf = Buffer.from(b64, 'base64');
    const type = sniffImage(buf);
    if (!type) throw fail('fpsInvalid', { reason: `${where}: image ${src.slice(0, 100)} is not a supported image` });
    if (dry) continue;
    const stored = await storeImage(ctx, 'md-image', buf, type, src.split('/').pop() || 'image', uid);
    links.set(src, stored.link);
  }
  return links;
}

const rewrite = (s: string, links: Map<string, string>) => {
  let out = s;
  for (const [src, link] of links) out = out.split(src).join(link);
  return out;
};

async function itemToProblem(ctx: AppContext, item: Record<string, unknown>, index: number, uid: string, dry: boolean): Promise<ProblemToCreate> {
  const title = text(item.title as Node).trim();
  const where = `item ${index + 1}${title ? ` (${title.slice(0, 50)})` : ''}`;
  const samplesIn = list(item.sample_input).map(text);
  const samplesOut = list(item.sample_output).map(text);
  const testsIn = list(item.test_input).map(text);
  const testsOut = list(item.test_output).map(text);
  if (samplesIn.length !== samplesOut.length) throw fail('fpsInvalid', { reason: `${where}: sample_input and sample_output do not pair up` });
  if (testsIn.length !== testsOut.length) throw fail('fpsInvalid', { reason: `${where}: test_input and test_output do not pair up` });
  const examples = samplesIn.map((input, i) => ({ input, output: samplesOut[i]! }));
  // Without test data the samples are the tests, or the problem could never be judged.
  const tests = testsIn.length ? testsIn.map((input, i) => ({ input, output: testsOut[i]! })) : examples;
  if (!tests.length) throw fail('fpsInvalid', { reason: `${where}: no test data and no samples` });

  const links = await storeImages(ctx, item, uid, where, dry);
  const spj = list(item.spj)[0];
  const spjCode = spj !== undefined ? text(spj) : '';
  const templates = list(item.template).map((t) => ({ language: attr(t, 'language'), code: text(t), status: true }));
  const body = parseImported(
    {
      problem: {
        problemId: `tmp-${crypto.randomUUID()}`,
        title,
        description: rewrite(text(item.description as Node), links),
        input: rewrite(text(item.input as Node), links),
        output: rewrite(text(item.output as Node), links),
        hint: rewrite(text(item.hint as Node), links),
        source: text(item.source as Node)
          .trim()
          .slice(0, 255),
        timeLimit: timeLimitMs(item.time_limit as Node, where),
        memoryLimit: memoryLimitMb(item.memory_limit as Node, where),
        type: 0,
        auth: 1,
        examples: examples.slice(0, 20),
        isRemoveEndBlank: true,
        ...(spjCode.trim() ? { judgeMode: 'spj', spjCode, spjLanguage: attr(spj, 'language') || 'C' } : {}),
      },
      codeTemplates: templates.filter((t) => t.language && t.code),
    },
    where,
    'fpsInvalid',
  );
  return { body, cases: tests.map((t) => ({ input: t.input, output: t.output })), source: where };
}

/** `POST /api/file/import-fps-problem` */
export async function importFpsProblems(ctx: AppContext, req: FastifyRequest, user: AuthUser): Promise<ImportProblemResult> {
  const { filename, buf } = await readUpload(req, 'file', FPS_LIMITS.xmlMaxBytes);
  if (!/\.xml$/i.test(filename)) throw fail('fileTypeNotSupport');
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(buf.toString('utf8'), true) as Record<string, unknown>;
  } catch (e) {
    throw fail('fpsInvalid', { reason: (e as Error).message.split('\n')[0]!.slice(0, 200) });
  }
  const fps = doc.fps as Record<string, unknown> | undefined;
  const items = list(fps?.item) as unknown as Record<string, unknown>[];
  if (!fps || !items.length) throw fail('fpsInvalid', { reason: 'no <fps> root with <item> elements' });
  if (items.length > FPS_LIMITS.maxProblems) throw fail('fpsInvalid', { reason: `more than ${FPS_LIMITS.maxProblems} problems` });
  const objects = items.map((item) => (item && typeof item === 'object' ? item : {}));
  // A dry pass checks every item (and compiles its checker) first, so a bad item stores no image at all.
  for (const [i, item] of objects.entries()) {
    const p = await itemToProblem(ctx, item, i, user.uid, true);
    const pr = p.body.problem;
    if (pr.judgeMode !== 'default') await assertCheckerCompiles(pr.judgeMode, pr.spjCode!, pr.spjLanguage ?? 'C', pr.judgeExtraFile);
  }
  const toCreate: ProblemToCreate[] = [];
  for (const [i, item] of objects.entries()) toCreate.push(await itemToProblem(ctx, item, i, user.uid, false));
  return { problemIds: await createProblems(ctx, user, toCreate, { autoIdPrefix: 'FPS-' }) };
}

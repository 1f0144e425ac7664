/**
 * The batch import: saves the upload to a private temp folder, finds its format (asked for, or
 * detected from the content), unpacks a zip, then creates the problems the format's importer yields
 * one at a time, each in its own transaction (`createProblem`), and reports on each as it goes.
 * `POST /api/file/import-problems` streams those reports to the page (NDJSON, see `ImportEvent`);
 * the older endpoints (`import-problem`, `import-fps-problem`) collect them into one answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ImportEvent, ImportItemReport, ImportProblemResult, ImportVisibility } from '@oj/shared';
import { MSG } from '@oj/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import type { AuthUser } from '../../../lib/auth.js';
import { ApiError, fail } from '../../../lib/errors.js';
import { extractZipEntries, readZipDirectory, withTempDir } from '../../../lib/safe-unzip.js';
import { saveUpload } from '../../../lib/upload.js';
import { createProblem } from '../admin-store.js';
import { IMPORTERS, importerOf } from './registry.js';
import type { DetectInput, ImportItem, ProblemImporter } from './types.js';

/** How deep a package's folders may go (Polygon: statements/<lang>/…, Hydro: N/testdata/…). */
const ZIP_DEPTH = 8;

const isZip = (head: Buffer) => head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;

/** The importer for the file: the one asked for (its container must fit), else the first that recognises it. */
function pickImporter(format: string, input: DetectInput): ProblemImporter {
  if (format !== 'auto') {
    const importer = importerOf(format);
    if (!importer) throw fail('importFormatUnknown', { formats: IMPORTERS.map((i) => i.format).join(', ') });
    if (importer.zip && !input.zipNames) throw fail('zipInvalid');
    const name = input.filename.toLowerCase();
    if (importer.zip !== Boolean(input.zipNames) || !importer.accept.some((ext) => name.endsWith(ext))) throw fail('fileTypeNotSupport');
    return importer;
  }
  const found = IMPORTERS.find((i) => i.zip === Boolean(input.zipNames) && i.detect(input));
  if (!found) throw fail('importFormatUnknown', { formats: IMPORTERS.map((i) => i.format).join(', ') });
  return found;
}

async function readHead(file: string): Promise<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Turns what an importer yielded into a report line, creating the problem when there is one. */
async function settle(
  ctx: AppContext,
  user: AuthUser,
  item: ImportItem,
  index: number,
  log: FastifyRequest['log'],
  visibility: ImportVisibility,
): Promise<ImportItemReport> {
  if (item.kind === 'refused') return { index, source: item.source, title: item.title ?? '', status: 'refused', reason: item.reason, warnings: [] };
  const title = item.problem.body.problem.title;
  try {
    // Whatever the file says, an import is private unless the administrator asked for public.
    const created = await createProblem(ctx, user, item.problem, { autoIdPrefix: item.autoIdPrefix, auth: visibility === 'public' ? 1 : 2 });
    const warnings = [...item.warnings, ...created.warnings];
    return {
      index,
      source: item.source,
      title,
      status: warnings.length ? 'warning' : 'imported',
      problemId: created.problemId,
      visibility: created.auth === 1 ? 'public' : 'private',
      warnings,
    };
  } catch (e) {
    if (!(e instanceof ApiError)) log.error({ err: e, source: item.source }, 'import: creating a problem failed');
    return { index, source: item.source, title, status: 'refused', reason: e instanceof ApiError ? e.message : MSG.serverError, warnings: item.warnings };
  }
}

export interface ImportHooks {
  /** called once the file is accepted (saved, recognised, unpacked): from here on failures are events */
  start(format: string): void;
  emit(event: ImportEvent): void;
}

/**
 * Imports the uploaded `file` field. Throws (nothing imported) while the file itself is refused —
 * too large, not a zip when the format needs one, no known format, unsafe zip; after `hooks.start`
 * it never throws: each problem is reported, and a file that turns unreadable half way ends with an
 * `error` event after the problems already imported.
 */
export async function runImport(
  ctx: AppContext,
  req: FastifyRequest,
  user: AuthUser,
  format: string,
  hooks: ImportHooks,
  visibility: ImportVisibility = 'private',
): Promise<void> {
  const known = format === 'auto' ? undefined : importerOf(format);
  if (format !== 'auto' && !known) throw fail('importFormatUnknown', { formats: IMPORTERS.map((i) => i.format).join(', ') });
  const maxBytes = known?.maxBytes ?? Math.max(...IMPORTERS.map((i) => i.maxBytes));
  await withTempDir(ctx.config.dataDir, async (dir) => {
    const file = path.join(dir, 'upload');
    const { filename, size } = await saveUpload(req, 'file', maxBytes, file);
    const head = await readHead(file);
    const entries = isZip(head) ? await readZipDirectory(file, { maxDepth: ZIP_DEPTH, allowSymlinks: true }) : undefined;
    const importer = pickImporter(format, { filename, head, zipNames: entries?.map((e) => e.name) });
    const link = importer.links ? undefined : entries?.find((e) => e.symlink);
    if (link) throw fail('zipSymlink', { name: link.name });
    if (size > importer.maxBytes) throw fail('exceedMaxSize');
    let zip: { root: string; names: Set<string> } | undefined;
    if (entries) {
      zip = { root: path.join(dir, 'files'), names: new Set(entries.map((e) => e.name)) };
      await extractZipEntries(file, entries, zip.root);
    }
    hooks.start(importer.format);
    hooks.emit({ type: 'start', format: importer.format });
    const counts = { imported: 0, warned: 0, refused: 0 };
    let index = 0;
    try {
      for await (const item of importer.parse({ ctx, user, file, filename, zip, dir })) {
        const report = await settle(ctx, user, item, index++, req.log, visibility);
        counts[report.status === 'imported' ? 'imported' : report.status === 'warning' ? 'warned' : 'refused']++;
        hooks.emit({ type: 'item', item: report, ...(item.progress !== undefined ? { progress: item.progress } : {}) });
      }
    } catch (e) {
      if (!(e instanceof ApiError)) req.log.error({ err: e }, 'import: reading the file failed');
      hooks.emit({ type: 'error', msg: e instanceof ApiError ? e.message : MSG.serverError });
    }
    hooks.emit({ type: 'done', ...counts });
  });
}

/**
 * The older one-answer endpoints: the import as one result. When no problem could be created, the
 * first reason (the file's, else the first problem's) is the error, as before; otherwise the answer
 * lists the problems created and the report says what happened to each.
 */
export async function collectImport(
  ctx: AppContext,
  req: FastifyRequest,
  user: AuthUser,
  format: string,
  visibility: ImportVisibility = 'private',
): Promise<ImportProblemResult> {
  const report: ImportItemReport[] = [];
  let error: string | undefined;
  await runImport(
    ctx,
    req,
    user,
    format,
    {
      start: () => {},
      emit: (ev) => {
        if (ev.type === 'item') report.push(ev.item);
        else if (ev.type === 'error') error = ev.msg;
      },
    },
    visibility,
  );
  const problemIds = report.flatMap((r) => (r.problemId ? [r.problemId] : []));
  if (!problemIds.length) {
    const reason = error ?? report.find((r) => r.reason)?.reason;
    if (reason) throw new ApiError(reason);
  }
  return { problemIds, report };
}

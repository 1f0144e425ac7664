/**
 * Images a package's statement shows (`\includegraphics{x.png}` → `![](x.png)`, or Markdown's own
 * `![](x.png)`): found next to the statement in the package, checked to be an image by their bytes,
 * stored like the Markdown editor's uploads, and the links rewritten to them. An image that is not
 * in the package (or is no image) keeps its link, with a warning.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MD_UPLOAD_LIMITS } from '@oj/shared';
import type { AppContext } from '../../../context.js';
import { sniffImage, storeImage } from '../../../lib/files.js';
import type { ProblemToCreate } from '../admin-store.js';
import type { PackageTree } from './package-files.js';
import type { ImportWarning } from './warnings.js';

const FIELDS = ['description', 'input', 'output', 'hint'] as const;
/** Folders a statement's relative image names are looked up in, in order. */
const IMAGE_DIRS = ['problem_statement/', 'statement/', 'statement-sections/english/', 'statements/english/', 'files/', ''];

export async function storeStatementImages(ctx: AppContext, uid: string, tree: PackageTree, problem: ProblemToCreate): Promise<ImportWarning[]> {
  const warnings: ImportWarning[] = [];
  const p = problem.body.problem;
  const links = new Map<string, string>();
  const dirs = [
    ...new Set([
      ...IMAGE_DIRS,
      ...[...tree.files.keys()].filter((n) => /^statement(s|-sections)\/[^/]+\/$/.test(n.replace(/[^/]+$/, ''))).map((n) => n.replace(/[^/]+$/, '')),
    ]),
  ];
  for (const f of FIELDS) {
    for (const m of (p[f] ?? '').matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const src = m[1]!;
      if (links.has(src) || /^([a-z][a-z0-9+.-]*:|\/)/i.test(src)) continue;
      const file = dirs.map((d) => tree.files.get(path.posix.normalize(d + src))).find(Boolean);
      const buf = file && fs.statSync(file).size <= MD_UPLOAD_LIMITS.imageMaxBytes ? await fs.promises.readFile(file) : null;
      const type = buf && sniffImage(buf);
      if (!buf || !type) {
        warnings.push({ key: 'pkgImageMissing', params: { name: src } });
        links.set(src, src);
        continue;
      }
      links.set(src, (await storeImage(ctx, 'md-image', buf, type, path.posix.basename(src), uid)).link);
    }
  }
  for (const f of FIELDS) {
    p[f] = (p[f] ?? '').replace(/(!\[[^\]]*\]\()([^)\s]+)\)/g, (all, head: string, src: string) => (links.has(src) ? `${head}${links.get(src)})` : all));
  }
  return warnings;
}

/**
 * Polygon and Kattis/ICPC packages in the batch import (`import/registry.ts`): a zip holding one
 * package at its root, or several packages each in a top folder. Each package becomes one report
 * line: imported (with its warnings) or refused with the reason, without stopping the others.
 */
import path from 'node:path';
import { TESTCASE_ZIP_LIMITS } from '@oj/shared';
import { ApiError } from '../../../lib/errors.js';
import type { ImportInput, ImportItem, ProblemImporter } from '../import/types.js';
import { parseKattisPackage } from './kattis.js';
import { packageTreeOf, problemPrefixes, subTree, type PackageTree } from './package-files.js';
import { packagePrograms, type PackagePrograms } from './package-jobs.js';
import type { ParsedPackage } from './parsed.js';
import { parsePolygonPackage } from './polygon.js';
import { storeStatementImages } from './statement-images.js';
import { warningText, type ImportWarning } from './warnings.js';

/** Deep enough for data/secret/<group>/<subgroup>/ under a top folder, as the batch import unpacks. */
const MAX_DEPTH = 8;

/** Folders ('' = the root) holding `marker`, at the root or one folder down. */
const markerDirs = (names: string[] | undefined, marker: string) =>
  (names ?? []).filter((n) => n === marker || (n.endsWith(`/${marker}`) && n.split('/').length === 2)).map((n) => n.slice(0, -marker.length));

const isPolygon = (names?: string[]) => markerDirs(names, 'problem.xml').length > 0;
/** problem.yaml with test data under data/ (Hydro's zips also hold problem.yaml, with testdata/). */
const isKattis = (names?: string[]) => markerDirs(names, 'problem.yaml').some((d) => names!.some((n) => n.startsWith(`${d}data/`)));

function packageImporter(
  format: string,
  marker: string,
  detect: (names?: string[]) => boolean,
  parse: (tree: PackageTree, name: string, workDir: string, programs: PackagePrograms) => Promise<ParsedPackage>,
): ProblemImporter {
  return {
    format,
    accept: ['.zip'],
    zip: true,
    links: true,
    maxBytes: TESTCASE_ZIP_LIMITS.zipMaxBytes,
    detect: ({ zipNames }) => detect(zipNames),
    async *parse(input: ImportInput): AsyncIterable<ImportItem> {
      const { tree, warnings: linkWarnings } = await packageTreeOf(input.file, input.zip!.root, MAX_DEPTH);
      const prefixes = problemPrefixes(tree, marker);
      const zipName = path.basename(input.filename).replace(/\.zip$/i, '');
      for (const [i, prefix] of prefixes.entries()) {
        const name = prefix ? prefix.slice(0, -1) : zipName;
        const source = prefix ? `${prefix}${marker}` : marker;
        // Link warnings belong to the package the link is in.
        const own = (w: ImportWarning) => !prefix || String(w.params.name).startsWith(prefix);
        try {
          const pkg = subTree(tree, prefix);
          const parsed = await parse(pkg, name, path.join(input.dir, `package-${i}`), packagePrograms(input.ctx));
          const images = await storeStatementImages(input.ctx, input.user.uid, pkg, parsed.problem);
          const warnings = [...linkWarnings.filter(own), ...parsed.warnings, ...images].map(warningText);
          yield { kind: 'problem', source, problem: parsed.problem, warnings, progress: (i + 1) / prefixes.length };
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          yield { kind: 'refused', source, title: name, reason: e.message, progress: (i + 1) / prefixes.length };
        }
      }
    },
  };
}

export const polygonImporter = packageImporter('polygon', 'problem.xml', isPolygon, parsePolygonPackage);
export const kattisImporter = packageImporter('kattis', 'problem.yaml', isKattis, (tree, name, _workDir, programs) => parseKattisPackage(tree, name, programs));

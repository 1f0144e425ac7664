/** What a package importer gives back, and the small readers the importers share. */
import fs from 'node:fs';
import { MAX_PROBLEM_EXAMPLES } from '@oj/shared';
import { fail } from '../../../lib/errors.js';
import type { ProblemToCreate } from '../admin-store.js';
import type { PackageTree } from './package-files.js';
import type { ImportWarning } from './warnings.js';

export interface ParsedPackage {
  problem: ProblemToCreate;
  warnings: ImportWarning[];
}

/** A text file of the package (refused as an invalid package when it is not there). */
export async function readText(tree: PackageTree, name: string): Promise<string> {
  const p = tree.files.get(name);
  if (!p) throw fail('importInvalid', { reason: `${name}: missing` });
  return (await fs.promises.readFile(p, 'utf8')).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** Examples shown with the statement: the first samples, when they are small enough to show. */
export async function examplesOf(tree: PackageTree, samples: { input: string; output: string }[]): Promise<{ input: string; output: string }[]> {
  const out: { input: string; output: string }[] = [];
  for (const s of samples.slice(0, MAX_PROBLEM_EXAMPLES)) {
    const [input, output] = await Promise.all([readText(tree, s.input), readText(tree, s.output)]);
    if (input.length + output.length > 16 * 1024) break;
    out.push({ input, output });
  }
  return out;
}

/** A display id from a package's short name (letters, digits, dash, underscore; at most 50). */
export function problemIdOf(name: string, fallback: string): string {
  const id = name
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);
  return id || fallback;
}

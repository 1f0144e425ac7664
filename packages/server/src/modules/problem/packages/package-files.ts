/**
 * A problem package unpacked from a zip (Polygon, Kattis/ICPC): the names of its files, where they
 * are on disk, and its symbolic links followed to the files they name inside the package (never
 * created on disk: `lib/safe-unzip.ts` reads a link's target as text and `resolveZipLinks` follows it).
 */
import path from 'node:path';
import { TESTCASE_ZIP_LIMITS } from '@oj/shared';
import { readZipDirectory, readZipLinks, resolveZipLinks } from '../../../lib/safe-unzip.js';
import type { ImportWarning } from './warnings.js';

export interface PackageTree {
  /** the folder the zip was unpacked into */
  root: string;
  /** package path → path of the real file under `root` (links map to their target's path) */
  files: Map<string, string>;
}

/**
 * The package tree of an uploaded zip the batch import has unpacked under `root` (regular files
 * only): its directory is read again for the links, which are resolved inside the package. Links
 * that leave the package or name nothing are left out with a warning each; the rest still imports.
 */
export async function packageTreeOf(zipFile: string, root: string, maxDepth: number): Promise<{ tree: PackageTree; warnings: ImportWarning[] }> {
  const entries = await readZipDirectory(zipFile, { maxDepth, limits: TESTCASE_ZIP_LIMITS, allowSymlinks: true });
  const regular = new Set(entries.filter((e) => !e.symlink).map((e) => e.name));
  const { resolved, refused } = resolveZipLinks(regular, await readZipLinks(zipFile, entries));
  const files = new Map<string, string>();
  for (const n of regular) files.set(n, path.join(root, n));
  for (const [n, target] of resolved) files.set(n, path.join(root, target));
  const warnings: ImportWarning[] = refused.map((r) => ({ key: 'pkgLinkRefused', params: { name: r.name, target: r.target } }));
  return { tree: { root, files }, warnings };
}

/** The part of `tree` under `prefix` ('' or 'folder/'), names relative to it. */
export function subTree(tree: PackageTree, prefix: string): PackageTree {
  if (!prefix) return tree;
  const files = new Map<string, string>();
  for (const [n, p] of tree.files) if (n.startsWith(prefix)) files.set(n.slice(prefix.length), p);
  return { root: path.join(tree.root, prefix), files };
}

/**
 * Where the problems of a zip are: the package itself when `marker` (problem.xml, problem.yaml) is
 * at its root, else every top folder holding one (a zip of several packages).
 */
export function problemPrefixes(tree: PackageTree, marker: string): string[] {
  if (tree.files.has(marker)) return [''];
  return [...tree.files.keys()]
    .filter((n) => n.endsWith(`/${marker}`) && n.split('/').length === 2)
    .map((n) => n.slice(0, -marker.length))
    .sort();
}

/** Package paths under `folder/` (any depth), in natural order. */
export function filesUnder(tree: PackageTree, folder: string): string[] {
  const p = folder.endsWith('/') ? folder : `${folder}/`;
  return [...tree.files.keys()].filter((n) => n.startsWith(p)).sort(naturalCompare);
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
/** 2 before 10, as test files are meant to be read. */
export const naturalCompare = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

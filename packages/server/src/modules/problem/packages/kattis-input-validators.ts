/**
 * A Kattis package's input validators (`input_validators/`, legacy `input_format_validators/`): each
 * a single source file or a folder holding one source with its headers. problemtools runs every one
 * on every input with the group's `input_validator_flags`; exit 42 means valid. Checktestdata and
 * Viva descriptions are not programs a judge here can run: they are said to be skipped.
 */
import path from 'node:path';
import { naturalCompare, type PackageTree } from './package-files.js';

export interface KattisInputValidator {
  /** the validator's name in the package (for messages) */
  name: string;
  /** a Polygon-style source type the judge maps to a language */
  type: string;
  /** the source's path in the package */
  source: string;
  /** the source file on this disk */
  file: string;
  /** header name → file on this disk, beside the source */
  headers: Record<string, string>;
}

const TYPES: [RegExp, string][] = [
  [/\.(cc|cpp|cxx|c\+\+)$/i, 'cpp.g++17'],
  [/\.c$/i, 'c.gcc'],
  [/\.py$/i, 'python.3'],
  [/\.java$/i, 'java8'],
];
const typeOf = (file: string) => TYPES.find(([re]) => re.test(file))?.[1];

/** Exit code problemtools reads as "the input is valid". */
export const KATTIS_VALID_EXIT = 42;

/** The package's input validators, and the ones that cannot be run here (why). */
export function kattisInputValidators(tree: PackageTree): { validators: KattisInputValidator[]; skipped: string[] } {
  const validators: KattisInputValidator[] = [];
  const skipped: string[] = [];
  const names = [...tree.files.keys()].filter((n) => /^input_(format_)?validators\//.test(n)).sort(naturalCompare);
  // One entry per direct child: a file, or a folder of files.
  const entries = new Map<string, string[]>();
  for (const n of names) {
    const [root, child] = n.split('/');
    const key = `${root}/${child}`;
    entries.set(key, [...(entries.get(key) ?? []), n]);
  }
  for (const [key, files] of entries) {
    const sources = files.filter((f) => typeOf(f));
    if (sources.length !== 1) {
      skipped.push(`${key}${files.length === 1 ? '' : '/'} (${sources.length ? 'several sources' : 'not a C, C++, Python or Java program'})`);
      continue;
    }
    const source = sources[0]!;
    const headers: Record<string, string> = {};
    for (const h of files.filter((f) => /\.(h|hpp|hh|hxx)$/i.test(f))) headers[path.posix.basename(h)] = tree.files.get(h)!;
    validators.push({ name: key, type: typeOf(source)!, source, file: tree.files.get(source)!, headers });
  }
  return { validators, skipped };
}

/**
 * A Kattis package's hack kit (contest hacks): its one input validator a judge can run (C, C++ or
 * Python 3, as Polygon's import keeps) and an accepted solution (`submissions/accepted/`) in a judge
 * language. The validator says "valid" with exit 42, which the kit carries for the judge's hack
 * validation. A kit holds one source: the headers a C or C++ validator includes from its folder (the
 * 2023-07 format's validation.h) are written into it in place. No kit when the package has several
 * program validators (a hack runs one), validator flags on some test group (a hack runs the validator
 * without arguments, so it would check other limits than the tests), or no such solution; nor when the
 * validator did not run over the test inputs at import (kattis.ts: it would fail every hack).
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type HackKit, LIMITS } from '@oj/shared';
import { type KattisInputValidator, KATTIS_VALID_EXIT } from './kattis-input-validators.js';
import { naturalCompare, type PackageTree } from './package-files.js';
import { readText } from './parsed.js';

/** Validator source types a hack runs (the Polygon import's). */
const VALIDATOR_TYPES = ['cpp.g++17', 'c.gcc', 'python.3'];

/** Judge languages of accepted solutions by file name, the fastest first (the reference answers every hack). */
const SOLUTION_LANGUAGES: [RegExp, string][] = [
  [/\.(cc|cpp|cxx|c\+\+)$/i, 'C++'],
  [/\.c$/i, 'C'],
  [/\.java$/i, 'Java'],
  [/\.py$/i, 'Python3'],
];

/** The accepted solution a hack's answer comes from: a single file (or a folder of one source) in a judge language. */
function acceptedSolution(tree: PackageTree): { file: string; language: string } | null {
  const names = [...tree.files.keys()].filter((n) => n.startsWith('submissions/accepted/')).sort(naturalCompare);
  // One entry per direct child: a file, or a folder of files (a program of several files is not one kit source).
  const entries = new Map<string, string[]>();
  for (const n of names) {
    const key = n.split('/').slice(0, 3).join('/');
    entries.set(key, [...(entries.get(key) ?? []), n]);
  }
  const singles = [...entries.values()].filter((files) => files.length === 1).map((files) => files[0]!);
  for (const [re, language] of SOLUTION_LANGUAGES) {
    const file = singles.find((f) => re.test(f));
    if (file) return { file, language };
  }
  return null;
}

/**
 * A C or C++ source with the package headers it includes (`#include "name.h"`) written in place, each
 * once (nested ones too). testlib.h stays an include: the judge has its own beside every validator.
 */
function inlineHeaders(code: string, headers: Map<string, string>, seen = new Set<string>()): string {
  return code.replace(/^[ \t]*#[ \t]*include[ \t]*"([^"]+)"[^\n]*$/gm, (line, name: string) => {
    const base = path.posix.basename(name);
    const text = base === 'testlib.h' ? undefined : headers.get(base);
    if (text === undefined) return line;
    if (seen.has(base)) return '';
    seen.add(base);
    return `// ${base} (from the package)\n${inlineHeaders(text.replace(/^[ \t]*#[ \t]*pragma[ \t]+once[^\n]*$/gm, ''), headers, seen)}`;
  });
}

/** The kit of the package, or undefined when it has none a hack could use (see above). */
export async function kattisHackKit(
  tree: PackageTree,
  validators: KattisInputValidator[],
  anyValidatorFlags: boolean,
): Promise<Omit<HackKit, 'pid'> | undefined> {
  if (validators.length !== 1 || anyValidatorFlags) return undefined;
  const v = validators[0]!;
  if (!VALIDATOR_TYPES.includes(v.type)) return undefined;
  const solution = acceptedSolution(tree);
  if (!solution) return undefined;
  const headers = new Map<string, string>();
  for (const [name, file] of Object.entries(v.headers)) headers.set(name, (await fsp.readFile(file, 'utf8')).replace(/\r\n?/g, '\n'));
  // Headers beside a Python validator are not its to include: the source alone is the kit's.
  const own = await readText(tree, v.source);
  const validatorCode = v.type === 'python.3' ? own : inlineHeaders(own, headers);
  const referenceCode = await readText(tree, solution.file);
  if (validatorCode.length > LIMITS.codeMax || referenceCode.length > LIMITS.codeMax) return undefined;
  return { validatorType: v.type, validatorCode, validatorOkExit: KATTIS_VALID_EXIT, referenceLanguage: solution.language, referenceCode };
}

/**
 * The plagiarism check of 500 submissions of 200 lines (one problem, one language) as a judge host runs
 * it (`comparePrograms` of packages/judge/src/plagiarism/compare.ts: tokenising, fingerprints, pairs,
 * fragments), against Dolos' own way in the same run (`FingerprintIndex.allPairs`: every pair built,
 * no fragments) as the baseline. A fifth of the submissions are near-copies (renamed identifiers,
 * reordered functions, lines added) of another; the rest are unique programs (`packages/test-fixtures/src/programs.ts`).
 *
 *   npx tsx bench/plagiarism.ts [SUBMISSIONS = 500] [LINES = 200]
 *
 * BENCH_BASELINE=0 skips the baseline. BENCH_CLUSTERS=K makes every submission a near-copy of one of K
 * programs instead (the worst case: a class handing round a few solutions, far more similar pairs than
 * the 5 000 kept).
 */
import os from 'node:os';
import { File, FingerprintIndex, Region, TokenizedFile } from '@dodona/dolos-core';
import { comparePrograms, type SourceFile } from '../packages/judge/src/plagiarism/compare.js';
import { tokenize } from '../packages/judge/src/plagiarism/tokenize.js';
import { nearCopy, uniqueProgram } from '@oj/test-fixtures';

const count = Number(process.argv[2] ?? 500);
const lines = Number(process.argv[3] ?? 200);

const files: SourceFile[] = [];
const copies = new Set<string>();
const clusters = Number(process.env.BENCH_CLUSTERS ?? 0);
for (let k = 0; k < count; k++) {
  const copyOf = !clusters && k % 5 === 4 ? files[k - 1 - (k % 3)] : undefined;
  const code = clusters ? nearCopy(uniqueProgram(1000 + (k % clusters), lines), k) : copyOf ? nearCopy(copyOf.code, k) : uniqueProgram(1000 + k, lines);
  if (copyOf) copies.add(`${copyOf.submitId}-${k + 1}`);
  files.push({ submitId: k + 1, pid: 1, language: 'C++ 17', code });
}
if (clusters) for (let a = 1; a <= count; a++) for (let b = a + clusters; b <= count; b += clusters) copies.add(`${a}-${b}`);
const avgLines = files.reduce((s, f) => s + f.code.split('\n').length, 0) / files.length;
console.log(
  `${count} submissions, ${avgLines.toFixed(0)} lines on average, ${copies.size} pairs of near-copies; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

let t = performance.now();
const pairs = await comparePrograms(files);
const ours = performance.now() - t;
const found = pairs.filter((p) => copies.has(`${p.left}-${p.right}`) || copies.has(`${p.right}-${p.left}`));
const minCopy = Math.min(...found.map((p) => p.similarity));
const others = pairs.filter((p) => !found.includes(p));
const maxOther = others.length ? Math.max(...others.map((p) => p.similarity)) : 0;
console.log(
  `check: ${(ours / 1000).toFixed(2)} s, ${pairs.length} pairs kept; near-copies found ${found.length}/${copies.size} (lowest similarity ${minCopy.toFixed(2)}), ` +
    `highest other pair ${maxOther.toFixed(2)}`,
);

if (process.env.BENCH_BASELINE !== '0') {
  t = performance.now();
  const index = new FingerprintIndex(23, 17, false);
  index.addFiles(
    files.map((f) => {
      const { tokens, regions } = tokenize(f.code, f.language);
      return new TokenizedFile(
        new File(String(f.submitId), f.code),
        tokens,
        regions.map(([a, b, c, d]) => new Region(a, b, c, d)),
      );
    }),
  );
  const all = index.allPairs('similarity');
  const base = performance.now() - t;
  console.log(`baseline (Dolos allPairs, no fragments): ${(base / 1000).toFixed(2)} s for ${all.length} pairs; check/baseline ${(ours / base).toFixed(2)}`);
}
console.log(
  `load average after ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

/**
 * The similarity check of one set of sources (Dolos' Winnowing from `@dodona/dolos-core`): sources of
 * the same problem and language are tokenised (tokenize.ts), fingerprinted, and every two that share
 * enough fingerprints become a pair with its similarity, longest shared run, total overlap and the
 * matching fragments. Sources of different problems or languages are never compared.
 *
 * Dolos builds every pair of a set (n²/2 pairs, each with a longest-common-run search); here the
 * shared fingerprints are counted per pair first, only pairs whose count can reach the kept similarity
 * are built (the most promising first, no more than are kept), and fragments only for the pairs kept,
 * so 500 unrelated sources cost little more than their fingerprints.
 */
import { File, FingerprintIndex, type Pair, Region, TokenizedFile } from '@dodona/dolos-core';
import { tokenize, type TokenRegion } from './tokenize.js';

export interface SourceFile {
  submitId: number;
  pid: number;
  language: string;
  code: string;
}

export interface SimilarPair {
  left: number;
  right: number;
  similarity: number;
  longest: number;
  overlap: number;
  fragments: { left: TokenRegion; right: TokenRegion }[];
}

export interface CompareOptions {
  /** tokens per k-gram and k-grams per winnowing window (Dolos' defaults) */
  kgramLength?: number;
  windowSize?: number;
  /** pairs below this are not reported */
  minSimilarity?: number;
  maxPairs?: number;
  maxFragments?: number;
  /** called after each group (problem × language) with how many are done */
  onProgress?: (done: number, total: number) => void | Promise<void>;
  /** stops between steps (the lease is gone or the judge stops) */
  signal?: AbortSignal;
}

/** Lets the event loop run (heartbeats, the lease's progress) between steps of a long comparison. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Groups of sources compared with one another: one per problem and language. */
export function groupsOf(files: readonly SourceFile[]): SourceFile[][] {
  const groups = new Map<string, SourceFile[]>();
  for (const f of files) {
    const key = `${f.pid}\u0000${f.language}`;
    const g = groups.get(key);
    if (g) g.push(f);
    else groups.set(key, [f]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}

const regionOf = (r: Region): TokenRegion => [r.startRow, r.startCol, r.endRow, r.endCol];

/** Compares one group; pairs at or above `minSimilarity`. */
async function compareGroup(
  group: readonly SourceFile[],
  o: Required<Omit<CompareOptions, 'onProgress' | 'signal'>> & { signal?: AbortSignal },
): Promise<Found[]> {
  const index = new FingerprintIndex(o.kgramLength, o.windowSize, false);
  const files: TokenizedFile[] = [];
  for (const [k, f] of group.entries()) {
    const { tokens, regions } = tokenize(f.code, f.language);
    const mapping = regions.map(([a, b, c, d]) => new Region(a, b, c, d));
    files.push(new TokenizedFile(new File(String(f.submitId), f.code), tokens, mapping));
    if (k % 50 === 49) await breathe();
  }
  // Fingerprints shared by more than half of a large group are its boilerplate (a template, fast input).
  index.updateMaxFingerprintFileCount(group.length >= 10 ? Math.ceil(group.length / 2) : undefined);
  for (let k = 0; k < files.length; k += 50) {
    index.addFiles(files.slice(k, k + 50));
    o.signal?.throwIfAborted();
    await breathe();
  }
  const position = new Map(files.map((f, k) => [f.id, k]));
  const n = files.length;
  const entries = index.entries();
  const totals = entries.map((e) => e.kgrams.length);
  // Shared fingerprints per pair (i < j), counted once per fingerprint and pair.
  const counts = new Map<number, number>();
  for (const fp of index.sharedFingerprints()) {
    if (fp.ignored || fp.fileCount() < 2) continue;
    const at = fp.files().map((f) => position.get(f.id)!);
    for (let a = 0; a < at.length; a++)
      for (let b = a + 1; b < at.length; b++) {
        const i = Math.min(at[a]!, at[b]!);
        const j = Math.max(at[a]!, at[b]!);
        const key = i * n + j;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
  }
  await breathe();
  // Built most promising first (the shared count over both sides' fingerprints is close to the
  // similarity), at most `maxPairs` of them: a class of copies of a few solutions has far more similar
  // pairs than are kept, and building a pair is the costly part (a longest common run).
  const candidates: { i: number; j: number; estimate: number }[] = [];
  for (const [key, shared] of counts) {
    const i = Math.floor(key / n);
    const j = key % n;
    const denominator = totals[i]! + totals[j]!;
    // Each shared fingerprint covers at least one k-gram on each side: below this bound the pair cannot reach the minimum.
    const estimate = denominator === 0 ? 0 : (2 * shared) / denominator;
    if (estimate >= o.minSimilarity * 0.5) candidates.push({ i, j, estimate });
  }
  candidates.sort((a, b) => b.estimate - a.estimate);
  const pairs: Found[] = [];
  for (const [k, c] of candidates.slice(0, o.maxPairs).entries()) {
    const pair = index.getPair(files[c.i]!, files[c.j]!);
    if (pair.similarity >= o.minSimilarity) pairs.push({ pair, left: group[c.i]!.submitId, right: group[c.j]!.submitId });
    if (k % 200 === 199) {
      o.signal?.throwIfAborted();
      await breathe();
    }
  }
  return pairs;
}

/** A pair found, its fragments not built yet (only the kept pairs' are). */
interface Found {
  pair: Pair;
  left: number;
  right: number;
}

/** Every group's similar pairs, the most similar first, at most `maxPairs`. */
export async function comparePrograms(files: readonly SourceFile[], options: CompareOptions = {}): Promise<SimilarPair[]> {
  const o = {
    kgramLength: options.kgramLength ?? 23,
    windowSize: options.windowSize ?? 17,
    minSimilarity: options.minSimilarity ?? 0.2,
    maxPairs: options.maxPairs ?? 5000,
    maxFragments: options.maxFragments ?? 64,
    signal: options.signal,
  };
  const groups = groupsOf(files);
  const all: Found[] = [];
  await options.onProgress?.(0, groups.length);
  for (const [k, group] of groups.entries()) {
    o.signal?.throwIfAborted();
    all.push(...(await compareGroup(group, o)));
    await options.onProgress?.(k + 1, groups.length);
  }
  const kept = all.sort((a, b) => b.pair.similarity - a.pair.similarity || b.pair.longest - a.pair.longest).slice(0, o.maxPairs);
  const out: SimilarPair[] = [];
  for (const [k, { pair, left, right }] of kept.entries()) {
    const fragments = pair
      .buildFragments()
      .sort((x, y) => y.pairs.length - x.pairs.length)
      .slice(0, o.maxFragments)
      .map((f) => ({ left: regionOf(f.leftSelection), right: regionOf(f.rightSelection) }));
    out.push({ left, right, similarity: pair.similarity, longest: pair.longest, overlap: pair.overlap, fragments });
    if (k % 200 === 199) {
      o.signal?.throwIfAborted();
      await breathe();
    }
  }
  return out;
}

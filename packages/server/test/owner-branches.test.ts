/**
 * Contest, training, problem and discussion code takes an owner (the site or a group, modules/owner) and asks the
 * policy; it never asks which kind of owner holds a row. The owner is resolved from a row's `gid` in
 * modules/owner and group/owner.ts, and SQL filters by `ownerFilter` (the bank: problem/bank.ts). This
 * scan fails on a test of a `gid` against null (in code or in SQL) in those modules, their group route
 * modules, and the site and announcement services they share; and in the site-only lists (rank, home,
 * profile, admin dashboard), whose "the site's" is `ownerFilter` of the site as well.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MODULES = [
  'contest',
  'group-contest',
  'site',
  'announcement',
  'training',
  'group-training',
  'problem',
  'group-problem',
  'group-board',
  'rank',
  'home',
  'account',
  'admin-dashboard',
  'discussion',
].map((m) => `packages/server/src/modules/${m}`);

/** `x.gid === null`, `null !== gid`, `isNull(t.gid)`, `isNotNull(gid)`, `gid is null` in SQL text */
const GID_NULL_TEST = /\bgid\s*[!=]==?\s*null\b|\bnull\s*[!=]==?\s*[\w.?]*\bgid\b|\bis(?:Not)?Null\([^)]*\bgid\s*\)|\bgid\s+is\s+(?:not\s+)?null\b/i;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.ts$/.test(e.name) && !/\.test\./.test(e.name) ? [p] : [];
  });
}

describe('owner code', () => {
  it('no contest, training, problem or discussion module tells the site and a group apart by a gid', () => {
    const found: string[] = [];
    for (const dir of MODULES) {
      for (const file of files(path.join(ROOT, dir))) {
        fs.readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            const where = path.relative(ROOT, file);
            if (GID_NULL_TEST.test(line)) found.push(`${where}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });

  it('the scan sees such a test', () => {
    for (const line of [
      'if (c.gid === null) return;',
      'if (!c || c.gid !== null) throw x;',
      'const where = and(eq(x, 0), isNull(announcements.gid));',
      'c.gid == null',
      'null === row?.gid',
      'where gid is null and cid = 0',
      'isNotNull(contests.gid)',
    ])
      expect(GID_NULL_TEST.test(line), line).toBe(true);
    for (const line of ['ownerFilter(owner, contests.gid)', '{ cid: scope.cid, gid: null }', 'may(actor, "view", { kind: "contest", gid: c.gid })'])
      expect(GID_NULL_TEST.test(line), line).toBe(false);
  });
});

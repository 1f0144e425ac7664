/**
 * docs/architecture.md names files so a reader can find the code; a renamed or removed file must not
 * leave the page pointing nowhere. Every backticked span that looks like a repository path (a `/` and
 * a file extension, or a trailing `/`) must exist, read by the page's convention: `server/…`, `web/…`,
 * `shared/…` and `judge/…` are inside that package's `src/`, anything else is from the repository root,
 * except a path starting with an environment variable (`DATA_DIR/…`: a place on the running site).
 * Pure: reads files only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DOC = path.join(ROOT, 'docs/architecture.md');

/** Short prefixes of the page → the folder they stand for. */
const PREFIXES: Record<string, string> = {
  server: 'packages/server/src',
  web: 'packages/web/src',
  shared: 'packages/shared/src',
  judge: 'packages/judge/src',
};

const SEGMENT = /^[\w.@+-]+$/;

/** The backticked spans of `text` that are repository paths by the page's rule. */
export function docPaths(text: string): string[] {
  const found = new Set<string>();
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    const p = span!.trim();
    if (!p.includes('/') || p.startsWith('/') || p.startsWith('@')) continue;
    const segments = p.replace(/\/$/, '').split('/');
    if (/^[A-Z][A-Z0-9_]*$/.test(segments[0]!)) continue;
    if (!segments.every((s) => SEGMENT.test(s) && s !== '..' && s !== '.')) continue;
    if (!p.endsWith('/') && !/\.[A-Za-z0-9]+$/.test(segments.at(-1)!)) continue;
    found.add(p);
  }
  return [...found];
}

/** Where a path of the page lives in the repository. */
export function resolveDocPath(root: string, p: string): string {
  const [first, ...rest] = p.split('/');
  const base = PREFIXES[first!];
  return base ? path.join(root, base, ...rest) : path.join(root, p);
}

export function missingPaths(root: string, text: string): string[] {
  return docPaths(text).filter((p) => {
    const full = resolveDocPath(root, p);
    if (!fs.existsSync(full)) return true;
    return p.endsWith('/') && !fs.statSync(full).isDirectory();
  });
}

describe('docs/architecture.md', () => {
  it('reads paths by the convention (the check itself)', () => {
    const text =
      'see `server/lib/site-policy.ts`, `web/app/`, `packages/judge/testsuite/`, `shared/nope.ts`, `@oj/shared`, `/api/x.json`, `text/csv`, `a b/c.ts`, `DATA_DIR/mail/`';
    expect(docPaths(text)).toEqual(['server/lib/site-policy.ts', 'web/app/', 'packages/judge/testsuite/', 'shared/nope.ts']);
    expect(missingPaths(ROOT, text)).toEqual(['shared/nope.ts']);
    expect(missingPaths(ROOT, '`web/app/may.ts/`')).toEqual(['web/app/may.ts/']);
  });

  it('names only files and folders that exist', () => {
    const text = fs.readFileSync(DOC, 'utf8');
    const paths = docPaths(text);
    expect(paths.length).toBeGreaterThan(50);
    const missing = missingPaths(ROOT, text);
    expect(missing, `paths in docs/architecture.md that do not exist:\n${missing.join('\n')}`).toEqual([]);
  });
});

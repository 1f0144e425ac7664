/**
 * The project's layering, held by a test: folders are nodes, relative imports are edges, and no two
 * nodes may reach each other. Server: each folder of `modules/` (and `lib`, `db`, the top files) is a
 * node; web: each top folder of `src/`. A cycle means two parts can no longer change apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Edges between nodes: `nodeOf` names the node of a file (relative to `root`, with / separators). */
export function importGraph(root: string, nodeOf: (rel: string) => string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = nodeOf(path.relative(root, file).split(path.sep).join('/'));
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path
        .relative(root, path.resolve(path.dirname(file), spec!))
        .split(path.sep)
        .join('/');
      if (target.startsWith('..')) continue;
      const to = nodeOf(target);
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** Every cycle's nodes (strongly connected components of more than one node), Tarjan's way. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** A cycle with the imports that close it, for the failure message. */
const explain = (graph: Map<string, Set<string>>, part: string[]) =>
  part.map((a) => `${a} -> ${[...(graph.get(a) ?? [])].filter((b) => part.includes(b)).join(', ')}`).join('\n');

const serverNode = (rel: string) => {
  const parts = rel.replace(/\.(ts|js)$/, '').split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts[0]!;
};

const webNode = (rel: string) => rel.replace(/\.(tsx?|css)$/, '').split('/')[0]!;

describe('import cycles', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', new Set(['b'])]]))).toEqual([]);
  });

  it('server modules import each other in one direction only', () => {
    const g = importGraph(path.join(ROOT, 'packages/server/src'), serverNode);
    expect(g.get('modules/place')?.size).toBeGreaterThan(2); // the graph is really read
    for (const part of cycles(g)) expect.fail(`import cycle between server modules:\n${explain(g, part)}`);
  });

  it("the web's top folders import each other in one direction only", () => {
    const g = importGraph(path.join(ROOT, 'packages/web/src'), webNode);
    expect(g.get('pages')?.size).toBeGreaterThan(2);
    for (const part of cycles(g)) expect.fail(`import cycle between web folders:\n${explain(g, part)}`);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The README promises the Node versions of the root `engines`; every package `npm ci` installs must
// accept all of them, or npm prints EBADENGINE and the package may use what that Node lacks.
const root = path.resolve(import.meta.dirname, '../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

describe('supported Node versions', () => {
  const supported: string = readJson('package.json').engines.node;

  it('every locked package declares support for every Node version the project promises', () => {
    const packages: Record<string, { version?: string; engines?: { node?: string } }> = readJson('package-lock.json').packages;
    const refusing = Object.entries(packages)
      .filter(([, p]) => typeof p.engines?.node === 'string' && semver.validRange(p.engines.node))
      .filter(([, p]) => !semver.subset(supported, p.engines!.node!))
      .map(([where, p]) => `${where.replace(/^.*node_modules\//, '')}@${p.version} wants node ${p.engines!.node}`);
    expect(refusing).toEqual([]);
  });

  it('the Node running the tests is one of them', () => {
    expect(semver.satisfies(process.version, supported)).toBe(true);
  });
});

/**
 * The languages offered when their toolchain is present (Debian's packages: mono-mcs, php-cli, ruby,
 * fp-compiler, ghc, kotlin): each one judges A+B and tells the verdicts apart in the real sandbox.
 * A language whose toolchain is not installed here is skipped, and says so.
 */
import { describe, it } from 'vitest';
import { getLanguages } from '../src/languages.js';
import { ensureRunnerBuilt } from '../src/sandbox.js';
import { languageTests } from './languages.shared.js';

ensureRunnerBuilt();
const OPTIONAL = ['C#', 'PHP', 'Ruby', 'Pascal', 'Haskell', 'Kotlin'];

describe('languages offered when their toolchain is installed', () => {
  for (const name of OPTIONAL) {
    const lang = getLanguages().find((l) => l.name === name);
    if (lang) languageTests(lang);
    else it.skip(`${name}: no toolchain on this host`, () => {});
  }
});

/**
 * `tokens`: the whitespace-separated tokens (space, tab, CR, LF, VT, FF) must be equal, in order, byte
 * for byte; how they are spaced or split into lines does not matter. Never PE.
 */
import { JudgeStatus } from '@oj/shared';
import { shown } from '../tokens.js';
import { checkTokens } from './token-compare.js';
import type { BuiltinCheckerModule } from './types.js';

export const tokensChecker: BuiltinCheckerModule<'tokens'> = {
  name: 'tokens',
  check: (expected, actual) =>
    checkTokens(expected, actual, (e, a) =>
      e.sameAs(a) ? null : { status: JudgeStatus.WRONG_ANSWER, message: `expected ${shown(e.bytes())}, found ${shown(a.bytes())}` },
    ),
};

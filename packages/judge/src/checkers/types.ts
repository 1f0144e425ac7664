/** What every built-in checker module (`checkers/<name>.ts`, listed in `builtin-checkers.ts`) provides. */
import type { BuiltinChecker, JudgeStatus } from '@oj/shared';
import type { CompareStatus } from '../compare.js';

export type CheckStatus = CompareStatus | typeof JudgeStatus.SYSTEM_ERROR;

export interface CheckVerdict {
  status: CheckStatus;
  /** Where and how the output differs (none when accepted). */
  message?: string;
}

export interface BuiltinCheckerOptions {
  /** 'lines' only: the problem's "remove end blank". */
  removeEndBlank?: boolean;
  /** 'floats' only: allowed error 1e-N, default 6. */
  precision?: number;
}

export interface BuiltinCheckerModule<K extends BuiltinChecker = BuiltinChecker> {
  /** The name a problem's `builtinChecker` holds (`BUILTIN_CHECKERS` of @oj/shared). */
  name: K;
  /** Judges the output against the answer; both are bytes. */
  check(expected: Buffer, actual: Buffer, opts: BuiltinCheckerOptions): CheckVerdict;
}

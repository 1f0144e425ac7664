/**
 * A package's input validator (Polygon's testlib validator, Kattis' input validators) run on a judge
 * over every test input the import holds or makes, as check steps of the package run. What a user
 * notices: an input the package's own validator refuses keeps the problem private with a warning
 * naming the test, and a validator that cannot run (no judge, no compiler for its language) is said
 * once without holding the problem back.
 */
import type { PackageRunJob, PackageRunResult, PackageStep } from '@oj/shared';
import type { ImportWarning } from './warnings.js';

/** A planned check: the test's number and the step that validates its input. */
export interface PlannedCheck {
  test: string;
  step: string;
}

/** Adds a check step for one input (a stored file or an earlier step's output). */
export function addInputCheck(
  job: PackageRunJob,
  checks: PlannedCheck[],
  o: { test: string; program: string; args: string[]; stdin: NonNullable<PackageStep['stdin']>; okExit: number },
): void {
  const id = `val${checks.length + 1}`;
  // A validator reads one input: a few seconds is what Polygon gives it too.
  job.steps.push({ id, program: o.program, args: o.args, stdin: o.stdin, timeLimitMs: 10_000, memoryLimitMb: 1024, check: { okExit: o.okExit } });
  checks.push({ test: o.test, step: id });
}

/**
 * What the checks found: `refused` counts inputs the validator said no to (the problem should stay
 * private), and the warnings say it in the admin's language. `jobError` is why the whole run did not
 * happen (no judge), if it did not.
 */
export function checkWarnings(checks: PlannedCheck[], steps: PackageRunResult['steps'], jobError: string): { warnings: ImportWarning[]; refused: number } {
  if (!checks.length) return { warnings: [], refused: 0 };
  if (jobError) return { warnings: [{ key: 'pkgValidatorNotRun', params: { reason: jobError } }], refused: 0 };
  const refusals: { test: string; why: string }[] = [];
  for (const c of checks) {
    const r = steps[c.step];
    if (!r || 'passed' in r || 'hash' in r) continue;
    // An input that was never made is counted by the generator's warning, not here.
    if (r.stage === 'stdin') continue;
    if (r.stage === 'compile') return { warnings: [{ key: 'pkgValidatorNotRun', params: { reason: r.error } }], refused: 0 };
    refusals.push({ test: c.test, why: r.error });
  }
  if (!refusals.length) return { warnings: [], refused: 0 };
  const first = refusals[0]!;
  return {
    warnings: [{ key: 'pkgInputsInvalid', params: { count: refusals.length, test: first.test, reason: first.why } }],
    refused: refusals.length,
  };
}

/**
 * A problem's hack kit (validator and reference solution), kept by whoever administers the problem.
 * Both programs are compiled on a judge before the kit is saved (judge job `compilePrograms`, as a
 * checker is compiled before it is saved): a kit that does not compile is refused with the compiler's
 * words and the kept kit stays, so no hack ends "reference failed" because of a broken kit.
 */
import { eq } from 'drizzle-orm';
import type { HackKit } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { problemHackKits } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail } from '../../lib/errors.js';
import { runJudgeJob } from '../judge-job/service.js';
import { administeredProblemOwner } from '../problem/admin-access.js';

/** Two compilations on a loaded judge (each stops at 30 s), with room to spare. */
const COMPILE_LEASE_MS = 120_000;

const viewOf = (r: typeof problemHackKits.$inferSelect): HackKit => ({
  pid: r.pid,
  validatorType: r.validatorType,
  validatorCode: r.validatorCode,
  validatorOkExit: r.validatorOkExit,
  referenceLanguage: r.referenceLanguage,
  referenceCode: r.referenceCode,
});

export async function hackKit(ctx: AppContext, user: AuthUser, pid: number): Promise<HackKit | null> {
  const { db } = ctx.database;
  await administeredProblemOwner(db, user, pid);
  const [row] = await db.select().from(problemHackKits).where(eq(problemHackKits.pid, pid));
  return row ? viewOf(row) : null;
}

/** Compiles the kit's two programs on a judge; throws which one does not compile, with the compiler's output. */
async function assertKitCompiles(ctx: AppContext, kit: HackKit): Promise<void> {
  const r = await runJudgeJob(
    ctx,
    {
      type: 'compilePrograms',
      programs: {
        validator: { packageType: kit.validatorType, code: kit.validatorCode },
        reference: { language: kit.referenceLanguage, code: kit.referenceCode },
      },
    },
    { leaseMs: COMPILE_LEASE_MS },
  );
  // A judge older than this job kind answers something else: its failure, not the kit's.
  if (r.type !== 'compilePrograms') throw fail('judgeJobFailed', { error: `the judge answered a ${r.type} result (is it older than this site?)` });
  const { errors } = r;
  // Compiler output can be long: the first 4000 characters say what is wrong.
  const shown = (e: string) => (e.length > 4000 ? `${e.slice(0, 4000)}\n…` : e);
  if (errors.validator) throw fail('hackKitValidatorCompileError', { error: shown(errors.validator) });
  if (errors.reference) throw fail('hackKitReferenceCompileError', { error: shown(errors.reference) });
}

/** Saves the kit once both its programs compile on a judge; a refused kit changes nothing. */
export async function saveHackKit(ctx: AppContext, user: AuthUser, kit: HackKit): Promise<HackKit> {
  const { db } = ctx.database;
  await administeredProblemOwner(db, user, kit.pid);
  await assertKitCompiles(ctx, kit);
  const values = { ...kit, gmtModified: new Date() };
  const [row] = await db.insert(problemHackKits).values(values).onConflictDoUpdate({ target: problemHackKits.pid, set: values }).returning();
  return viewOf(row!);
}

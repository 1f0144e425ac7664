/**
 * The judge protocol, server side (docs/architecture.md, "Judge protocol"): judges register, beat and
 * poll; a poll leases one task of the first kind that has one for this judge (task-kinds.ts).
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { JUDGE_PROTOCOL, type JudgeRegisterBody, type JudgeRegisterResponse, type PolledTask } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { judgeServers, languages } from '../../db/schema/index.js';
import { judgeToken } from '../../lib/secrets.js';
import { protocolError } from './protocol-error.js';
import { sweep } from './queue.js';
import type { QueueSignal } from './signal.js';
import type { TaskKind } from './task-kinds.js';

/** Per-app state of the judge module: the wake-up signal and when this node last swept. */
export interface JudgeState {
  signal: QueueSignal;
  lastSweep: number;
  /** Aborted when the app closes, so waiting polls answer at once. */
  closing: AbortController;
}

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/** Constant-time check of the X-Judge-Token header. */
export async function checkJudgeToken(ctx: AppContext, header: string | string[] | undefined): Promise<void> {
  const given = Array.isArray(header) ? header[0] : header;
  if (!given || given.length > 1024) throw protocolError.badToken();
  const expected = await judgeToken(ctx);
  if (!crypto.timingSafeEqual(digest(given), digest(expected))) throw protocolError.badToken();
}

/**
 * Registers a judge by name (a restarted judge gets its old id back) and merges its languages into
 * the `language` table (oj ME): new ones are appended in the judge's order, known ones get the judge's
 * description, command and template. Languages no judge reports any more keep their rows (problems
 * and submissions refer to them); whether a judge offers a language now is told by judge_server.
 */
export async function registerJudge(ctx: AppContext, body: JudgeRegisterBody, ip: string): Promise<JudgeRegisterResponse> {
  const { db } = ctx.database;
  const seen = new Set<string>();
  const langs = body.languages.filter((l) => !seen.has(l.name) && seen.add(l.name));
  const [row] = await db
    .insert(judgeServers)
    .values({
      name: body.name,
      ip,
      cpuCount: body.cpuCount,
      capacity: body.capacity,
      languages: langs.map((l) => l.name),
      remoteOjs: body.remoteOjs,
      version: body.version,
      running: 0,
      cpuUsage: body.cpuUsage ?? null,
      memoryUsage: body.memoryUsage ?? null,
    })
    .onConflictDoUpdate({
      target: judgeServers.name,
      set: {
        ip,
        cpuCount: body.cpuCount,
        capacity: body.capacity,
        languages: langs.map((l) => l.name),
        remoteOjs: body.remoteOjs,
        version: body.version,
        running: 0,
        cpuUsage: body.cpuUsage ?? null,
        memoryUsage: body.memoryUsage ?? null,
        lastHeartbeat: sql`now()`,
      },
    })
    .returning({ id: judgeServers.id });

  if (langs.length) {
    // One statement in name order: judges registering at once lock the rows in the same order.
    const values = langs
      .map((l, i) => ({
        oj: 'ME',
        name: l.name,
        description: l.description,
        compileCommand: l.compileCommand,
        template: l.template,
        contentType: l.contentType,
        // New languages go after the known ones, in the judge's order.
        seq: sql`(select coalesce(max(seq), 0) from language where oj = 'ME') + ${i + 1}::int`,
      }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    await db
      .insert(languages)
      .values(values)
      .onConflictDoUpdate({
        target: [languages.oj, languages.name],
        set: {
          description: sql`excluded.description`,
          compileCommand: sql`excluded.compile_command`,
          template: sql`excluded.template`,
          contentType: sql`excluded.content_type`,
          gmtModified: sql`now()`,
        },
      });
  }
  await mergeRemoteLanguages(ctx, body.remoteLanguages);
  const cfg = ctx.config.judgeQueue;
  return { judgeId: row!.id, leaseMs: cfg.leaseMs, maxWaitMs: JUDGE_PROTOCOL.maxWaitMs, heartbeatMs: JUDGE_PROTOCOL.heartbeatMs };
}

/**
 * The languages of the remote sites a judge serves, as rows of their site (oj HDU, CF, …): what a
 * remote problem's editor offers. Known rows keep their order; new ones follow in the judge's order.
 */
async function mergeRemoteLanguages(ctx: AppContext, reports: JudgeRegisterBody['remoteLanguages']) {
  const seen = new Set<string>();
  const langs = reports.filter((l) => !seen.has(`${l.oj}\u0000${l.name}`) && seen.add(`${l.oj}\u0000${l.name}`));
  if (!langs.length) return;
  const values = langs
    .map((l, i) => ({
      oj: l.oj,
      name: l.name,
      description: l.name,
      contentType: l.contentType,
      seq: sql`(select coalesce(max(seq), 0) from language where oj = ${l.oj}) + ${i + 1}::int`,
    }))
    .sort((a, b) => (a.oj + a.name < b.oj + b.name ? -1 : a.oj + a.name > b.oj + b.name ? 1 : 0));
  await ctx.database.db
    .insert(languages)
    .values(values)
    .onConflictDoUpdate({ target: [languages.oj, languages.name], set: { contentType: sql`excluded.content_type`, gmtModified: sql`now()` } });
}

/** What a heartbeat reports besides being alive; host use is left as it was when a judge does not send it. */
export interface JudgeBeat {
  running: number;
  cpuUsage?: number | null;
  memoryUsage?: number | null;
}

/** Marks the judge alive; 404 when it is unknown (it must register again). */
async function touchJudge(ctx: AppContext, judgeId: number, beat?: JudgeBeat) {
  const reported = beat && {
    running: beat.running,
    ...(beat.cpuUsage === undefined ? {} : { cpuUsage: beat.cpuUsage }),
    ...(beat.memoryUsage === undefined ? {} : { memoryUsage: beat.memoryUsage }),
  };
  const [row] = await ctx.database.db
    .update(judgeServers)
    .set({ lastHeartbeat: sql`now()`, ...reported })
    .where(eq(judgeServers.id, judgeId))
    .returning({ id: judgeServers.id, name: judgeServers.name, status: judgeServers.status });
  if (!row) throw protocolError.unknownJudge();
  return row;
}

export async function heartbeat(ctx: AppContext, judgeId: number, beat: JudgeBeat) {
  const judge = await touchJudge(ctx, judgeId, beat);
  return { enabled: judge.status === 0 };
}

async function maybeSweep(ctx: AppContext, state: JudgeState, kinds: readonly TaskKind[]) {
  const now = Date.now();
  if (now - state.lastSweep < ctx.config.judgeQueue.sweepThrottleMs) return;
  state.lastSweep = now;
  await sweep(ctx.database.db, ctx.config.judgeQueue, kinds);
}

/**
 * Long poll: a task as soon as one is queued for this judge, or null after `waitMs`. Waiting costs no
 * database connection; NOTIFY (or the poll interval) wakes it. If the judge hung up meanwhile, a task
 * leased for it is given back at once, without counting an attempt.
 */
export async function poll(
  ctx: AppContext,
  state: JudgeState,
  kinds: readonly TaskKind[],
  judgeId: number,
  waitMs: number,
  gone: AbortSignal,
): Promise<PolledTask | null> {
  const judge = await touchJudge(ctx, judgeId);
  const until = Date.now() + waitMs;
  const stop = AbortSignal.any([gone, state.closing.signal]);
  for (;;) {
    await maybeSweep(ctx, state, kinds);
    if (judge.status === 0) {
      for (const kind of kinds) {
        const leased = await kind.lease(ctx, { id: judgeId, name: judge.name });
        if (!leased) continue;
        if (!stop.aborted) return leased.task;
        await leased.release();
        return null;
      }
    }
    const left = until - Date.now();
    if (left <= 0 || stop.aborted) return null;
    await state.signal.wait(Math.min(left, ctx.config.judgeQueue.pollIntervalMs), stop);
  }
}

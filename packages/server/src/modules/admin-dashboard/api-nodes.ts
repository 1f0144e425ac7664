/**
 * The API node registry (the dashboard's "backend services"): every node that listens writes its row
 * of `api_node` (host, port, cores, CPU and memory use) and refreshes it every heartbeat; the dashboard
 * shows a node unhealthy once it missed its beats. The database is the registry, so any node can show
 * all of them. Each beat also deletes rows of nodes gone for a long time (killed outright, they could
 * not remove their row).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { and, eq, lt, sql } from 'drizzle-orm';
import { HostUsageSampler } from '@oj/shared/host-usage';
import { API_NODE_TIMING } from '@oj/shared';
import type { Db } from '../../db/client.js';
import { apiNodes } from '../../db/schema/index.js';

export interface ApiNodeRegistryOptions {
  heartbeatMs: number;
  pruneAfterMs: number;
}

/** The first IPv4 address of the host that is not loopback: where an administrator finds the machine. */
function hostAddress(): string | null {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return null;
}

export class ApiNodeRegistry {
  /** This process: a node restarted on the same host and port takes the row over with a new instance. */
  readonly instance = crypto.randomUUID();
  private readonly usage = new HostUsageSampler();
  private timer: NodeJS.Timeout | null = null;
  private early: NodeJS.Timeout | null = null;
  private beating: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    readonly host: string,
    readonly port: number,
    private readonly log: (err: unknown) => void,
    private readonly opts: ApiNodeRegistryOptions = API_NODE_TIMING,
  ) {}

  /** Writes (or takes over) this node's row, and deletes the rows of nodes gone for `pruneAfterMs`. */
  async beat(): Promise<void> {
    const { cpuUsage, memoryUsage } = this.usage.sample();
    const row = {
      host: this.host,
      port: this.port,
      ip: hostAddress(),
      instance: this.instance,
      pid: process.pid,
      nodeVersion: process.versions.node,
      cpuCount: os.availableParallelism(),
      memoryUsage,
      lastHeartbeat: sql`now()`,
    };
    await this.db
      .insert(apiNodes)
      .values({ ...row, cpuUsage })
      .onConflictDoUpdate({
        target: [apiNodes.host, apiNodes.port],
        // A takeover (a new instance on the same host and port) is a new start; a short interval keeps the last CPU figure.
        set: {
          ...row,
          startedAt: sql`case when ${apiNodes.instance} = ${this.instance} then ${apiNodes.startedAt} else now() end`,
          ...(cpuUsage === null ? {} : { cpuUsage }),
        },
      });
    await this.db.delete(apiNodes).where(lt(apiNodes.lastHeartbeat, sql`now() - make_interval(secs => ${this.opts.pruneAfterMs / 1000})`));
  }

  /**
   * Registers now and then every `heartbeatMs`; a failed beat is logged and the next one tries again.
   * CPU use needs an interval to be measured, so one extra beat comes `firstCpuMs` after the first
   * (rather than showing "–" for a whole heartbeat).
   */
  start(firstCpuMs = 2000): Promise<void> {
    const run = () => {
      this.beating = this.beat().catch(this.log);
      return this.beating;
    };
    this.timer = setInterval(() => void run(), this.opts.heartbeatMs);
    this.early = setTimeout(() => void run(), firstCpuMs);
    // The heartbeat never keeps the process alive by itself.
    this.timer.unref();
    this.early.unref();
    return run().then(() => undefined);
  }

  /** Stops the heartbeat and removes this node's row (unless another process took it over meanwhile). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.early) clearTimeout(this.early);
    this.timer = null;
    this.early = null;
    await this.beating;
    await this.db
      .delete(apiNodes)
      .where(and(eq(apiNodes.host, this.host), eq(apiNodes.port, this.port), eq(apiNodes.instance, this.instance)))
      .catch(this.log);
  }
}

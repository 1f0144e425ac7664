/**
 * Node only (a subpath of its own, never in the web's bundle): judges and API nodes both sample their host.
 */
import os from 'node:os';

/** CPU and memory use of this host in percent, as judges and API nodes report them to the dashboard. */
export interface HostUsage {
  /** null until a measurement interval has passed */
  cpuUsage: number | null;
  memoryUsage: number;
}

/** Intervals shorter than this say little about the load (a few scheduler ticks), so they give null. */
const MIN_INTERVAL_MS = 500;

const round1 = (n: number) => Math.round(n * 10) / 10;

function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const c of os.cpus()) {
    const t = c.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total, at: Date.now() };
}

/**
 * Measures host CPU use over the time between two calls of `sample()` (from the kernel's per-core
 * counters, the way `top` does), and memory in use (what the kernel does not count as available).
 */
export class HostUsageSampler {
  private last = cpuTimes();

  sample(): HostUsage {
    const now = cpuTimes();
    const total = now.total - this.last.total;
    const busy = total - (now.idle - this.last.idle);
    const long = now.at - this.last.at >= MIN_INTERVAL_MS && total > 0;
    if (long) this.last = now;
    const mem = os.totalmem();
    return {
      cpuUsage: long ? round1(Math.min(100, Math.max(0, (busy / total) * 100))) : null,
      memoryUsage: round1(mem > 0 ? ((mem - os.freemem()) / mem) * 100 : 0),
    };
  }
}

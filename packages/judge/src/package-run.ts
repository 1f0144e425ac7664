/**
 * A package run (a judge job): the package's programs compiled on first use and run step by step, each
 * step's stdout kept by `keep` (the daemon uploads it to the server's store). A step that cannot run
 * (its program does not compile, its stdin was not made, it fails) has an error instead; the others go on.
 * A check step (an input validator) keeps nothing: it passes or says why the input was refused.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { PackageRunJob, PackageRunResult } from '@oj/shared';
import { compilePackageProgram, ProgramFailure, runPackageProgram } from './package-programs.js';
import type { CompiledProgram } from './run.js';

export interface PackageRunIo {
  /** Writes the stored file `hash` to `file`. */
  fetch(hash: string, file: string): Promise<void>;
  /** Keeps a step's output; answers its address in the store. */
  keep(file: string): Promise<{ hash: string; size: number }>;
}

export async function runPackage(job: PackageRunJob, dir: string, io: PackageRunIo): Promise<PackageRunResult> {
  const files = path.join(dir, 'files');
  await fsp.mkdir(files, { recursive: true, mode: 0o755 });
  const fetched = new Map<string, Promise<string>>();
  /** The stored file `hash` on this disk, fetched once. */
  const local = (hash: string) => {
    if (!fetched.has(hash)) {
      const file = path.join(files, hash);
      fetched.set(
        hash,
        io.fetch(hash, file).then(() => file),
      );
    }
    return fetched.get(hash)!;
  };
  const headers: Record<string, string> = {};
  for (const [name, hash] of Object.entries(job.headers)) {
    if (name.includes('/') || name.startsWith('.')) throw new Error(`bad header name "${name}"`);
    headers[name] = await local(hash);
  }
  const compiled = new Map<string, Promise<CompiledProgram>>();
  const build = (key: string) => {
    const p = job.programs[key];
    if (!p) return Promise.reject(new ProgramFailure(`no program "${key}"`));
    if (!compiled.has(key)) {
      compiled.set(
        key,
        local(p.source).then(async (src) => {
          const named = path.join(dir, `source-${compiled.size}`, path.basename(p.name) || 'source');
          await fsp.mkdir(path.dirname(named), { recursive: true });
          await fsp.copyFile(src, named);
          return compilePackageProgram(p.type, named, headers, path.join(dir, `build-${compiled.size}`));
        }),
      );
    }
    return compiled.get(key)!;
  };

  const outputs = new Map<string, string>();
  const steps: PackageRunResult['steps'] = {};
  let total = 0;
  for (const step of job.steps) {
    try {
      let stdin: string | undefined;
      if (step.stdin && 'hash' in step.stdin) stdin = await local(step.stdin.hash);
      else if (step.stdin) {
        stdin = outputs.get(step.stdin.step);
        // The step that should have made the input says why it did not.
        const maker = steps[step.stdin.step];
        if (!stdin) throw new ProgramFailure(maker && 'error' in maker ? maker.error : `no step "${step.stdin.step}" before it`, 'stdin');
      }
      if (total > job.maxTotalBytes) throw new ProgramFailure(`the tests made exceed ${Math.round(job.maxTotalBytes / 1024 / 1024)} MB`);
      const out = path.join(dir, `out-${Object.keys(steps).length}`);
      const limits = { timeLimitMs: step.timeLimitMs, memoryLimitMb: step.memoryLimitMb };
      await runPackageProgram(await build(step.program), { args: step.args, stdin, out, ...limits, okExit: step.check?.okExit });
      if (step.check) {
        steps[step.id] = { passed: true };
        await fsp.rm(out, { force: true });
        continue;
      }
      total += (await fsp.stat(out)).size;
      if (total > job.maxTotalBytes) throw new ProgramFailure(`the tests made exceed ${Math.round(job.maxTotalBytes / 1024 / 1024)} MB`);
      steps[step.id] = await io.keep(out);
      outputs.set(step.id, out);
    } catch (e) {
      if (!(e instanceof ProgramFailure)) throw e;
      steps[step.id] = { error: e.message, stage: e.stage };
    }
  }
  return { type: 'packageRun', steps };
}

/**
 * `oj judge`: a judge daemon for another host (or a second one on this host).
 *
 *   oj judge --server URL --token TOKEN [--name NAME] [--capacity N]
 *            [--cache-dir DIR] [--cache-max-mb MB] [--log-level debug|info|warn|error]
 *
 * Every flag can come from the environment instead: OJ_SERVER_URL, OJ_JUDGE_TOKEN, OJ_JUDGE_NAME,
 * OJ_JUDGE_CAPACITY, OJ_JUDGE_CACHE_DIR, OJ_JUDGE_CACHE_MAX_MB, LOG_LEVEL (a flag wins).
 * OJ_JUDGE_LANGUAGES (no flag): comma-separated names of the only languages to offer; each offered
 * language must first judge its A+B template (preflight.ts).
 *
 * Remote judging (no flags; daemon/remote-config.ts): OJ_REMOTE_JUDGE = 1 or all (every site), a comma
 * list of site keys (e.g. CF,AC), or 0 / unset (off); OJ_REMOTE_WORKERS = remote tasks handled at once
 * (default 4, apart from the sandbox workers: they wait on other sites, not on cores);
 * OJ_REMOTE_URL_<KEY> (e.g. OJ_REMOTE_URL_CF) = another address for that site (a test fixture).
 *
 * Exit codes: 0 after Ctrl-C / SIGTERM (tasks being judged get a few seconds, then go back to the
 * queue), 1 when the judge cannot work (the server refuses the token, the sandbox cannot isolate,
 * no toolchain), 2 for bad arguments.
 */
import { parseArgs } from 'node:util';
import { REMOTE_OJS } from '@oj/shared';
import { JudgeDaemon, defaultJudgeName } from './daemon/daemon.js';
import { consoleLogger, parseLogLevel } from './daemon/log.js';
import { remoteJudgeFromEnv, type RemoteJudgeOptions } from './daemon/remote-config.js';
import { sandboxPoolUnavailable, stopSandboxPool } from './sandbox.js';

const USAGE = `usage: oj judge --server URL --token TOKEN [--name NAME] [--capacity N]
                [--cache-dir DIR] [--cache-max-mb MB] [--log-level debug|info|warn|error]
  (or OJ_SERVER_URL, OJ_JUDGE_TOKEN, OJ_JUDGE_NAME, OJ_JUDGE_CAPACITY, OJ_JUDGE_CACHE_DIR, OJ_JUDGE_CACHE_MAX_MB;
   OJ_JUDGE_LANGUAGES: comma-separated names of the only languages to offer)
remote judging (environment only):
  OJ_REMOTE_JUDGE      1 or all: judge on every remote site; a comma list of sites (${REMOTE_OJS.join(',')}); 0 or unset: off
  OJ_REMOTE_WORKERS    remote submissions handled at once, apart from the sandbox workers (default 4)
  OJ_REMOTE_URL_<SITE> another address for a site, e.g. OJ_REMOTE_URL_CF=http://127.0.0.1:9000 (a test fixture)`;

function usage(message: string): never {
  process.stderr.write(`oj judge: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function positiveInt(what: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) usage(`${what} must be a positive integer, got "${value}"`);
  return n;
}

const VALUE_OPTIONS = ['server', 'token', 'name', 'capacity', 'cache-dir', 'cache-max-mb', 'log-level'];

/**
 * `--token X` as `--token=X`: a generated token may begin with '-' (base64url), which parseArgs would
 * otherwise refuse as an "ambiguous" option argument.
 */
function joinOptionValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    if (a.startsWith('--') && VALUE_OPTIONS.includes(a.slice(2)) && next !== undefined) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      args: joinOptionValues(process.argv.slice(2)),
      options: {
        server: { type: 'string' },
        token: { type: 'string' },
        name: { type: 'string' },
        capacity: { type: 'string' },
        'cache-dir': { type: 'string' },
        'cache-max-mb': { type: 'string' },
        'log-level': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    usage((e as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const env = process.env;
  const server = values.server ?? env.OJ_SERVER_URL;
  const token = values.token ?? env.OJ_JUDGE_TOKEN;
  if (!server) usage('--server (or OJ_SERVER_URL) is required');
  if (!token) usage('--token (or OJ_JUDGE_TOKEN) is required');
  try {
    const u = new URL(server);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
  } catch {
    usage(`--server must be an http(s) URL, got "${server}"`);
  }
  const capacity = positiveInt('--capacity', values.capacity ?? env.OJ_JUDGE_CAPACITY);
  const cacheMaxMb = positiveInt('--cache-max-mb', values['cache-max-mb'] ?? env.OJ_JUDGE_CACHE_MAX_MB);
  let remote: RemoteJudgeOptions | undefined;
  try {
    remote = remoteJudgeFromEnv(env);
  } catch (e) {
    usage((e as Error).message);
  }
  const name = values.name ?? env.OJ_JUDGE_NAME ?? defaultJudgeName();
  const log = consoleLogger(`judge ${name}`, parseLogLevel(values['log-level'] ?? env.LOG_LEVEL));

  const daemon = new JudgeDaemon({
    server,
    token,
    name,
    capacity,
    cacheDir: values['cache-dir'] ?? env.OJ_JUDGE_CACHE_DIR,
    cacheMaxBytes: cacheMaxMb === undefined ? undefined : cacheMaxMb * 1024 * 1024,
    remote,
    log,
  });

  // Ctrl-C under `oj judge` arrives twice (the terminal signals the group, bin/oj forwards it):
  // only a second one at least a second later means "stop now".
  let signals = 0;
  let firstSignalAt = 0;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (signals++ && Date.now() - firstSignalAt > 1000) process.exit(130);
      if (signals > 1) return;
      firstSignalAt = Date.now();
      log.info('stopping (tasks being judged get a few seconds, then go back to the queue)…');
      void daemon.stop(5000);
    });
  }

  try {
    const info = await daemon.start();
    log.info(
      `registered with ${daemon.client.server} as judge #${info.judgeId}: ${info.capacity} worker${info.capacity === 1 ? '' : 's'}, ` +
        `${info.languages.length} languages (${info.languages.join(', ')})` +
        (info.remoteOjs.length ? `; ${info.remoteWorkers} remote worker${info.remoteWorkers === 1 ? '' : 's'} for ${info.remoteOjs.join(', ')}` : ''),
    );
    // The preflight has run boxes by now: whether they came from the pool is known.
    const noPool = sandboxPoolUnavailable();
    log.info(noPool ? `sandbox: a one-shot runner per box (no pool of ready boxes: ${noPool})` : 'sandbox: pool of ready boxes');
  } catch (e) {
    if (signals) process.exit(0);
    log.error(`cannot start: ${(e as Error).message}`);
    process.exit(1);
  }
  const error = await daemon.finished;
  // The slot runners of the pool of ready boxes remove their cgroups (they would on our exit too).
  await stopSandboxPool();
  if (error) {
    log.error(`stopped: ${error.message}`);
    process.exit(1);
  }
  log.info('stopped');
  process.exit(0);
}

void main();

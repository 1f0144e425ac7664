// How `oj` waits for the process it starts (the site, a judge daemon, a local run) and which exit code
// it then gives. Plain JavaScript with no dependencies, like bin/oj.
import os from 'node:os';

/** The signals a user or a service manager sends to stop `oj`; they are passed on to the child. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * The exit code of `oj` once `child` ended with `code` or died by `signal`:
 * - a child that exited gives its own code, except the code a stop signal gave it (128 + signo, as
 *   Node's exit hooks use) when that signal was asked for by sending it to `oj`: that is a clean stop, 0;
 * - a child killed by a signal nobody sent to `oj` (the OOM killer, `kill -9` on the server) gives
 *   128 + signo, as a shell reports it, so a service manager with Restart=on-failure starts it again;
 * - a child killed by the stop signal sent to `oj` gives 0.
 */
export function exitCode(code, signal, requested) {
  const signo = (name) => os.constants.signals[name] ?? 0;
  if (signal) return requested.has(signal) ? 0 : 128 + signo(signal);
  if (code === null || code === undefined) return 1;
  for (const s of requested) if (code === 128 + signo(s)) return 0;
  return code;
}

/** Passes stop signals on to `child` and exits with `exitCode` when it ends. */
export function supervise(child) {
  const requested = new Set();
  for (const sig of STOP_SIGNALS) {
    process.on(sig, () => {
      requested.add(sig);
      // Ctrl-C reaches the whole process group: the child may have it already and shut down by itself.
      if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    });
  }
  child.on('exit', (code, signal) => {
    // The signal sent to the whole group may reach the child's exit before our own handler ran: let
    // pending signal handlers run first, so a Ctrl-C is not mistaken for a kill.
    setTimeout(() => process.exit(exitCode(code, signal, requested)), 100);
  });
}

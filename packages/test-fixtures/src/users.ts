/**
 * Accounts for tests against a long-lived server (e2e): every run makes its users afresh, so names carry
 * a stamp of the run (base-36 milliseconds) that no earlier run used.
 */

/** The last `length` base-36 digits of the clock: unique per run of a file, short enough for a username. */
export const runStamp = (length = 6) => Date.now().toString(36).slice(-length);

export interface TestUser {
  username: string;
  password: string;
  email: string;
}

/** A user `<prefix>_<stamp>` with that password and the address `<username>@example.com`. */
export function stampedUser(prefix: string, stamp: string, password: string): TestUser {
  const username = `${prefix}_${stamp}`;
  return { username, password, email: `${username}@example.com` };
}

/**
 * The remote judges' account pool, set by the super admin beside the site's switches: several accounts
 * per site, each judging at most one submission at a time. A password or a session is written here and
 * never read back: no answer carries one (HOJ returned them through its resubmit call).
 */
import { z } from 'zod';
import { REMOTE_OJS, type RemoteOj } from './constants.js';
import { endpoint } from './endpoint.js';
import { dbId } from './ids.js';

/** free: waiting for a submission; busy: one is in flight on it; failing: its last login or submit failed. */
export const REMOTE_ACCOUNT_STATES = ['free', 'busy', 'failing'] as const;
export type RemoteAccountState = (typeof REMOTE_ACCOUNT_STATES)[number];

export const REMOTE_ACCOUNT_LIMITS = { username: 100, password: 200 } as const;

/** An account as the admin sees it: never its password or session. */
export interface RemoteAccountRow {
  id: number;
  oj: RemoteOj;
  username: string;
  state: RemoteAccountState;
  /** why the last login or submit failed (the site's words), null once one succeeds */
  lastError: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

const ojField = z.enum(REMOTE_OJS, { error: `oj: one of ${REMOTE_OJS.join(', ')}.` });
const usernameField = z
  .string({ error: 'username: the account name on the remote site.' })
  .trim()
  .min(1, 'username: the account name on the remote site.')
  .max(REMOTE_ACCOUNT_LIMITS.username, `username: at most ${REMOTE_ACCOUNT_LIMITS.username} characters.`);
const passwordField = z
  .string({ error: 'password: the account password on the remote site.' })
  .min(1, 'password: the account password on the remote site.')
  .max(REMOTE_ACCOUNT_LIMITS.password, `password: at most ${REMOTE_ACCOUNT_LIMITS.password} characters.`);

export const remoteAccountAddBody = z.object({ oj: ojField, username: usernameField, password: passwordField });
export type RemoteAccountAddBody = z.infer<typeof remoteAccountAddBody>;

/** A new name or password; a password left out stays as it was. A changed account is free again. */
export const remoteAccountUpdateBody = z.object({ id: dbId, username: usernameField, password: passwordField.optional() });
export type RemoteAccountUpdateBody = z.infer<typeof remoteAccountUpdateBody>;

export const remoteAccountListQuery = z.object({ oj: ojField.optional() });
export const remoteAccountIdQuery = z.object({ id: dbId });

export const adminRemoteAccountEndpoints = {
  list: endpoint<RemoteAccountRow[]>()({ method: 'GET', path: 'admin/switch/remote-accounts', query: remoteAccountListQuery }),
  add: endpoint<RemoteAccountRow>()({ method: 'POST', path: 'admin/switch/remote-account', body: remoteAccountAddBody }),
  update: endpoint<RemoteAccountRow>()({ method: 'PUT', path: 'admin/switch/remote-account', body: remoteAccountUpdateBody }),
  remove: endpoint<null>()({ method: 'DELETE', path: 'admin/switch/remote-account', query: remoteAccountIdQuery }),
} as const;

/**
 * API tokens: what a user makes in his settings for scripts. A token acts as its owner (never more than
 * he may do) within its scopes, works on every node, and ends at its expiry or when revoked.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** read: every reading call; submit: also submitting code, test runs and registering for a contest or training; admin: also the admin area. */
export const API_TOKEN_SCOPES = ['read', 'submit', 'admin'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_LIMITS = {
  nameMax: 50,
  /** live tokens per user */
  perUser: 20,
  /** the lifetimes a token may be given, in days */
  days: [7, 30, 90, 365],
} as const;

/** Calls that write but are what a `submit` token is for (paths after /api/). */
const SUBMIT_PATHS = new Set(['submit-problem-judge', 'submit-problem-test-judge', 'register-contest', 'register-training', 'resubmit', 'link-remote-run']);
/** Calls that read although they are POSTs (their bodies are filters) or begin a stream. */
const READ_POSTS = new Set(['check-submissions-status', 'live/ticket']);
/** Reads that need a login: a token may not list the tokens (the calls that make and revoke them write, so need one anyway). */
const LOGIN_READS = new Set(['get-api-tokens']);

/**
 * The scope a call needs, by its path after /api/ and method; null: no API token may make it (account
 * changes, tokens themselves, the judge protocol, and any other write).
 */
export function scopeOfCall(method: string, path: string): ApiTokenScope | null {
  if (path.startsWith('judge/')) return null;
  if (path.startsWith('admin/')) return 'admin';
  if (SUBMIT_PATHS.has(path)) return 'submit';
  if (LOGIN_READS.has(path)) return null;
  if (method === 'GET' || method === 'HEAD') return 'read';
  if (READ_POSTS.has(path) || path.startsWith('get-')) return 'read';
  return null;
}

/** Whether a token of these scopes may make a call that needs `needed` (every scope includes read). */
export const scopesAllow = (scopes: readonly ApiTokenScope[], needed: ApiTokenScope | null): boolean =>
  needed !== null && (needed === 'read' || scopes.includes(needed));

export interface ApiTokenRow {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  createdAt: string;
  expiresAt: string;
  /** the last call made with it (to within five minutes); its creation until then */
  lastUsedAt: string;
}

export interface CreatedApiToken {
  /** shown once: the site keeps only the session row it names, not the token */
  token: string;
  row: ApiTokenRow;
}

export const createApiTokenBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'name: required.' })
    .max(API_TOKEN_LIMITS.nameMax, { error: `name: at most ${API_TOKEN_LIMITS.nameMax} characters.` }),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: `scopes: each one of ${API_TOKEN_SCOPES.join(', ')}.` }))
    .min(1, { error: 'scopes: choose at least one.' })
    .max(API_TOKEN_SCOPES.length)
    .transform((s) => [...new Set(s)]),
  days: z.union(
    API_TOKEN_LIMITS.days.map((d) => z.literal(d)),
    { error: `days: one of ${API_TOKEN_LIMITS.days.join(', ')}.` },
  ),
});
export const apiTokenIdQuery = z.object({ id: z.string().trim().min(1).max(64) });

export const apiTokenEndpoints = {
  list: endpoint<ApiTokenRow[]>()({ method: 'GET', path: 'get-api-tokens' }),
  create: endpoint<CreatedApiToken>()({ method: 'POST', path: 'create-api-token', body: createApiTokenBody }),
  revoke: endpoint<null>()({ method: 'DELETE', path: 'delete-api-token', query: apiTokenIdQuery }),
} as const;

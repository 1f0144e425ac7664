import type { z } from 'zod';
import { isStorable } from '@oj/shared';
import { ApiError } from './errors.js';

/** The path of the first string (value or key) in `v` that the database could not store, else null. */
function unstorableAt(v: unknown, path: string, depth = 0): string | null {
  if (typeof v === 'string') return isStorable(v) ? null : path;
  if (v === null || typeof v !== 'object' || depth > 64) return null;
  for (const [k, x] of Object.entries(v)) {
    const at = path ? `${path}.${k}` : k;
    if (!isStorable(k)) return at;
    const bad = unstorableAt(x, at, depth + 1);
    if (bad !== null) return bad;
  }
  return null;
}

/** Why a parsed value cannot be stored (naming its first such string), or null when it can. */
export function unstorableReason(value: unknown): string | null {
  const bad = unstorableAt(value, '');
  return bad === null ? null : `${bad || 'value'}: contains a character that cannot be stored (NUL or a broken surrogate pair).`;
}

/** Parses a payload with a shared zod schema; a bad input becomes a 400 with the first problem named. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    // Checked on the parsed value (after the schema's own clean-up): such text would fail in the
    // database with a server error instead of telling the caller what is wrong.
    const unstorable = unstorableReason(result.data);
    if (unstorable) throw new ApiError(unstorable, 400, 400);
    return result.data;
  }
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  let message = issue?.message ?? 'The request is invalid.';
  // zod's own wording for type errors names no field; add it so the user knows what to fix.
  if (field && (issue?.code === 'invalid_type' || message.startsWith('Invalid') || message.startsWith('Too '))) message = `${field}: ${message}`;
  throw new ApiError(message, 400, 400);
}

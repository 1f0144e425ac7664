import type { z } from 'zod';
import { ApiError } from './errors.js';

/** Parses a payload with a shared zod schema; a bad input becomes a 400 with the first problem named. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  let message = issue?.message ?? 'The request is invalid.';
  // zod's own wording for type errors names no field; add it so the user knows what to fix.
  if (field && (issue?.code === 'invalid_type' || message.startsWith('Invalid') || message.startsWith('Too '))) message = `${field}: ${message}`;
  throw new ApiError(message, 400, 400);
}

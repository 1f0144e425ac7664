import { z } from 'zod';

/** Largest value of a PostgreSQL integer (serial) column. */
export const INT4_MAX = 2147483647;

/**
 * A row id as it arrives (JSON number or query text). Bounded to int4: beyond it PostgreSQL would fail
 * the query (a 500) instead of finding nothing.
 */
export const dbId = z.coerce.number().int().min(1).max(INT4_MAX);
/** An id where 0 means "none" (cid 0 = outside contests). */
export const optDbId = z.coerce.number().int().min(0).max(INT4_MAX);

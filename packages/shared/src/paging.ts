import { z } from 'zod';
import { PAGE_SIZES } from './constants.js';
import { INT4_MAX } from './ids.js';

/** `currentPage` (min 1; bounded so the offset stays a valid bigint) and `limit` of every list call; query strings arrive as text. */
export const pagingQuery = (defaultLimit: number) =>
  z.object({
    currentPage: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
    limit: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(defaultLimit),
  });

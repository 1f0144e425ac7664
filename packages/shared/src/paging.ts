import { z } from 'zod';
import { PAGE_SIZES } from './constants.js';

/** `currentPage` (min 1) and `limit` of every list call; query strings arrive as text. */
export const pagingQuery = (defaultLimit: number) =>
  z.object({
    currentPage: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(defaultLimit),
  });

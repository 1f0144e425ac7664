/**
 * Paged lists: every list call takes `currentPage` (from 1) and `limit` (bounds checked by the endpoint's
 * schema) and answers one page of rows with the count of all matching rows.
 */
import type { Page } from '@oj/shared';

/** Rows skipped before a page; a page below the first reads as the first. A page past the end is empty, with the real total. */
export const pageOffset = (currentPage: number, limit: number): number => (Math.max(1, currentPage) - 1) * limit;

/** A count as a `select({ n: count() })` answers it (no row reads as 0), or as a number already. */
type Count = readonly { n: number }[] | number;

/**
 * Runs a page's rows and their count side by side (two independent reads, so the list waits for the
 * slower one only) and answers in the lists' shape. The rows query applies its own order, limit and offset.
 */
export async function pageOf<R>(rows: PromiseLike<R[]>, count: PromiseLike<Count>): Promise<Page<R>> {
  const [records, counted] = await Promise.all([rows, count]);
  return { records, total: typeof counted === 'number' ? counted : (counted[0]?.n ?? 0) };
}

/**
 * As `pageOf`, but the rows first and the count only when they do not tell it: a page with rows that is
 * not full (or an empty first page) is the last one, so the total is its offset plus its rows. A filtered
 * list that fits on one page (a keyword, two tags) then costs one query instead of two.
 */
export async function pageCountedIfNeeded<R>(rows: PromiseLike<R[]>, offset: number, limit: number, count: () => PromiseLike<Count>): Promise<Page<R>> {
  const records = await rows;
  if (records.length < limit && (records.length > 0 || offset === 0)) return { records, total: offset + records.length };
  const counted = await count();
  return { records, total: typeof counted === 'number' ? counted : (counted[0]?.n ?? 0) };
}

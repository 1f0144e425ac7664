/**
 * The page a list should be on, given what the page on show came back with. A later page that came
 * back empty (its last rows deleted, accepted or filtered away by another action, an old link) is no
 * answer: the last page that still has rows, from `total`. Never the same page again, even when
 * `total` still counts rows there (they left between the two counts), so the move cannot repeat.
 */
export function pageWithRows(page: number, rowsOnPage: number, total: number, limit: number): number {
  if (page <= 1 || rowsOnPage > 0) return page;
  const last = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  return Math.min(page - 1, last);
}

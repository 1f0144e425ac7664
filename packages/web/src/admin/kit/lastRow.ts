/**
 * The page a list shows after rows of the page on show were deleted: when they were all of its rows and
 * it is not the first page, the page before (an empty page with a pager pointing back is no answer);
 * otherwise the same page, which the refresh fills from the next one.
 */
export function pageAfterDelete(page: number, rowsOnPage: number, deleted: number): number {
  return page > 1 && rowsOnPage > 0 && deleted >= rowsOnPage ? page - 1 : page;
}

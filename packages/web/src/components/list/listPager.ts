import type { PaginationProps } from 'antd';

/**
 * The pager of a list whose page and size live in the address bar (`useListState`): it shows the state
 * and writes it back, a new size starting again from the first page. With more than one of `pageSizes`
 * the size menu offers them (the same sizes the list state accepts from the address); otherwise there is
 * none (antd would add its own past 50 rows, with sizes the address does not accept).
 */
export function listPager(
  state: { currentPage: number; limit: number },
  update: (patch: { currentPage: number } | { limit: number }) => void,
  total: number,
  pageSizes?: readonly number[],
): PaginationProps {
  return {
    current: state.currentPage,
    pageSize: state.limit,
    total,
    showSizeChanger: !!pageSizes && pageSizes.length > 1,
    ...(pageSizes && { pageSizeOptions: pageSizes.map(String) }),
    onChange: (currentPage, limit) => update(limit !== state.limit ? { limit } : { currentPage }),
  };
}

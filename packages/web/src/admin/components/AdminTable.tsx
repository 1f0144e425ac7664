import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Page } from '@oj/shared';
import { ADMIN_PAGE_SIZES } from '../problemOptions';
import type { Paging } from './adminPaging';

interface AdminTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> {
  /** the query of the page on show */
  list: { data?: Page<T>; isFetching: boolean };
  paging: Paging;
  /** added to the admin pager, or overriding it */
  pager?: TablePaginationConfig;
}

/**
 * An admin list (spec 3 §9): one page of `list` with the admin page sizes and the "N in total" line.
 * Wide rows scroll sideways rather than squeeze their columns.
 */
export function AdminTable<T extends object>({ list, paging, pager, ...table }: AdminTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      size="middle"
      scroll={{ x: 'max-content' }}
      dataSource={list.data?.records ?? []}
      loading={list.isFetching}
      pagination={{
        current: paging.page,
        pageSize: paging.limit,
        total: list.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: ADMIN_PAGE_SIZES,
        showTotal: (total) => t('admin.total', { total }),
        onChange: paging.onChange,
        ...pager,
      }}
      {...table}
    />
  );
}

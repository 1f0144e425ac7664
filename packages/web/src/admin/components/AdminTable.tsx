import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Page } from '@oj/shared';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { ADMIN_PAGE_SIZES } from '../problemOptions';
import type { Paging } from './adminPaging';

export interface AdminTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> {
  /** the query of the page on show */
  list: { data?: Page<T>; isFetching: boolean };
  paging: Paging;
}

/**
 * An admin list (spec 3 §9): one page of `list` with the admin page sizes and the "N in total" line.
 * Wide rows scroll sideways rather than squeeze their columns. On a phone a fixed column (the actions)
 * would cover most of the narrow table, so columns scroll with the rest, and the pager keeps only
 * its buttons and the page size.
 */
export function AdminTable<T extends object>({ list, paging, columns, ...table }: AdminTableProps<T>) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const shown = isMobile ? columns?.map((c) => ({ ...c, fixed: undefined })) : columns;
  return (
    <Table<T>
      size="middle"
      scroll={{ x: 'max-content' }}
      dataSource={list.data?.records ?? []}
      loading={list.isFetching}
      columns={shown}
      pagination={{
        current: paging.page,
        pageSize: paging.limit,
        total: list.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: ADMIN_PAGE_SIZES,
        showQuickJumper: !isMobile,
        showTotal: isMobile ? undefined : (total) => t('admin.total', { total }),
        onChange: paging.onChange,
      }}
      {...table}
    />
  );
}

import { useEffect, useRef, useState } from 'react';
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
  /** i18n key of the pager's total, given `count` and `total`, for a list that words it its own way ("11 problems") */
  totalKey?: string;
}

/**
 * An admin list: one page of `list` with the admin page sizes and the "N in total" line.
 * Wide rows scroll sideways rather than squeeze their columns. On a phone a fixed column (the actions)
 * would cover most of the narrow table, so columns scroll with the rest, and the pager keeps only
 * its buttons and the page size. The same holds wherever the table is wider than its box (a group's
 * narrow main column at 768 or 1280 px): a pinned column would sit on top of the columns under it.
 */
export function AdminTable<T extends object>({ list, paging, columns, totalKey, ...table }: AdminTableProps<T>) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(Number.POSITIVE_INFINITY);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const watch = new ResizeObserver(() => setBoxWidth(el.clientWidth));
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  // Columns without a width count as 200 px, about what a title column takes.
  const needed = (columns ?? []).reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 200), 0);
  const pinned = !isMobile && boxWidth >= needed;
  const shown = pinned ? columns : columns?.map((c) => ({ ...c, fixed: undefined }));
  return (
    <div ref={box} className="oj-admin-table">
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
          showTotal: isMobile ? undefined : (total) => (totalKey ? t(totalKey, { count: total, total }) : t('admin.total', { total })),
          onChange: paging.onChange,
        }}
        {...table}
      />
    </div>
  );
}

import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminTable, type AdminTableProps } from './AdminTable';

/**
 * The bank search of the "add from public problems" dialogs (contest, training): a keyword box over one
 * page of the problems that may be added.
 */
export function ProblemSearchTable<T extends object>({ onSearch, ...table }: AdminTableProps<T> & { onSearch(keyword: string): void }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="oj-admin-filters">
        <Input.Search
          allowClear
          placeholder={t('admin.problemList.keyword')}
          onSearch={(v) => onSearch(v.trim())}
          style={{ maxWidth: 320 }}
          data-testid="public-problem-keyword"
        />
      </div>
      <AdminTable<T> size="small" data-testid="public-problem-table" {...table} />
    </>
  );
}

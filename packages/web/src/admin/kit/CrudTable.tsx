import { AdminTable, type AdminTableProps } from '../components/AdminTable';
import type { CrudPaging } from './useCrudList';

export interface CrudTableProps<T> extends Omit<AdminTableProps<T>, 'list' | 'paging'> {
  /** what `useCrudList` answers */
  crud: { list: AdminTableProps<T>['list'] };
  paging: CrudPaging;
}

/** The table of a `useCrudList`: its page with the admin pager (`AdminTable`). */
export function CrudTable<T extends object>({ crud, paging, ...table }: CrudTableProps<T>) {
  return <AdminTable<T> list={crud.list} paging={paging} {...table} />;
}

import { useMatches } from '../app/RouteTable';
import type { AdminAccess } from './access';

/** Route `handle` of admin pages: title, side-menu entry to highlight and the access they need. */
export interface AdminMeta {
  titleKey?: string;
  /** the side-menu key to highlight (a page's own path unless it is a sub-page) */
  menuKey?: string;
  access?: AdminAccess;
}

export function useAdminMeta(): AdminMeta {
  const matches = useMatches();
  return Object.assign({}, ...matches.map((m) => (m.handle as AdminMeta | undefined) ?? {}));
}

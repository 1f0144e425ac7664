import { useMatches } from './RouteTable';

/** Route meta (layout and access), declared as `handle` on each route and merged parent → child. */
export interface RouteMeta {
  /** Logged-out visitors are sent home with the Login dialog. */
  requiresAuth?: boolean;
  /** Problem detail and focus-mode pages have no footer. */
  hideFooter?: boolean;
  /** The page fills the viewport under the top bar (wiki frame). */
  fullHeight?: boolean;
  /** Menu entry to highlight when it is not the path's own (submission detail → /status). */
  activeMenu?: string;
  /** Areas switched by the site configuration; closed areas redirect home. */
  access?: 'publicDiscussion' | 'groupDiscussion' | 'contestComment';
  /** i18n key of the page title. */
  titleKey?: string;
  /**
   * Focus-mode pages: the top bar shows the context menu of
   * where the problem was opened from instead of the main menu: contest, training and group modes.
   */
  fullScreenSource?: 'contest' | 'training' | 'group';
}

export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  return Object.assign({}, ...matches.map((m) => (m.handle as RouteMeta | undefined) ?? {}));
}

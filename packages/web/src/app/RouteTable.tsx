import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { matchRoutes, type Params, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { setNavigator } from './navigation';

/** One matched route of the table, outermost first: what react-router's data router gives `useMatches`. */
export interface RouteMatch {
  id?: string;
  pathname: string;
  params: Params;
  handle: unknown;
}

const MatchesContext = createContext<RouteMatch[]>([]);

/** The routes matched by the current location (their `handle` carries the route meta). */
export function useMatches(): RouteMatch[] {
  return useContext(MatchesContext);
}

/**
 * Renders the route table under <BrowserRouter>. The app uses react-router's declarative mode, not its
 * data router (createBrowserRouter): no route has a loader or an action, and the data router is about
 * 15 KB of compressed script in every first load. What the app used from it, the matched routes'
 * `handle` (route meta) and navigating from non-component code, comes from here.
 */
export function RouteTable({ routes, basename }: { routes: RouteObject[]; basename?: string }): ReactNode {
  const location = useLocation();
  const navigate = useNavigate();
  // A table nested under a route of the app's (`basename`: the admin area) leaves navigation to the app's.
  useEffect(() => (basename ? undefined : setNavigator((to) => void navigate(to))), [navigate, basename]);
  const matches = useMemo(
    () => (matchRoutes(routes, location, basename) ?? []).map((m) => ({ id: m.route.id, pathname: m.pathname, params: m.params, handle: m.route.handle })),
    [routes, location, basename],
  );
  const element = useRoutes(routes, location);
  return <MatchesContext.Provider value={matches}>{element}</MatchesContext.Provider>;
}

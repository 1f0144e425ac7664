/**
 * Lets non-component code (API client, storage sync) navigate through the router instead of
 * reloading the page. The router registers itself at startup.
 */
let navigator: ((to: string) => void) | null = null;

export function setNavigator(fn: (to: string) => void) {
  navigator = fn;
}

export function navigateTo(to: string) {
  if (navigator) navigator(to);
  else window.location.assign(to);
}

/** Admin pages have their own login page and home. */
export const onAdminPage = () => window.location.pathname === '/admin' || window.location.pathname.startsWith('/admin/');

import { adminDashboardEndpoints as ep } from '@oj/shared';
import { request } from './endpoint';

/** The admin dashboard's calls; the service and judge calls are the super admin's. */
export const adminDashboardApi = {
  /** "today" is the browser's day */
  info: () => request(ep.info, { query: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } }),
  lastLogin: () => request(ep.lastLogin, {}),
  service: () => request(ep.serviceInfo, {}),
  judges: () => request(ep.judgeServiceInfo, {}),
  warnings: () => request(ep.warnings, {}),
};

export const adminDashboardKeys = {
  info: ['admin-dashboard', 'info'] as const,
  lastLogin: ['admin-dashboard', 'last-login'] as const,
  service: ['admin-dashboard', 'service'] as const,
  judges: ['admin-dashboard', 'judges'] as const,
  warnings: ['admin-dashboard', 'warnings'] as const,
};

/** The dashboard refreshes itself this often. */
export const DASHBOARD_REFRESH_MS = 10_000;

import type { SiteAction } from '@oj/shared';

/**
 * What an admin page is about: a site action of the policy (@oj/shared `may`), the same one the
 * server's routes of that page ask. `administer` is the admin area itself.
 */
export type AdminAccess = SiteAction;

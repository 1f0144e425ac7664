import type { Dictionary } from './merge';

/** The texts of en-US's admin areas (the back office, also used by group management) in one chunk, fetched with every page but the home and problem pages. */
export default import.meta.glob<Dictionary>(['../../locales/admin*/en-US.json'], { eager: true, import: 'default' });

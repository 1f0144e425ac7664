import type { Dictionary } from './merge';

/**
 * The texts of en-US's admin areas (the back office, also used by group management) and of the contest
 * tools no first load needs (clarifications, virtual runs, hacks, plagiarism checks) in one chunk, fetched
 * with every page but the home and problem pages.
 */
export default import.meta.glob<Dictionary>(['../../locales/admin*/en-US.json', '../../locales/{clarification,virtual,hack,plagiarism}/en-US.json'], {
  eager: true,
  import: 'default',
});

import type { Dictionary } from './merge';

/**
 * The texts of ko-KR's admin areas (the back office, also used by group management) and of the contest
 * tools no first load needs (clarifications, virtual runs, hacks, plagiarism checks) in one chunk, fetched
 * with every page but the home and problem pages.
 */
export default import.meta.glob<Dictionary>(['../../locales/admin*/ko-KR.json', '../../locales/{clarification,virtual,hack,plagiarism}/ko-KR.json'], {
  eager: true,
  import: 'default',
});

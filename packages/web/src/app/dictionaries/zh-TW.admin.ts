import type { Dictionary } from './merge';

/**
 * The texts of zh-TW's admin areas (the back office, also used by group management) and of the contest
 * tools no first load needs (clarifications, virtual runs, hacks, plagiarism checks) in one chunk, fetched
 * with every page but the home and problem pages.
 */
export default import.meta.glob<Dictionary>(['../../locales/admin*/zh-TW.json', '../../locales/{clarification,virtual,hack,plagiarism}/zh-TW.json'], {
  eager: true,
  import: 'default',
});

import type { Dictionary } from './merge';

/** The texts of zh-TW's other areas but the admin ones and the contest tools' (`zh-TW.admin.ts`) in one chunk, fetched with the first page that is not the home page. */
export default import.meta.glob<Dictionary>(
  [
    '../../locales/*/zh-TW.json',
    '!../../locales/{home,contest}/zh-TW.json',
    '!../../locales/admin*/zh-TW.json',
    '!../../locales/{clarification,virtual,hack,plagiarism}/zh-TW.json',
  ],
  {
    eager: true,
    import: 'default',
  },
);

import type { Dictionary } from './merge';

/** The texts of zh-CN's other areas but the admin ones and the contest tools' (`zh-CN.admin.ts`) in one chunk, fetched with the first page that is not the home page. */
export default import.meta.glob<Dictionary>(
  [
    '../../locales/*/zh-CN.json',
    '!../../locales/{home,contest}/zh-CN.json',
    '!../../locales/admin*/zh-CN.json',
    '!../../locales/{clarification,virtual,hack,plagiarism}/zh-CN.json',
  ],
  {
    eager: true,
    import: 'default',
  },
);

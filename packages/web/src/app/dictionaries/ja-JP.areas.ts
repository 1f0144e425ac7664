import type { Dictionary } from './merge';

/** The texts of ja-JP's other areas but the admin ones and the contest tools' (`ja-JP.admin.ts`) in one chunk, fetched with the first page that is not the home page. */
export default import.meta.glob<Dictionary>(
  [
    '../../locales/*/ja-JP.json',
    '!../../locales/{home,contest}/ja-JP.json',
    '!../../locales/admin*/ja-JP.json',
    '!../../locales/{clarification,virtual,hack,plagiarism}/ja-JP.json',
  ],
  {
    eager: true,
    import: 'default',
  },
);

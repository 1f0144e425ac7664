import type { Dictionary } from './merge';

/** The texts of ko-KR's other areas but the admin ones and the contest tools' (`ko-KR.admin.ts`) in one chunk, fetched with the first page that is not the home page. */
export default import.meta.glob<Dictionary>(
  [
    '../../locales/*/ko-KR.json',
    '!../../locales/{home,contest}/ko-KR.json',
    '!../../locales/admin*/ko-KR.json',
    '!../../locales/{clarification,virtual,hack,plagiarism}/ko-KR.json',
  ],
  {
    eager: true,
    import: 'default',
  },
);

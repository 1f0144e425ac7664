import type { Dictionary } from './merge';

/** The texts of en-US's other areas but the admin ones and the contest tools' (`en-US.admin.ts`) in one chunk, fetched with the first page that is not the home page. */
export default import.meta.glob<Dictionary>(
  [
    '../../locales/*/en-US.json',
    '!../../locales/{home,contest}/en-US.json',
    '!../../locales/admin*/en-US.json',
    '!../../locales/{clarification,virtual,hack,plagiarism}/en-US.json',
  ],
  {
    eager: true,
    import: 'default',
  },
);

import type { Dictionary } from './merge';

/**
 * The texts of ja-JP for the first paint in one chunk: the shell, accounts and server messages
 * (`locales/ja-JP.json`), the home page's and the contest area's (the home lists recent
 * contests). The other areas' come with their pages (`ja-JP.areas.ts`).
 */
export default import.meta.glob<Dictionary>(['../../locales/ja-JP.json', '../../locales/{home,contest}/ja-JP.json'], { eager: true, import: 'default' });

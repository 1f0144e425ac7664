import type { Dictionary } from './merge';

/**
 * The texts of zh-TW for the first paint in one chunk: the shell, accounts and server messages
 * (`locales/zh-TW.json`), the home page's and the contest area's (the home lists recent
 * contests). The other areas' come with their pages (`zh-TW.areas.ts`).
 */
export default import.meta.glob<Dictionary>(['../../locales/zh-TW.json', '../../locales/{home,contest}/zh-TW.json'], { eager: true, import: 'default' });

import type { Dictionary } from './merge';

/**
 * The texts of zh-CN for the first paint in one chunk: the shell, accounts and server messages
 * (`locales/zh-CN.json`), the home page's and the contest area's (the home lists recent
 * contests). The other areas' come with their pages (`zh-CN.areas.ts`).
 */
export default import.meta.glob<Dictionary>(['../../locales/zh-CN.json', '../../locales/{home,contest}/zh-CN.json'], { eager: true, import: 'default' });

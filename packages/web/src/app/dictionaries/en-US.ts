import type { Dictionary } from './merge';

/**
 * The texts of en-US for the first paint in one chunk: the shell, accounts and server messages
 * (`locales/en-US.json`), the home page's and the contest area's (the home lists recent
 * contests). The other areas' come with their pages (`en-US.areas.ts`).
 */
export default import.meta.glob<Dictionary>(['../../locales/en-US.json', '../../locales/{home,contest}/en-US.json'], { eager: true, import: 'default' });

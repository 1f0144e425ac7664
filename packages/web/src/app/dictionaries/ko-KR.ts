import type { Dictionary } from './merge';

/**
 * The texts of ko-KR for the first paint in one chunk: the shell, accounts and server messages
 * (`locales/ko-KR.json`), the home page's and the contest area's (the home lists recent
 * contests). The other areas' come with their pages (`ko-KR.areas.ts`).
 */
export default import.meta.glob<Dictionary>(['../../locales/ko-KR.json', '../../locales/{home,contest}/ko-KR.json'], { eager: true, import: 'default' });

import type { Dictionary } from './merge';

/** Every text file of ko-KR in one chunk, so the language's texts arrive in one request. */
export default import.meta.glob<Dictionary>(['../../locales/ko-KR.json', '../../locales/*/ko-KR.json'], { eager: true, import: 'default' });

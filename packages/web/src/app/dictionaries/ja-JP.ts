import type { Dictionary } from './merge';

/** Every text file of ja-JP in one chunk, so the language's texts arrive in one request. */
export default import.meta.glob<Dictionary>(['../../locales/ja-JP.json', '../../locales/*/ja-JP.json'], { eager: true, import: 'default' });

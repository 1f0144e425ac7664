import type { Dictionary } from './merge';

/** Every text file of en-US in one chunk, so the language's texts arrive in one request. */
export default import.meta.glob<Dictionary>(['../../locales/en-US.json', '../../locales/*/en-US.json'], { eager: true, import: 'default' });

import type { Dictionary } from './merge';

/** Every text file of zh-TW in one chunk, so the language's texts arrive in one request. */
export default import.meta.glob<Dictionary>(['../../locales/zh-TW.json', '../../locales/*/zh-TW.json'], { eager: true, import: 'default' });

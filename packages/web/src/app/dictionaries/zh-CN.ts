import type { Dictionary } from './merge';

/** Every text file of zh-CN in one chunk, so the language's texts arrive in one request. */
export default import.meta.glob<Dictionary>(['../../locales/zh-CN.json', '../../locales/*/zh-CN.json'], { eager: true, import: 'default' });

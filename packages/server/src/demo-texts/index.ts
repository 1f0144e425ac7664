/**
 * The demo content's words in the five interface languages; `OJ_DEMO_LANG` (config.demoLang) picks
 * the one a first start writes. Each site's demo is whole in one language: it is stored like any
 * admin's text, not translated per viewer.
 */
import type { UiLanguage } from '@oj/shared';
import { enUS } from './en-US.js';
import { jaJP } from './ja-JP.js';
import { koKR } from './ko-KR.js';
import type { DemoTexts } from './types.js';
import { zhCN } from './zh-CN.js';
import { zhTW } from './zh-TW.js';

export type { DemoProblemId, DemoProblemText, DemoTexts } from './types.js';

/** A Record over UiLanguage: a language added to UI_LANGUAGES without its demo texts fails the typecheck. */
const TEXTS: Record<UiLanguage, DemoTexts> = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW, 'ja-JP': jaJP, 'ko-KR': koKR };

export function demoTexts(lang: UiLanguage): DemoTexts {
  return TEXTS[lang];
}

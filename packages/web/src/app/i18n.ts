import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import type { Locale } from 'antd/es/locale';
import { DEFAULT_UI_LANGUAGE, UI_LANGUAGES, type UiLanguage } from '@oj/shared';
import { createStore } from './createStore';
import { type Dictionary, mergeFiles } from './dictionaries/merge';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage';

/**
 * Interface language. Only the current language's texts, antd locale and dayjs locale
 * are loaded, each as its own chunk, so the first load does not carry five dictionaries.
 * Texts live in `locales/<lang>.json` (shell, accounts, server messages) and `locales/<area>/<lang>.json`
 * (one folder per area of the site). A language comes in two chunks, merged key by key: what the first
 * paint needs (`dictionaries/<lang>.ts`: the shell's file, the home page's and the contest area's) and the other areas
 * (`dictionaries/<lang>.areas.ts`), fetched with the first page that needs them (`lazyPage`,
 * `needAreaTexts`) and from then on with every change of language. The admin areas' texts
 * and the contest tools' (`dictionaries/<lang>.admin.ts`, nearly half of them) come the same way with every page but the home
 * and problem pages, whose first load does not need them.
 */
type Files = () => Promise<{ default: Record<string, Dictionary> }>;

const firstTexts: Record<UiLanguage, Files> = {
  'zh-CN': () => import('./dictionaries/zh-CN'),
  'en-US': () => import('./dictionaries/en-US'),
  'zh-TW': () => import('./dictionaries/zh-TW'),
  'ja-JP': () => import('./dictionaries/ja-JP'),
  'ko-KR': () => import('./dictionaries/ko-KR'),
};

const areaTexts: Record<UiLanguage, Files> = {
  'zh-CN': () => import('./dictionaries/zh-CN.areas'),
  'en-US': () => import('./dictionaries/en-US.areas'),
  'zh-TW': () => import('./dictionaries/zh-TW.areas'),
  'ja-JP': () => import('./dictionaries/ja-JP.areas'),
  'ko-KR': () => import('./dictionaries/ko-KR.areas'),
};

const adminTexts: Record<UiLanguage, Files> = {
  'zh-CN': () => import('./dictionaries/zh-CN.admin'),
  'en-US': () => import('./dictionaries/en-US.admin'),
  'zh-TW': () => import('./dictionaries/zh-TW.admin'),
  'ja-JP': () => import('./dictionaries/ja-JP.admin'),
  'ko-KR': () => import('./dictionaries/ko-KR.admin'),
};

const PARTS = { first: firstTexts, areas: areaTexts, admin: adminTexts };

/** One language's part, fetched once and added to i18next (a failed fetch may be tried again). */
const textsLoaded = new Map<string, Promise<void>>();
function loadTexts(lang: UiLanguage, part: keyof typeof PARTS): Promise<void> {
  const key = `${lang}/${part}`;
  let loading = textsLoaded.get(key);
  if (!loading) {
    loading = PARTS[part][lang]().then((m) => {
      i18n.addResourceBundle(lang, 'translation', mergeFiles(m.default), true, true);
    });
    loading.catch(() => textsLoaded.delete(key));
    textsLoaded.set(key, loading);
  }
  return loading;
}

let areasWanted = false;
let adminWanted = false;

/**
 * The message catalogue (`MSG` and `messageKeyOf`), which turns a server's English msg into its key, is
 * fetched when it is first needed: with an answer that carries a msg (api/client.ts waits for it before
 * the caller sees the answer) and with every page but the home (`needAreaTexts`). A first visit of the
 * home page that gets no message does not carry it. Until it is here `translateMsg` gives the English text.
 */
let catalogue: typeof import('@oj/shared/messages') | null = null;
let catalogueLoading: Promise<void> | null = null;
export function loadMessageCatalogue(): Promise<void> {
  catalogueLoading ??= import('@oj/shared/messages').then(
    (m) => {
      catalogue = m;
    },
    () => {
      // A failed fetch (a new deployment, the network) may be tried again; meanwhile msgs stay in English.
      catalogueLoading = null;
    },
  );
  return catalogueLoading;
}

/**
 * The texts of every area in the current language (and from now on in any language chosen); the admin
 * areas' unless `admin` is false; the message catalogue unless `catalogue` is false (it then comes with
 * the first answer that carries a msg, as on the home page).
 */
export function needAreaTexts({ admin = true, catalogue = true } = {}): Promise<void> {
  areasWanted = true;
  adminWanted ||= admin;
  const lang = localeStore.get().lang;
  return Promise.all([loadTexts(lang, 'areas'), admin ? loadTexts(lang, 'admin') : undefined, catalogue ? loadMessageCatalogue() : undefined]).then(
    () => undefined,
  );
}

/** antd's texts per language; en-US is antd's own default (undefined: nothing to fetch). */
const antdLocales: Record<UiLanguage, () => Promise<{ default: Locale | undefined }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'en-US': async () => ({ default: undefined }),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  'ja-JP': () => import('antd/es/locale/ja_JP'),
  'ko-KR': () => import('antd/es/locale/ko_KR'),
};

const dayjsLocales: Record<UiLanguage, { name: string; load: () => Promise<unknown> }> = {
  'zh-CN': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  'en-US': { name: 'en', load: async () => undefined },
  'zh-TW': { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  'ja-JP': { name: 'ja', load: () => import('dayjs/locale/ja') },
  'ko-KR': { name: 'ko', load: () => import('dayjs/locale/ko') },
};

/** Native names, shown in the language picker whatever the current language is. */
export const LANGUAGE_LABELS: Record<UiLanguage, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'zh-TW': '繁體中文',
  'ja-JP': '日本語',
  'ko-KR': '한국어',
};

/** `?l=` values: zh-cn, zh-tw, ja|ja-jp, ko|ko-kr; anything else means English. */
function fromQuery(value: string): UiLanguage {
  switch (value.toLowerCase()) {
    case 'zh-cn':
      return 'zh-CN';
    case 'zh-tw':
      return 'zh-TW';
    case 'ja':
    case 'ja-jp':
      return 'ja-JP';
    case 'ko':
    case 'ko-kr':
      return 'ko-KR';
    default:
      return 'en-US';
  }
}

const isUiLanguage = (v: string | null): v is UiLanguage => !!v && (UI_LANGUAGES as readonly string[]).includes(v);

/** Query parameter, else the stored choice, else the browser (zh-cn → zh-CN, otherwise en-US), else zh-CN. */
export function detectLanguage(): { lang: UiLanguage; fromQuery: boolean } {
  const l = new URLSearchParams(window.location.search).get('l');
  if (l !== null) return { lang: fromQuery(l), fromQuery: true };
  const stored = readStorage(STORAGE_KEYS.language);
  if (isUiLanguage(stored)) return { lang: stored, fromQuery: false };
  const browser = typeof navigator !== 'undefined' ? navigator.language : '';
  if (browser) return { lang: /^zh(-cn|-hans.*)?$/i.test(browser) ? 'zh-CN' : 'en-US', fromQuery: false };
  return { lang: DEFAULT_UI_LANGUAGE, fromQuery: false };
}

/** What the antd ConfigProvider needs; the shell re-renders when it changes. */
export const localeStore = createStore<{ lang: UiLanguage; antd: Locale | undefined }>({ lang: DEFAULT_UI_LANGUAGE, antd: undefined });

async function load(lang: UiLanguage) {
  const [antd] = await Promise.all([
    antdLocales[lang](),
    dayjsLocales[lang].load(),
    loadTexts(lang, 'first'),
    areasWanted ? loadTexts(lang, 'areas') : undefined,
    adminWanted ? loadTexts(lang, 'admin') : undefined,
  ]);
  return antd.default;
}

function apply(lang: UiLanguage, antd: Locale | undefined) {
  dayjs.locale(dayjsLocales[lang].name);
  document.documentElement.lang = lang;
  localeStore.set({ lang, antd });
}

/** Loads and applies the detected language before the first render (no flash of keys). */
export async function setupI18n(): Promise<void> {
  const { lang, fromQuery: explicit } = detectLanguage();
  if (explicit) writeStorage(STORAGE_KEYS.language, lang);
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    // Components shown before an area's texts arrived (the focus-mode menu above a page still loading)
    // render again when they are added.
    react: { bindI18nStore: 'added' },
  });
  apply(lang, await load(lang));
  await i18n.changeLanguage(lang);
}

/** User's choice (logo toggle or picker): remembered in Web_Language. */
export async function changeLanguage(lang: UiLanguage): Promise<void> {
  const antd = await load(lang);
  writeStorage(STORAGE_KEYS.language, lang);
  await i18n.changeLanguage(lang);
  apply(lang, antd);
}

/** The logo's language toggle: en-US goes to zh-CN, every other language to en-US. */
export function toggleLanguage(): Promise<void> {
  return changeLanguage(localeStore.get().lang === 'en-US' ? 'zh-CN' : 'en-US');
}

/**
 * A message's amount (`seconds`, `minutes`, `count`) is its plural count: "wait 1 second", "wait 2 seconds"
 * come from the `_one`/`_other` forms of the key (i18next picks by the language's plural rules).
 */
const COUNT_PARAMS = ['seconds', 'minutes', 'count'];

function withCount(params: Record<string, string>): Record<string, string | number> {
  const name = COUNT_PARAMS.find((p) => params[p] !== undefined && Number.isFinite(Number(params[p])));
  return name ? { ...params, count: Number(params[name]) } : params;
}

/** Server msgs are the catalogue's English texts: show the current language's version when we have one. */
export function translateMsg(msg: string): string {
  const found = catalogue?.messageKeyOf(msg);
  if (!found) return msg;
  const key = `msg.${found.key}`;
  const options = withCount(found.params);
  return i18n.exists(key, options) ? i18n.t(key, options) : msg;
}

export { i18n };

/** A success toast: the server's own msg when it says something, else the page's text for the event. */
export function successMsg(msg: string | undefined, fallbackKey: string): string {
  // 'success' is MSG.success, the msg of an answer that says nothing more
  if (!msg || msg === 'success') return i18n.t(fallbackKey);
  return translateMsg(msg);
}

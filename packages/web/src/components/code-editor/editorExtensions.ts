/**
 * The editor's syntax modes and themes, each fetched when it is first needed: a problem page in C++
 * fetches the C++ grammar and the chosen theme, not the other eleven modes and seven themes (together
 * several times the size of the editor itself). Loaded extensions are kept for the page's lifetime, so
 * switching back to a language is immediate.
 *
 * The spec's theme names are those of CodeMirror 5; @uiw has six of them under the same name and the
 * closest look for the other three: idea (IntelliJ light) → xcodeLight, base16_dark → basicDark,
 * cobalt (blue background) → tomorrowNightBlue; solarized is the light variant.
 */
import { useEffect, useState } from 'react';
import type { StreamParser } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import type { EditorLanguage, EditorThemeName } from './editorConfig';

const legacy = async (load: () => Promise<StreamParser<unknown>>) => {
  const [{ StreamLanguage }, mode] = await Promise.all([import('@codemirror/language'), load()]);
  return StreamLanguage.define(mode);
};

const LANGUAGES: Record<EditorLanguage, () => Promise<Extension>> = {
  cpp: () => import('@codemirror/lang-cpp').then((m) => m.cpp()),
  java: () => import('@codemirror/lang-java').then((m) => m.java()),
  python: () => import('@codemirror/lang-python').then((m) => m.python()),
  go: () => import('@codemirror/lang-go').then((m) => m.go()),
  javascript: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  rust: () => import('@codemirror/lang-rust').then((m) => m.rust()),
  php: () => import('@codemirror/lang-php').then((m) => m.php()),
  csharp: () => legacy(() => import('@codemirror/legacy-modes/mode/clike').then((m) => m.csharp)),
  kotlin: () => legacy(() => import('@codemirror/legacy-modes/mode/clike').then((m) => m.kotlin)),
  ruby: () => legacy(() => import('@codemirror/legacy-modes/mode/ruby').then((m) => m.ruby)),
  pascal: () => legacy(() => import('@codemirror/legacy-modes/mode/pascal').then((m) => m.pascal)),
  haskell: () => legacy(() => import('@codemirror/legacy-modes/mode/haskell').then((m) => m.haskell)),
};

const THEMES: Record<EditorThemeName, () => Promise<Extension>> = {
  monokai: () => import('@uiw/codemirror-theme-monokai').then((m) => m.monokai),
  solarized: () => import('@uiw/codemirror-theme-solarized').then((m) => m.solarizedLight),
  material: () => import('@uiw/codemirror-theme-material').then((m) => m.material),
  idea: () => import('@uiw/codemirror-theme-xcode').then((m) => m.xcodeLight),
  eclipse: () => import('@uiw/codemirror-theme-eclipse').then((m) => m.eclipse),
  base16_dark: () => import('@uiw/codemirror-theme-basic').then((m) => m.basicDark),
  cobalt: () => import('@uiw/codemirror-theme-tomorrow-night-blue').then((m) => m.tomorrowNightBlue),
  dracula: () => import('@uiw/codemirror-theme-dracula').then((m) => m.dracula),
};

const loaded = new Map<string, Extension>();
const pending = new Map<string, Promise<Extension>>();

function load(key: string, loader: () => Promise<Extension>): Promise<Extension> {
  let p = pending.get(key);
  if (!p) {
    p = loader().then((ext) => {
      loaded.set(key, ext);
      return ext;
    });
    // A failed fetch (a new build deployed meanwhile, the network gone) may be tried again later.
    p.catch(() => pending.delete(key));
    pending.set(key, p);
  }
  return p;
}

const themeKey = (name: string): EditorThemeName => (name in THEMES ? (name as EditorThemeName) : 'idea');

/** The syntax mode of a language (plain text for null). */
export const loadLanguage = (lang: EditorLanguage | null): Promise<Extension> => (lang ? load(`lang:${lang}`, LANGUAGES[lang]) : Promise.resolve([]));
/** A theme by the spec's name (the default one for an unknown name). */
export const loadTheme = (name: string): Promise<Extension> => load(`theme:${themeKey(name)}`, THEMES[themeKey(name)]);

/** A language's syntax mode once it has arrived (the previous one meanwhile; undefined before the first). */
export const useEditorLanguage = (lang: EditorLanguage | null) => useLoaded(`lang:${lang}`, () => loadLanguage(lang));
/** A theme once it has arrived (the previous one meanwhile; undefined before the first). */
export const useEditorTheme = (name: string) => useLoaded(`theme:${themeKey(name)}`, () => loadTheme(name));

function useLoaded(key: string, loader: () => Promise<Extension>): Extension | undefined {
  const [state, setState] = useState<{ key: string; ext: Extension } | undefined>(() => {
    const ready = key === 'lang:null' ? [] : loaded.get(key);
    return ready === undefined ? undefined : { key, ext: ready };
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the loader
  useEffect(() => {
    if (state?.key === key) return;
    const ready = loaded.get(key);
    if (ready !== undefined) return setState({ key, ext: ready });
    let live = true;
    loader().then(
      (ext) => live && setState({ key, ext }),
      () => live && setState({ key, ext: [] }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state?.ext;
}

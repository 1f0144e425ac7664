/**
 * Editor constants of spec 1 §9 and how they map onto CodeMirror 6. The spec's theme names are those
 * of CodeMirror 5; @uiw/codemirror-themes-all has six of them under the same name and the closest
 * look for the other three: idea (IntelliJ light) → xcodeLight, base16_dark → basicDark,
 * cobalt (blue background) → tomorrowNightBlue; solarized is the light variant.
 */
import type { Extension } from '@codemirror/state';
import { StreamLanguage } from '@codemirror/language';
import { cpp } from '@codemirror/lang-cpp';
import { go } from '@codemirror/lang-go';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { php } from '@codemirror/lang-php';
import { python } from '@codemirror/lang-python';
import { rust } from '@codemirror/lang-rust';
import { csharp, kotlin } from '@codemirror/legacy-modes/mode/clike';
import { haskell } from '@codemirror/legacy-modes/mode/haskell';
import { pascal } from '@codemirror/legacy-modes/mode/pascal';
import { ruby } from '@codemirror/legacy-modes/mode/ruby';
import { basicDark, dracula, eclipse, material, monokai, solarizedLight, tomorrowNightBlue, xcodeLight } from '@uiw/codemirror-themes-all';

export const EDITOR_THEMES = {
  monokai,
  solarized: solarizedLight,
  material,
  idea: xcodeLight,
  eclipse,
  base16_dark: basicDark,
  cobalt: tomorrowNightBlue,
  dracula,
} satisfies Record<string, Extension>;
export type EditorThemeName = keyof typeof EDITOR_THEMES;
export const EDITOR_THEME_NAMES = Object.keys(EDITOR_THEMES) as EditorThemeName[];

export const FONT_SIZES = [12, 13, 14, 15, 16, 17, 18, 19, 20] as const;
export const TAB_SIZES = [2, 4, 8] as const;
export const DEFAULT_EDITOR_HEIGHT = 550;

export interface EditorSettings {
  theme: EditorThemeName;
  fontSize: number;
  tabSize: number;
}
export const DEFAULT_EDITOR_SETTINGS: EditorSettings = { theme: 'idea', fontSize: 14, tabSize: 4 };

/** Syntax by the language's content type (the MIME type a judge reports), else by its name. */
export function languageExtension(name: string, contentType?: string): Extension {
  const mime = (contentType ?? '').toLowerCase();
  const n = name.toLowerCase();
  if (mime === 'text/x-csrc' || mime === 'text/x-c++src' || /^c(\+\+)?( |$)|^c with|^c\+\+/.test(n)) return cpp();
  if (mime === 'text/x-java' || (n.startsWith('java') && !n.startsWith('javascript'))) return java();
  if (mime === 'text/x-python' || n.includes('py')) return python();
  if (mime === 'text/x-go' || n.startsWith('go')) return go();
  if (mime === 'text/javascript' || n.startsWith('javascript') || n.includes('node')) return javascript();
  if (mime === 'text/x-rustsrc' || n.startsWith('rust')) return rust();
  if (mime === 'text/x-php' || n.startsWith('php')) return php();
  if (mime === 'text/x-csharp' || n === 'c#') return StreamLanguage.define(csharp);
  if (mime === 'text/x-ruby' || n.startsWith('ruby')) return StreamLanguage.define(ruby);
  if (mime === 'text/x-pascal' || n.startsWith('pascal')) return StreamLanguage.define(pascal);
  if (mime === 'text/x-kotlin' || n.startsWith('kotlin')) return StreamLanguage.define(kotlin);
  if (mime === 'text/x-haskell' || n.startsWith('haskell')) return StreamLanguage.define(haskell);
  return [];
}

/** The editor mode sent with a test run (HOJ sends CodeMirror's MIME type). */
export function modeOf(name: string, contentType?: string): string {
  if (contentType) return contentType;
  return /c\+\+/i.test(name) ? 'text/x-c++src' : 'text/plain';
}

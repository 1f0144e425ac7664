/**
 * Editor constants and which syntax mode a language gets. Nothing here imports CodeMirror:
 * the problem page's toolbar needs these names before the editor, its syntax modes and its themes are
 * fetched (editorExtensions.ts, loaded with the editor).
 */
/** The spec's theme names, in the order the settings list them; each is loaded with the editor (editorExtensions.ts). */
export const EDITOR_THEME_NAMES = ['monokai', 'solarized', 'material', 'idea', 'eclipse', 'base16_dark', 'cobalt', 'dracula'] as const;
export type EditorThemeName = (typeof EDITOR_THEME_NAMES)[number];

export const FONT_SIZES = [12, 13, 14, 15, 16, 17, 18, 19, 20] as const;
export const TAB_SIZES = [2, 4, 8] as const;
export const DEFAULT_EDITOR_HEIGHT = 550;

export interface EditorSettings {
  theme: EditorThemeName;
  fontSize: number;
  tabSize: number;
}
export const DEFAULT_EDITOR_SETTINGS: EditorSettings = { theme: 'idea', fontSize: 14, tabSize: 4 };

/** The theme the editor shows: the default (light) one follows the site's dark scheme; a theme the user picked stays. */
export const shownThemeName = (theme: string, dark: boolean): string => (dark && theme === DEFAULT_EDITOR_SETTINGS.theme ? 'material' : theme);

/** The syntax modes the editor has, each a chunk of its own fetched when a language needs it. */
export type EditorLanguage = 'cpp' | 'java' | 'python' | 'go' | 'javascript' | 'rust' | 'php' | 'csharp' | 'ruby' | 'pascal' | 'kotlin' | 'haskell';

/** Syntax by the language's content type (the MIME type a judge reports), else by its name; null for plain text. */
export function editorLanguageOf(name: string, contentType?: string): EditorLanguage | null {
  const mime = (contentType ?? '').toLowerCase();
  const n = name.toLowerCase();
  if (mime === 'text/x-csrc' || mime === 'text/x-c++src' || /^c(\+\+)?( |$)|^c with|^c\+\+/.test(n)) return 'cpp';
  if (mime === 'text/x-java' || (n.startsWith('java') && !n.startsWith('javascript'))) return 'java';
  if (mime === 'text/x-python' || n.includes('py')) return 'python';
  if (mime === 'text/x-go' || n.startsWith('go')) return 'go';
  if (mime === 'text/javascript' || n.startsWith('javascript') || n.includes('node')) return 'javascript';
  if (mime === 'text/x-rustsrc' || n.startsWith('rust')) return 'rust';
  if (mime === 'text/x-php' || n.startsWith('php')) return 'php';
  if (mime === 'text/x-csharp' || n === 'c#') return 'csharp';
  if (mime === 'text/x-ruby' || n.startsWith('ruby')) return 'ruby';
  if (mime === 'text/x-pascal' || n.startsWith('pascal')) return 'pascal';
  if (mime === 'text/x-kotlin' || n.startsWith('kotlin')) return 'kotlin';
  if (mime === 'text/x-haskell' || n.startsWith('haskell')) return 'haskell';
  return null;
}

/** The editor mode sent with a test run (HOJ sends CodeMirror's MIME type). */
export function modeOf(name: string, contentType?: string): string {
  if (contentType) return contentType;
  return /c\+\+/i.test(name) ? 'text/x-c++src' : 'text/plain';
}

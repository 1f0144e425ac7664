import { ITEM_KEYS, readJson, writeStorage } from '../../app/storage';
import { DEFAULT_EDITOR_SETTINGS, EDITOR_THEME_NAMES, FONT_SIZES, TAB_SIZES, type EditorSettings } from '../../components/code-editor/editorConfig';

/** What the editor keeps per problem in localStorage (settings and focus mode per problem). */
export interface SavedEditorState {
  language?: string;
  /** code per language, so switching languages does not lose work */
  code?: Record<string, string>;
  focus?: boolean;
  settings?: EditorSettings;
}

const keyOf = ITEM_KEYS.problemEditor;
/** Settings last chosen anywhere: the start for a problem opened for the first time. */
const LAST_SETTINGS_KEY = 'problemEditor:lastSettings';

function validSettings(s: Partial<EditorSettings> | null | undefined): EditorSettings {
  return {
    theme: s?.theme && EDITOR_THEME_NAMES.includes(s.theme) ? s.theme : DEFAULT_EDITOR_SETTINGS.theme,
    fontSize: s?.fontSize && (FONT_SIZES as readonly number[]).includes(s.fontSize) ? s.fontSize : DEFAULT_EDITOR_SETTINGS.fontSize,
    tabSize: s?.tabSize && (TAB_SIZES as readonly number[]).includes(s.tabSize) ? s.tabSize : DEFAULT_EDITOR_SETTINGS.tabSize,
  };
}

export function loadEditorState(problemId: string): SavedEditorState & { settings: EditorSettings } {
  const saved = readJson<SavedEditorState>(keyOf(problemId)) ?? {};
  return { ...saved, settings: validSettings(saved.settings ?? readJson<EditorSettings>(LAST_SETTINGS_KEY)) };
}

export function saveEditorState(problemId: string, state: SavedEditorState) {
  writeStorage(keyOf(problemId), JSON.stringify(state));
  if (state.settings) writeStorage(LAST_SETTINGS_KEY, JSON.stringify(state.settings));
}

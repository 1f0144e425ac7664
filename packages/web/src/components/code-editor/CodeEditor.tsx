import { useMemo, useState } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { indentUnit } from '@codemirror/language';
import { Spin } from 'antd';
import { themeStore } from '../../app/theme';
import { editorLanguageOf, shownThemeName, type EditorSettings } from './editorConfig';
import { loadLanguage, loadTheme, useEditorLanguage, useEditorTheme } from './editorExtensions';

export interface CodeEditorProps {
  value: string;
  onChange(value: string): void;
  language: string;
  contentType?: string;
  settings: EditorSettings;
  /** CSS height, e.g. 550 or '100%' */
  height: number | string;
  readOnly?: boolean;
  /**
   * Where the editor starts: the caret, scroll position and focus of the plain code area it replaces
   * (PlainCodeArea.tsx), read when the editor is first rendered, the area still in the page with the
   * last keys typed into it.
   */
  start?: () => EditorStart;
}

/** The caret, the scroll position and the focus an editor takes over from the plain code area. */
export interface EditorStart {
  anchor: number;
  head: number;
  scrollTop: number;
  scrollLeft: number;
  focused: boolean;
}

/**
 * Fetches the theme and the syntax mode an editor for `language` will show, so that the editor, once
 * mounted, is drawn at once in its colours (the plain code area stays until then).
 */
export const prepareEditor = (language: string, contentType: string | undefined, theme: string, dark: boolean) =>
  Promise.all([loadTheme(shownThemeName(theme, dark)), loadLanguage(editorLanguageOf(language, contentType)).catch(() => [])]);

/**
 * CodeMirror 6 with the site's themes, font size and tab size of the problem page. The
 * theme and the language's syntax mode are fetched when needed (editorExtensions.ts); the editor waits
 * for its theme (a dark theme never flashes light) but not for the syntax mode, which colours the code
 * when it arrives.
 */
export default function CodeEditor({ value, onChange, language, contentType, settings, height, readOnly, start: readStart }: CodeEditorProps) {
  const [start] = useState(() => readStart?.());
  const syntax = useEditorLanguage(editorLanguageOf(language, contentType));
  const { dark } = themeStore.use();
  const themeName = shownThemeName(settings.theme, dark);
  const theme = useEditorTheme(themeName);
  const extensions = useMemo(
    () => [
      syntax ?? [],
      EditorState.tabSize.of(settings.tabSize),
      indentUnit.of(' '.repeat(settings.tabSize)),
      EditorView.theme({ '&': { fontSize: `${settings.fontSize}px` }, '.cm-content': { fontFamily: 'Menlo, Consolas, "DejaVu Sans Mono", monospace' } }),
    ],
    [syntax, settings.tabSize, settings.fontSize],
  );
  if (theme === undefined) return <Spin style={{ display: 'block', padding: 48 }} />;
  return (
    <div className="oj-code-editor" data-testid="code-editor" data-theme={themeName}>
      <CodeMirror
        value={value}
        onChange={onChange}
        theme={theme}
        extensions={extensions}
        height={typeof height === 'number' ? `${height}px` : height}
        readOnly={readOnly}
        // Read once, when the editor is created: it goes on where the plain code area was left.
        selection={start ? EditorSelection.single(Math.min(start.anchor, value.length), Math.min(start.head, value.length)) : undefined}
        onCreateEditor={(view) => {
          if (!start) return;
          // At once, not in an effect later: keys typed meanwhile go to the editor, not to the page.
          if (start.focused) view.focus();
          requestAnimationFrame(() => {
            view.scrollDOM.scrollTop = start.scrollTop;
            view.scrollDOM.scrollLeft = start.scrollLeft;
          });
        }}
        basicSetup={{ tabSize: settings.tabSize }}
      />
    </div>
  );
}

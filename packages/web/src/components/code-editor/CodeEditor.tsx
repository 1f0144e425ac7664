import { useMemo } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { indentUnit } from '@codemirror/language';
import { Spin } from 'antd';
import { themeStore } from '../../app/theme';
import { DEFAULT_EDITOR_SETTINGS, editorLanguageOf, type EditorSettings } from './editorConfig';
import { useEditorLanguage, useEditorTheme } from './editorExtensions';

export interface CodeEditorProps {
  value: string;
  onChange(value: string): void;
  language: string;
  contentType?: string;
  settings: EditorSettings;
  /** CSS height, e.g. 550 or '100%' */
  height: number | string;
  readOnly?: boolean;
}

/**
 * CodeMirror 6 with the site's themes, font size and tab size (spec 1 §2 problem detail, §9). The
 * theme and the language's syntax mode are fetched when needed (editorExtensions.ts); the editor waits
 * for its theme (a dark theme never flashes light) but not for the syntax mode, which colours the code
 * when it arrives.
 */
export default function CodeEditor({ value, onChange, language, contentType, settings, height, readOnly }: CodeEditorProps) {
  const syntax = useEditorLanguage(editorLanguageOf(language, contentType));
  // The default (light) editor theme follows the site's dark scheme; a theme the user picked stays.
  const { dark } = themeStore.use();
  const themeName = dark && settings.theme === DEFAULT_EDITOR_SETTINGS.theme ? 'material' : settings.theme;
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
        basicSetup={{ tabSize: settings.tabSize }}
      />
    </div>
  );
}

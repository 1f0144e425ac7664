import { useMemo } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { indentUnit } from '@codemirror/language';
import { themeStore } from '../../app/theme';
import { DEFAULT_EDITOR_SETTINGS, EDITOR_THEMES, languageExtension, type EditorSettings } from './editorConfig';

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

/** CodeMirror 6 with the site's themes, font size and tab size (spec 1 §2 problem detail, §9). */
export default function CodeEditor({ value, onChange, language, contentType, settings, height, readOnly }: CodeEditorProps) {
  const extensions = useMemo(
    () => [
      languageExtension(language, contentType),
      EditorState.tabSize.of(settings.tabSize),
      indentUnit.of(' '.repeat(settings.tabSize)),
      EditorView.theme({ '&': { fontSize: `${settings.fontSize}px` }, '.cm-content': { fontFamily: 'Menlo, Consolas, "DejaVu Sans Mono", monospace' } }),
    ],
    [language, contentType, settings.tabSize, settings.fontSize],
  );
  // The default (light) editor theme follows the site's dark scheme; a theme the user picked stays.
  const { dark } = themeStore.use();
  const themeName = dark && settings.theme === DEFAULT_EDITOR_SETTINGS.theme ? 'material' : settings.theme;
  return (
    <div className="oj-code-editor" data-testid="code-editor" data-theme={themeName}>
      <CodeMirror
        value={value}
        onChange={onChange}
        theme={EDITOR_THEMES[themeName] ?? EDITOR_THEMES.idea}
        extensions={extensions}
        height={typeof height === 'number' ? `${height}px` : height}
        readOnly={readOnly}
        basicSetup={{ tabSize: settings.tabSize }}
      />
    </div>
  );
}

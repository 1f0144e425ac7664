import { useMemo } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { indentUnit } from '@codemirror/language';
import { EDITOR_THEMES, languageExtension, type EditorSettings } from './editorConfig';

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
  return (
    <div className="oj-code-editor" data-testid="code-editor">
      <CodeMirror
        value={value}
        onChange={onChange}
        theme={EDITOR_THEMES[settings.theme] ?? EDITOR_THEMES.idea}
        extensions={extensions}
        height={typeof height === 'number' ? `${height}px` : height}
        readOnly={readOnly}
        basicSetup={{ tabSize: settings.tabSize }}
      />
    </div>
  );
}

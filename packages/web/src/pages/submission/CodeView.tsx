import { useMemo } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { EditorView } from '@codemirror/view';
import { editorLanguageOf } from '../../components/code-editor/editorConfig';
import { useEditorLanguage } from '../../components/code-editor/editorExtensions';

/** The submitted code, read only, with line numbers. */
export default function CodeView({ code, language }: { code: string; language: string }) {
  // Syntax by the submission's language name (C, C++ 17 With O2, Python3, Golang, …), fetched when needed.
  const syntax = useEditorLanguage(editorLanguageOf(language));
  const extensions = useMemo(() => [EditorView.lineWrapping, syntax ?? []], [syntax]);
  return (
    <div className="oj-code-view" data-testid="submission-code">
      <CodeMirror value={code} editable={false} readOnly extensions={extensions} basicSetup={{ foldGutter: false, highlightActiveLine: false }} />
    </div>
  );
}

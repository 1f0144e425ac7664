import { useMemo } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { editorLanguageOf } from '../../components/code-editor/editorConfig';
import { useEditorLanguage } from '../../components/code-editor/editorExtensions';

/** CodeMirror with line numbers and 4-space tabs; its own chunk, loaded by CodeEditor. */
export default function CodeMirrorBox({
  value,
  onChange,
  language,
  height,
}: {
  value: string;
  onChange: (v: string) => void;
  language: string;
  height: string;
}) {
  // Syntax by language name (C, C++ With O2, Java, Python3, …), fetched when needed; others get plain text.
  const syntax = useEditorLanguage(editorLanguageOf(language));
  const extensions = useMemo(() => [syntax ?? []], [syntax]);
  return <CodeMirror value={value} onChange={onChange} height={height} extensions={extensions} basicSetup={{ tabSize: 4 }} />;
}

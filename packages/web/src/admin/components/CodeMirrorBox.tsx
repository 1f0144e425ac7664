import { useMemo } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { cpp } from '@codemirror/lang-cpp';
import { java } from '@codemirror/lang-java';
import { python } from '@codemirror/lang-python';
import type { Extension } from '@codemirror/state';

/** Syntax by language name (C, C++ With O2, Java, Python3, …); others get plain text. */
function extensionsOf(language: string): Extension[] {
  const l = language.toLowerCase();
  if (l.startsWith('c') && !l.startsWith('c#')) return [cpp()];
  if (l.startsWith('java') && !l.startsWith('javascript')) return [java()];
  if (l.startsWith('py')) return [python()];
  return [];
}

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
  const extensions = useMemo(() => extensionsOf(language), [language]);
  return <CodeMirror value={value} onChange={onChange} height={height} extensions={extensions} basicSetup={{ tabSize: 4 }} />;
}

import { useMemo } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { cpp } from '@codemirror/lang-cpp';
import { go } from '@codemirror/lang-go';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { php } from '@codemirror/lang-php';
import { python } from '@codemirror/lang-python';
import { rust } from '@codemirror/lang-rust';
import { EditorView } from '@codemirror/view';

/** Syntax highlighting from the submission's language name (C, C++ 17 With O2, Python3, Golang, …). */
function languageExtension(language: string) {
  const l = language.toLowerCase();
  if (l.startsWith('c++') || l === 'c' || l.startsWith('c ') || l.startsWith('c with')) return cpp();
  if (l.startsWith('java') && !l.startsWith('javascript')) return java();
  if (l.includes('python') || l.includes('pypy')) return python();
  if (l.startsWith('go')) return go();
  if (l.includes('javascript') || l.includes('node')) return javascript();
  if (l.startsWith('php')) return php();
  if (l.startsWith('rust')) return rust();
  return null;
}

/** The submitted code, read only, with line numbers. */
export default function CodeView({ code, language }: { code: string; language: string }) {
  const extensions = useMemo(() => {
    const lang = languageExtension(language);
    return [EditorView.lineWrapping, ...(lang ? [lang] : [])];
  }, [language]);
  return (
    <div className="oj-code-view" data-testid="submission-code">
      <CodeMirror value={code} editable={false} readOnly extensions={extensions} basicSetup={{ foldGutter: false, highlightActiveLine: false }} />
    </div>
  );
}

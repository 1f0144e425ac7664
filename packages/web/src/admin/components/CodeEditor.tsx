import { lazy, Suspense } from 'react';
import { Input } from 'antd';

// The editor is large (≈200 KB gzip): the form shows first and the editor follows.
const CodeMirrorBox = lazy(() => import('./CodeMirrorBox'));

/** A code box for checker code and templates; a plain monospace box stands in while CodeMirror loads. */
export function CodeEditor({
  value,
  onChange,
  language,
  height = '260px',
  testId,
}: {
  value?: string;
  onChange?: (v: string) => void;
  language: string;
  height?: string;
  testId?: string;
}) {
  const change = (v: string) => onChange?.(v);
  return (
    <div className="oj-admin-code" data-testid={testId}>
      <Suspense fallback={<Input.TextArea className="oj-mono" value={value ?? ''} onChange={(e) => change(e.target.value)} style={{ height, border: 0 }} />}>
        <CodeMirrorBox value={value ?? ''} onChange={change} language={language} height={height} />
      </Suspense>
    </div>
  );
}

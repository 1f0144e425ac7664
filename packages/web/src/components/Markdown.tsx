import { useMemo } from 'react';
import { marked } from 'marked';
import DOMPurify from 'dompurify';

// Links written by admins or users open outside the app and cannot reach back into it.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Markdown from the server, rendered by marked and sanitised by DOMPurify before it touches the DOM. */
export function Markdown({ source, className }: { source: string | null | undefined; className?: string }) {
  const html = useMemo(() => DOMPurify.sanitize(marked.parse(source ?? '', { async: false, gfm: true, breaks: true })), [source]);
  return <div className={['oj-markdown', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: html }} />;
}

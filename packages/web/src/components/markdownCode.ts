/**
 * Syntax highlighting for <Markdown>, fetched only for sources with a fenced code block that names a
 * language. highlight.js core with the judge's languages; its output escapes the code.
 */
import hljs from 'highlight.js/lib/core';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import java from 'highlight.js/lib/languages/java';
import python from 'highlight.js/lib/languages/python';
import javascript from 'highlight.js/lib/languages/javascript';
import go from 'highlight.js/lib/languages/go';
import rust from 'highlight.js/lib/languages/rust';

for (const [name, lang] of Object.entries({ c, cpp, java, python, javascript, go, rust })) hljs.registerLanguage(name, lang);
// Names users write after ``` that the grammars above do not already know.
hljs.registerAliases(['python3', 'python2', 'py3'], { languageName: 'python' });
hljs.registerAliases(['golang'], { languageName: 'go' });

/** Highlighted HTML of `code` in `name` (a language or alias), or null for a language we do not know. */
export function highlight(code: string, name: string): string | null {
  if (!name || !hljs.getLanguage(name)) return null;
  return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
}

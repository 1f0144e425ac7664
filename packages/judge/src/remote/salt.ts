/**
 * Sites refuse a source identical to one sent before (a resubmission, a rejudge that submits again, two
 * users with the same code on one pooled account). A first line naming our submission makes every
 * sending different and says where it came from, in the language's comment syntax.
 */
import type { RemoteLanguage } from './types.js';

export function saltSource(source: string, language: Pick<RemoteLanguage, 'comment'>, submitId: number, at = Date.now()): string {
  const note = `online judge submission ${submitId} @ ${at}`;
  switch (language.comment) {
    case 'slash':
      return `// ${note}\n${source}`;
    case 'hash':
      return `# ${note}\n${source}`;
    case 'dash':
      return `-- ${note}\n${source}`;
    case 'brace':
      return `{ ${note} }\n${source}`;
  }
}

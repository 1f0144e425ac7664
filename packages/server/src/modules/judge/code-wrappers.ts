/**
 * Code judged around a submission (FPS `<prepend>`/`<append>`, QDUOJ templates): the judge compiles
 * prepend + code + append for the problem's wrapper of the submission's language, each part on its
 * own lines; the submission itself keeps the code as typed.
 */
import type { CodeWrapper } from '../../db/schema/problem.js';

export function wrapCode(wrappers: Record<string, CodeWrapper> | null | undefined, language: string, code: string): string {
  const w = wrappers?.[language];
  if (!w) return code;
  const line = (s: string) => (s && !s.endsWith('\n') ? `${s}\n` : s);
  return `${line(w.prepend)}${w.append ? line(code) : code}${w.append}`;
}

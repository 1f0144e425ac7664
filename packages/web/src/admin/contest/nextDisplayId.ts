/**
 * The display id to suggest for the next problem of a contest: the first free letter A–Z, or the
 * next number when the contest numbers its problems; empty when nothing obvious is left.
 */
export function nextDisplayId(used: string[]): string {
  const taken = new Set(used.map((u) => u.trim().toUpperCase()));
  if (used.length && used.every((u) => /^\d+$/.test(u.trim()))) return String(Math.max(...used.map((u) => Number(u))) + 1);
  for (let i = 0; i < 26; i++) {
    const letter = String.fromCharCode(65 + i);
    if (!taken.has(letter)) return letter;
  }
  return '';
}

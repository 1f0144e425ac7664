/**
 * Statement parts shared by the package importers: choosing the statement language (English, then
 * Chinese, then whatever there is) and cutting one Markdown text into the site's description,
 * input, output and hint at its section headings.
 */

/** Language codes and Polygon language names in order of preference. */
const PREFERRED = ['en', 'english', 'zh', 'chinese', 'zh-cn', 'cn'];

/** The preferred of the languages offered (`null` when none is). */
export function pickLanguage(langs: string[]): string | null {
  for (const p of PREFERRED) {
    const hit = langs.find((l) => l.toLowerCase() === p);
    if (hit) return hit;
  }
  return [...langs].sort()[0] ?? null;
}

export interface StatementParts {
  description: string;
  input: string;
  output: string;
  hint: string;
}

const SECTIONS: [keyof StatementParts, RegExp][] = [
  ['input', /^(input|input format|输入|輸入|输入格式|interaction|交互)$/i],
  ['output', /^(output|output format|输出|輸出|输出格式)$/i],
  ['hint', /^(notes?|hints?|explanation|explanations?|说明|提示|注释|note on samples?|sample explanation)$/i],
];

/** Splits Markdown at `#`/`##`/`###` headings named Input, Output, Notes (and their Chinese names). */
export function splitSections(md: string): StatementParts {
  const parts: StatementParts = { description: '', input: '', output: '', hint: '' };
  let current: keyof StatementParts = 'description';
  const buf: Record<keyof StatementParts, string[]> = { description: [], input: [], output: [], hint: [] };
  for (const line of md.split('\n')) {
    const h = /^#{1,3}\s+(.+?)\s*#*\s*$/.exec(line);
    const hit = h ? SECTIONS.find(([, re]) => re.test(h[1]!.replace(/[:：]$/, ''))) : undefined;
    if (hit) {
      current = hit[0];
      // Interaction is the input section of an interactive problem: its heading is kept as written.
      if (/interaction|交互/i.test(h![1]!)) buf[current].push(line);
      continue;
    }
    buf[current].push(line);
  }
  for (const k of Object.keys(parts) as (keyof StatementParts)[]) parts[k] = buf[k].join('\n').trim();
  return parts;
}

/** Whether `line` is a heading splitSections reads as the start of the `part` section. */
export function isSectionHeading(line: string, part: keyof StatementParts): boolean {
  const h = /^#{1,3}\s+(.+?)\s*#*\s*$/.exec(line);
  return !!h && SECTIONS.some(([k, re]) => k === part && re.test(h[1]!.replace(/[:：]$/, '')));
}

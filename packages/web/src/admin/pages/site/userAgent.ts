/**
 * A user agent in a few words ("Chrome 120 · Windows"), enough for an admin to recognise a login.
 * Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/^curl\/(\d+)/, 'curl'],
  [/^python-requests\/(\d+)/, 'Python requests'],
  [/^node-fetch|^undici/, 'Node.js'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua) return '';
  let browser = '';
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      browser = m[1] ? `${name} ${m[1]}` : name;
      break;
    }
  }
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? '';
  const text = [browser, system].filter(Boolean).join(' · ');
  // Nothing recognised: the start of the raw text (the full one is in the tooltip).
  return text || ua.slice(0, 40);
}

/**
 * Reading the old-style sites' pages (HDU, POJ): GBK text, statement fragments with absolute links,
 * sample blocks, numbers with their unit, the first item of an error list. Site-neutral, so one site's
 * adapter never imports another's.
 */
import * as cheerio from 'cheerio';
import type { RemoteResponse } from './http.js';

/** A page's text from GBK bytes: HDU and POJ write GBK and do not always say so in their headers. */
export function gbkText(res: RemoteResponse): string {
  return new TextDecoder('gbk').decode(res.bytes);
}

/** Image sources and link targets of a statement fragment made absolute against the page's URL. */
export function absoluteUrls(html: string, pageUrl: string): string {
  const $ = cheerio.load(html, null, false);
  for (const [selector, attr] of [
    ['img[src]', 'src'],
    ['a[href]', 'href'],
  ] as const) {
    $(selector).each((_, el) => {
      const value = $(el).attr(attr)!;
      try {
        $(el).attr(attr, new URL(value, pageUrl).toString());
      } catch {
        // a value no URL can be made of stays as the site wrote it
      }
    });
  }
  return $.html();
}

/** Sample text: `<br>` lines as newlines, Windows line ends dropped, the trailing blank line trimmed. */
export function sampleText(html: string): string {
  const $ = cheerio.load(html.replace(/<br\s*\/?>/gi, '\n'), null, false);
  return $.root().text().replace(/\r\n?/g, '\n').replace(/\s+$/, '');
}

/** "46MS" and "1724K" as numbers; an empty cell (a run not judged yet, a CE) is null. */
export function numberBefore(text: string, unit: string): number | null {
  const m = new RegExp(`^(\\d+)\\s*${unit}$`, 'i').exec(text.trim());
  return m ? Number(m[1]) : null;
}

/** The message of the first `<li>` of an "ERROR(s) occurred" page. */
export function firstListItem(html: string): string {
  const $ = cheerio.load(html);
  return $('li').first().text().trim() || 'refused without a reason';
}

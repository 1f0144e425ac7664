/**
 * FPS (FreeProblemSet 1.1–1.4) XML import: `<fps><item>…</item>…</fps>`, each item a problem with
 * limits in s/ms and mb/kb, samples, test data, optional special judge, templates and per-language
 * `<prepend>`/`<append>` code; base64 images are stored as files and the statement links rewritten to
 * them. Reference solutions are ignored. Imported as ACM, local problems with display ids FPS-<id>
 * (private unless the import asks for public).
 *
 * The file is read as a stream (saxes), one item at a time, so a file of thousands of problems takes
 * the memory of one item. Character references are decoded once, as XML and HUSTOJ (the format's
 * origin, which reads it with simplexml) decode them: by the XML parser outside CDATA (HTML's names
 * such as `&nbsp;` too), never inside CDATA, whose text is taken as written — a special judge holding
 * `"&quot;"` in CDATA compiles as written, test data stays byte for byte. The title and source are
 * HTML at the origin (shown unescaped there) and plain text here, so their references are decoded.
 * The HTML fields (description, input, output, hint) keep their text as HTML: where the field is
 * written as nested XML elements its text is escaped again, and a `<…>` that is no HTML element
 * (`#include <iostream>`, `0<l<=n`) is escaped so the statement shows it instead of dropping it as
 * an unknown tag (`html-text.ts`).
 *
 * An item of a remote-judge problem (`<remote_oj>` set: HUSTOJ's vjudge) without test data is refused
 * with that reason: remote judging does not exist here, and its samples are no test data.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { decodeHTMLStrict } from 'entities';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { conventionOfCheckerCode, FPS_LIMITS, formatMsg, MSG } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth.js';
import { ApiError, fail } from '../../lib/errors.js';
import { sniffImage, storeImage } from '../../lib/files.js';
import type { CodeWrapper } from '../../db/schema/problem.js';
import { parseImported, type ProblemToCreate } from './admin-store.js';
import type { ImportItem, ProblemImporter } from './import/types.js';
import { escapeHtmlText, escapeStrayTags } from './html-text.js';

/**
 * One child element of an `<item>`: its attributes (decoded by the parser) and its text: CDATA as
 * written, the rest as the parser decoded it, nested markup kept as text. `escaped` is the same with
 * the parser's text escaped again, the field's HTML when it is written as nested elements (`nested`).
 */
interface Field {
  attrs: Record<string, string>;
  text: string;
  escaped: string;
  nested: boolean;
}

/** An `<item>` as read: field name → its occurrences in order; images apart. */
interface RawItem {
  fields: Map<string, Field[]>;
  images: { src: string; base64: string }[];
}

const all = (item: RawItem, name: string) => item.fields.get(name) ?? [];
/** A field's value as written (plain text: data, code, limits). */
const plain = (f: Field | undefined) => f?.text ?? '';
/** A field that is HTML at the origin shown as plain text here (title, source): its references decoded. */
const first = (item: RawItem, name: string) => decodeHTMLStrict(plain(all(item, name)[0]));
/** An HTML field: its HTML as written, stray angle brackets escaped. */
const firstHtml = (item: RawItem, name: string) => {
  const f = all(item, name)[0];
  return f ? escapeStrayTags(f.nested ? f.escaped : f.text) : '';
};

/** Milliseconds from `<time_limit unit="s|ms">`; seconds when no unit (FPS default). */
function timeLimitMs(f: Field | undefined, where: string): number {
  const v = Number(plain(f).trim());
  if (!Number.isFinite(v) || v <= 0) throw fail('fpsInvalid', { reason: `${where}: bad time_limit` });
  return Math.max(1, Math.round((f?.attrs.unit ?? '').toLowerCase() === 'ms' ? v : v * 1000));
}

/** Megabytes from `<memory_limit unit="mb|kb">`; MB when no unit. */
function memoryLimitMb(f: Field | undefined, where: string): number {
  const v = Number(plain(f).trim());
  if (!Number.isFinite(v) || v <= 0) throw fail('fpsInvalid', { reason: `${where}: bad memory_limit` });
  return Math.max(1, Math.ceil((f?.attrs.unit ?? '').toLowerCase() === 'kb' ? v / 1024 : v));
}

/** Stores the item's base64 images (only checks them when `dry`) and returns (original src → our link). */
async function storeImages(ctx: AppContext, item: RawItem, uid: string, where: string, dry: boolean): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  for (const img of item.images) {
    const src = img.src.trim();
    const b64 = img.base64.replace(/\s+/g, '');
    if (!src || !b64) continue;
    const buf = Buffer.from(b64, 'base64');
    const type = sniffImage(buf);
    if (!type) throw fail('fpsInvalid', { reason: `${where}: image ${src.slice(0, 100)} is not a supported image` });
    if (dry) continue;
    const stored = await storeImage(ctx, 'md-image', buf, type, src.split('/').pop() || 'image', uid);
    links.set(src, stored.link);
  }
  return links;
}

const rewrite = (s: string, links: Map<string, string>) => {
  let out = s;
  for (const [src, link] of links) out = out.split(src).join(link);
  return out;
};

/** Pairs `a[i]` with `b[i]`; what has no partner is left out with a warning. */
function pairUp(ins: string[], outs: string[], what: string, warnings: string[]): { input: string; output: string }[] {
  const n = Math.min(ins.length, outs.length);
  if (ins.length !== outs.length) {
    warnings.push(formatMsg(MSG.fpsUnpaired, { input: `${what}_input`, output: `${what}_output`, inputs: ins.length, outputs: outs.length, pairs: n }));
  }
  return ins.slice(0, n).map((input, i) => ({ input, output: outs[i]! }));
}

/** XML's five named references and HTML's (looked up when met). */
const htmlEntities: Record<string, string> = new Proxy({} as Record<string, string>, {
  get: (_, name) => {
    if (typeof name !== 'string' || !/^[A-Za-z][A-Za-z0-9]*$/.test(name)) return undefined;
    const ref = `&${name};`;
    const c = decodeHTMLStrict(ref);
    return c === ref ? undefined : c;
  },
});

/** The per-language code around submissions: `<prepend language="Java">` / `<append language="Java">`. */
function wrappersOf(item: RawItem): Record<string, CodeWrapper> {
  const out: Record<string, CodeWrapper> = {};
  for (const side of ['prepend', 'append'] as const) {
    for (const f of all(item, side)) {
      const language = (f.attrs.language ?? '').trim();
      const code = plain(f);
      if (!language || !code.trim()) continue;
      out[language] ??= { prepend: '', append: '' };
      out[language][side] = code;
    }
  }
  return out;
}

async function itemToProblem(
  ctx: AppContext,
  item: RawItem,
  where: string,
  uid: string,
  dry: boolean,
): Promise<{ problem: ProblemToCreate; warnings: string[] }> {
  const warnings: string[] = [];
  const text = (name: string) => all(item, name).map(plain);
  const remoteOj = plain(all(item, 'remote_oj')[0]).trim();
  // HUSTOJ exports a vjudge problem with its remote OJ and id and no test data: it can only be judged there.
  if (remoteOj && !all(item, 'test_input').length) {
    throw fail('fpsRemoteProblem', { where, oj: remoteOj.slice(0, 50), id: plain(all(item, 'remote_id')[0]).trim().slice(0, 50) || '?' });
  }
  const examples = pairUp(text('sample_input'), text('sample_output'), 'sample', warnings);
  const tested = pairUp(text('test_input'), text('test_output'), 'test', warnings);
  // Without test data the samples are the tests, or the problem could never be judged.
  const tests = tested.length ? tested : examples;
  if (!tests.length) throw fail('fpsInvalid', { reason: `${where}: no test data and no samples` });
  // A test of nothing against nothing accepts any program that prints nothing: no test at all.
  if (tests.every((c) => !c.input.trim() && !c.output.trim())) throw fail('fpsInvalid', { reason: `${where}: no test data and the samples are empty` });

  const links = await storeImages(ctx, item, uid, where, dry);
  const spj = all(item, 'spj')[0];
  const spjCode = plain(spj);
  const templates = all(item, 'template').map((t) => ({ language: t.attrs.language ?? '', code: plain(t), status: true }));
  const body = parseImported(
    {
      problem: {
        problemId: `tmp-${crypto.randomUUID()}`,
        title: first(item, 'title').trim(),
        description: rewrite(firstHtml(item, 'description'), links),
        input: rewrite(firstHtml(item, 'input'), links),
        output: rewrite(firstHtml(item, 'output'), links),
        hint: rewrite(firstHtml(item, 'hint'), links),
        source: first(item, 'source').trim().slice(0, 255),
        timeLimit: timeLimitMs(all(item, 'time_limit')[0], where),
        memoryLimit: memoryLimitMb(all(item, 'memory_limit')[0], where),
        type: 0,
        auth: 1,
        examples: examples.slice(0, 20),
        isRemoveEndBlank: true,
        // FPS files come from HUSTOJ: its special judges take `input answer user_output` and answer 0 (AC) or
        // anything else (WA); a testlib checker (HUSTOJ runs those too) answers as testlib does.
        ...(spjCode.trim()
          ? {
              judgeMode: 'spj',
              spjCode,
              spjLanguage: spj?.attrs.language || 'C',
              checkerConvention: conventionOfCheckerCode(spjCode) === 'testlib' ? 'testlib' : 'hustoj',
            }
          : {}),
      },
      codeTemplates: templates.filter((t) => t.language && t.code),
    },
    where,
    'fpsInvalid',
  );
  return { problem: { body, cases: tests, source: where, codeWrappers: wrappersOf(item) }, warnings };
}

/**
 * Reads `<item>`s off the stream: depth 1 is `<fps>`, 2 an item, 3 its fields, 4 inside `<img>`
 * (src, base64). Markup nested in a field that is not CDATA is kept as text, as the statement's HTML.
 */
class ItemReader {
  /** finished items with the parser's position (characters read) at their end */
  readonly done: { item: RawItem; at: number }[] = [];
  sawRoot = false;
  private parser = new SaxesParser();
  private depth = 0;
  private item: RawItem | null = null;
  private field: { name: string; f: Field } | null = null;
  private img: { src: string; base64: string } | null = null;
  private imgPart: 'src' | 'base64' | null = null;
  private fatal: Error | null = null;

  constructor() {
    const p = this.parser;
    // HTML's named references (&nbsp;, &eacute;), which XML does not define, are decoded like XML's own.
    p.ENTITIES = htmlEntities;
    p.on('error', (e) => {
      if (!/undefined entity/.test(e.message)) this.fatal ??= e;
    });
    p.on('opentag', (tag) => this.open(tag));
    p.on('closetag', (tag) => this.close(tag));
    p.on('text', (t) => this.text(t));
    p.on('cdata', (t) => this.cdata(t));
  }

  private open(tag: SaxesTagPlain) {
    this.depth++;
    if (this.depth === 1) this.sawRoot = tag.name === 'fps';
    else if (this.depth === 2 && tag.name === 'item') this.item = { fields: new Map(), images: [] };
    else if (this.depth === 3 && this.item) {
      if (tag.name === 'img') this.img = { src: '', base64: '' };
      else this.field = { name: tag.name, f: { attrs: { ...tag.attributes }, text: '', escaped: '', nested: false } };
    } else if (this.depth === 4 && this.img) this.imgPart = tag.name === 'src' || tag.name === 'base64' ? tag.name : null;
    else if (this.depth >= 4 && this.field) {
      const attrs = Object.entries(tag.attributes).map(([k, v]) => ` ${k}="${String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`);
      this.markup(`<${tag.name}${attrs.join('')}${tag.isSelfClosing ? ' /' : ''}>`);
      this.field.f.nested = true;
    }
  }

  private close(tag: SaxesTagPlain) {
    if (this.depth === 2 && this.item) {
      this.done.push({ item: this.item, at: this.parser.position });
      this.item = null;
    } else if (this.depth === 3 && this.item) {
      if (this.img) this.item.images.push(this.img);
      else if (this.field) {
        const list = this.item.fields.get(this.field.name) ?? [];
        list.push(this.field.f);
        this.item.fields.set(this.field.name, list);
      }
      this.img = null;
      this.field = null;
    } else if (this.depth === 4 && this.img) this.imgPart = null;
    else if (this.depth >= 4 && this.field && !tag.isSelfClosing) this.markup(`</${tag.name}>`);
    this.depth--;
  }

  private markup(m: string) {
    this.field!.f.text += m;
    this.field!.f.escaped += m;
  }

  /** Text the parser decoded (outside CDATA). */
  private text(t: string) {
    if (this.img && this.imgPart) this.img[this.imgPart] += t;
    else if (this.field) {
      this.field.f.text += t;
      this.field.f.escaped += escapeHtmlText(t);
    }
  }

  /** CDATA: as written, in either form. */
  private cdata(t: string) {
    if (this.img && this.imgPart) this.img[this.imgPart] += t;
    else if (this.field) {
      this.field.f.text += t;
      this.field.f.escaped += t;
    }
  }

  private check() {
    if (this.fatal) throw fail('fpsInvalid', { reason: this.fatal.message.split('\n')[0]!.slice(0, 200) });
  }

  write(chunk: string) {
    this.parser.write(chunk);
    this.check();
  }

  close_() {
    this.parser.close();
    this.check();
  }
}

async function* parseFps(ctx: AppContext, user: AuthUser, file: string): AsyncGenerator<ImportItem> {
  const total = (await fs.promises.stat(file)).size || 1;
  const reader = new ItemReader();
  const utf8 = new StringDecoder('utf8');
  let read = 0;
  let index = 0;
  /** the chunk being parsed: where it starts in bytes and in characters (saxes counts characters) */
  let chunk = { bytesBefore: 0, bytes: 0, charsBefore: 0, chars: 0 };
  const drain = async function* (): AsyncGenerator<ImportItem> {
    while (reader.done.length) {
      const { item, at } = reader.done.shift()!;
      const title = first(item, 'title').trim();
      const where = `item ${++index}${title ? ` (${title.slice(0, 50)})` : ''}`;
      // Bytes up to this item's end: the chunk's share of characters before it, in the chunk's bytes.
      const progress = Math.min(1, (chunk.bytesBefore + (chunk.chars ? ((at - chunk.charsBefore) / chunk.chars) * chunk.bytes : 0)) / total);
      try {
        // A dry pass checks the item (images included) before anything of it is stored.
        await itemToProblem(ctx, item, where, user.uid, true);
        const { problem, warnings } = await itemToProblem(ctx, item, where, user.uid, false);
        yield { kind: 'problem', source: where, problem, warnings, autoIdPrefix: 'FPS-', progress };
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        yield { kind: 'refused', source: where, title, reason: e.message, progress };
      }
    }
  };
  for await (const buf of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) {
    const text = utf8.write(buf as Buffer);
    chunk = { bytesBefore: read, bytes: (buf as Buffer).length, charsBefore: chunk.charsBefore + chunk.chars, chars: text.length };
    read += (buf as Buffer).length;
    reader.write(text);
    yield* drain();
  }
  reader.write(utf8.end());
  reader.close_();
  yield* drain();
  if (!reader.sawRoot || !index) throw fail('fpsInvalid', { reason: 'no <fps> root with <item> elements' });
}

export const fpsImporter: ProblemImporter = {
  format: 'fps',
  accept: ['.xml'],
  zip: false,
  maxBytes: FPS_LIMITS.xmlMaxBytes,
  detect: ({ head }) => /<fps[\s>]/.test(head.toString('utf8')),
  parse: ({ ctx, user, file }) => parseFps(ctx, user, file),
};

/**
 * Codeforces (`CF`): problems from the problemset pages, a login by the `/enter` form, submits by the
 * problem's submit form, the run id from the account's status page and its verdict from the JSON the
 * status page itself asks for (`/data/submitSource`). Every page may first answer with the RCPC challenge
 * (an AES puzzle a browser's script solves); a Cloudflare check cannot be passed from a server and is
 * reported as the site being unreachable. The helpers are shared with Codeforces Gym (`gym.ts`).
 */
import { setTimeout as wait } from 'node:timers/promises';
import { createDecipheriv, randomBytes } from 'node:crypto';
import * as cheerio from 'cheerio';
import { JudgeStatus } from '@oj/shared';
import type { RemoteHttp, RemoteResponse, RequestOptions } from './http.js';
import {
  type RecentContest,
  type RemoteAccount,
  RemoteError,
  type RemoteJudgeAdapter,
  type RemoteLanguage,
  type RemoteProblem,
  type RemoteRunState,
  type Sleep,
  type SubmitInput,
} from './types.js';
import { VerdictTable } from './verdicts.js';

/** What the adapters wait between looks for a new run id; tests pass a sleep that does not sleep. */
export interface CodeforcesTiming {
  sleep: Sleep;
  /** between the submit and each look at the status page for the new run (the note's ~2 s) */
  runIdWaitMs: number;
}

export const realTiming: CodeforcesTiming = {
  sleep: wait,
  runIdWaitMs: 2000,
};

/** Looks at the status page after a submit before the run counts as never created. */
const RUN_ID_TRIES = 3;
/** RCPC challenges answered in a row before the page counts as one we cannot pass. */
const RCPC_TRIES = 3;
/** When a 429 names no wait: the site allows 20 submits in 5 minutes. */
const DEFAULT_RETRY_MS = 60_000;

// ---------------------------------------------------------------- ids

export interface CfProblemRef {
  contest: string;
  index: string;
}

/** `1A`, `1234B1`, or all digits (contest = all but the last two, index = the last two). */
export function splitCfId(id: string): CfProblemRef | null {
  const text = id.trim().toUpperCase();
  const lettered = /^(\d+)([A-Z]\d?)$/.exec(text);
  if (lettered) return { contest: String(Number(lettered[1])), index: lettered[2]! };
  if (/^\d{3,}$/.test(text)) return { contest: String(Number(text.slice(0, -2))), index: text.slice(-2) };
  return null;
}

export const joinCfId = (ref: CfProblemRef) => `${ref.contest}${ref.index}`;

function refOrThrow(id: string, split: (id: string) => CfProblemRef | null): CfProblemRef {
  const ref = split(id);
  if (!ref) throw new RemoteError('badId', `"${id}" is not a Codeforces problem id (like 1A or 1234B1)`);
  return ref;
}

// ---------------------------------------------------------------- RCPC, Cloudflare, tokens

export interface RcpcChallenge {
  a: string;
  b: string;
  c: string;
}

/** The three `toNumbers("<32 hex>")` of the "Redirecting... Please, wait." page, or null for any other page. */
export function parseRcpcChallenge(html: string): RcpcChallenge | null {
  if (html.length > 4096 || !html.includes('toNumbers')) return null;
  const grab = (name: string) => new RegExp(`\\b${name}\\s*=\\s*toNumbers\\(\\s*["']([0-9a-f]{32})["']\\s*\\)`, 'i').exec(html)?.[1]?.toLowerCase();
  const a = grab('a');
  const b = grab('b');
  const c = grab('c');
  return a && b && c ? { a, b, c } : null;
}

/** The `RCPC` cookie: AES-128-CBC decryption of c (key a, IV b), no padding removed, as hex. */
export function solveRcpc({ a, b, c }: RcpcChallenge): string {
  const decipher = createDecipheriv('aes-128-cbc', Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(Buffer.from(c, 'hex')), decipher.final()]).toString('hex');
}

/** A Cloudflare check page: its own header, or the interstitial's title and script. */
export function isCloudflareCheck(res: Pick<RemoteResponse, 'status' | 'headers' | 'text'>): boolean {
  if (res.headers.get('cf-mitigated') === 'challenge') return true;
  if (res.status !== 403 && res.status !== 503) return false;
  return /<title>\s*(Just a moment\.\.\.|Attention Required! \| Cloudflare)|challenge-platform|cf-chl-/i.test(res.text);
}

/** `_tta` of the submit form, from the `39ce7` cookie, as the site's script computes it. */
export function computeTta(s: string): number {
  let t = 0;
  for (let i = 0; i < s.length; i++) {
    t = (t + (i + 1) * (i + 2) * s.charCodeAt(i)) % 1009;
    if (i % 3 === 0) t += 1;
    if (i % 2 === 0) t *= 2;
    if (i > 0) t -= Math.floor(s.charCodeAt(Math.floor(i / 2)) / 2) * (t % 5);
    t = ((t % 1009) + 1009) % 1009;
  }
  return t;
}

/** The page's CSRF token (meta, span or hidden input), or null. */
export function parseCsrf(html: string): string | null {
  const $ = cheerio.load(html);
  const candidates = [
    $('meta[name="X-Csrf-Token"]').attr('content'),
    $('span.csrf-token').attr('data-csrf'),
    $('input[name="csrf_token"]').first().attr('value'),
  ];
  return candidates.find((v) => v && /^[0-9a-f]{32}$/i.test(v)) ?? null;
}

/** `bfaa`: the page's `_bfaa`, else the cookies the site's script leaves, else what the script sends without one. */
export function bfaaOf(html: string, http: RemoteHttp): string {
  return /_bfaa\s*=\s*"([0-9a-f]{32})"/i.exec(html)?.[1] ?? http.cookie('raa') ?? http.cookie('bfaa') ?? 'n/a';
}

/** `ftaa`: the cookie the site's script sets; a browser without it makes one up and keeps it, so do we. */
export function ftaaOf(http: RemoteHttp): string {
  const known = http.cookie('70a7c28f3de');
  if (known) return known;
  const made = randomBytes(9).toString('hex');
  http.setCookie('70a7c28f3de', made);
  return made;
}

/**
 * One request to the site: answers the RCPC challenge (the cookie stays in the jar and goes with every
 * later request), stops at a Cloudflare check, a 5xx or a 429.
 */
export async function cfRequest(http: RemoteHttp, path: string, o: RequestOptions = {}): Promise<RemoteResponse> {
  for (let attempt = 0; attempt <= RCPC_TRIES; attempt++) {
    const res = await http.request(path, { ...o, allowServerError: true });
    if (isCloudflareCheck(res)) {
      throw new RemoteError('unreachable', `${hostOf(http)} answered with a Cloudflare check a server cannot pass; use the user's own session or link a run`);
    }
    if (res.status === 429) {
      const seconds = Number(res.headers.get('retry-after'));
      throw new RemoteError('rateLimited', `${hostOf(http)} asks to slow down`, seconds > 0 ? seconds * 1000 : DEFAULT_RETRY_MS);
    }
    if (res.status >= 500) throw new RemoteError('unreachable', `${hostOf(http)} answered ${res.status}`);
    const challenge = parseRcpcChallenge(res.text);
    if (!challenge) return res;
    http.setCookie('RCPC', solveRcpc(challenge));
  }
  throw new RemoteError('unreachable', `${hostOf(http)} kept answering its RCPC challenge`);
}

const hostOf = (http: RemoteHttp) => new URL(http.baseUrl).host;

// ---------------------------------------------------------------- login

const isLoggedInPage = (html: string) => html.includes('header-bell__img');

export async function cfEnsureLogin(http: RemoteHttp, account: RemoteAccount, force = false): Promise<void> {
  if (!force && isLoggedInPage((await cfRequest(http, '/')).text)) return;
  const enter = await cfRequest(http, '/enter');
  const csrf = parseCsrf(enter.text);
  if (!csrf) throw new RemoteError('unexpected', 'the login page of Codeforces has no CSRF token');
  const res = await cfRequest(http, '/enter', {
    method: 'POST',
    follow: false,
    form: {
      csrf_token: csrf,
      action: 'enter',
      ftaa: ftaaOf(http),
      bfaa: bfaaOf(enter.text, http),
      handleOrEmail: account.username,
      password: account.password,
      remember: 'on',
    },
  });
  if (res.status !== 302) throw new RemoteError('loginFailed', `Codeforces refused the login of ${account.username}`);
  if (!isLoggedInPage((await cfRequest(http, '/')).text)) {
    throw new RemoteError('loginFailed', `Codeforces did not keep the login of ${account.username}`);
  }
}

// ---------------------------------------------------------------- problem pages

/** cheerio's node type, which its entry point does not name */
type Node = Exclude<Parameters<typeof cheerio.load>[0], string | Buffer | readonly unknown[]>;

const sectionNames = ['legend', 'input', 'output', 'note'] as const;

/** `2 seconds`, `0.5 second` → ms; `256 megabytes` → MB. */
export function parseCfLimit(text: string, unit: 'second' | 'megabyte'): number | null {
  const m = new RegExp(`([\\d.]+)\\s*${unit}`, 'i').exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  return unit === 'second' ? Math.round(n * 1000) : n;
}

/** Sample text: one `div.test-example-line` per line, or lines split by `<br>`. */
function sampleText<T extends Node>($: cheerio.CheerioAPI, pre: cheerio.Cheerio<T>): string {
  const lines = pre.find('div.test-example-line');
  const text = lines.length
    ? lines
        .toArray()
        .map((l) => $(l).text())
        .join('\n')
    : cheerio
        .load((pre.html() ?? '').replace(/<br\s*\/?>/gi, '\n'))
        .root()
        .text();
  return `${text.replace(/\s+$/, '')}\n`;
}

/** Relative `src`/`href` made absolute against the site; `$$$` (the site's TeX delimiter) back to `$`. */
function sectionHtml<T extends Node>($: cheerio.CheerioAPI, el: cheerio.Cheerio<T>, base: string): string {
  if (!el.length) return '';
  const copy = el.clone();
  copy.find('.section-title').remove();
  copy.find('[src]').each((_, e) => {
    $(e).attr('src', new URL($(e).attr('src')!, `${base}/`).toString());
  });
  copy.find('a[href]').each((_, e) => {
    $(e).attr('href', new URL($(e).attr('href')!, `${base}/`).toString());
  });
  return (copy.html() ?? '').replace(/\${3}/g, '$').trim();
}

function propertyValue<T extends Node>(el: cheerio.Cheerio<T>): string {
  const copy = el.clone();
  copy.find('.property-title').remove();
  return copy.text().trim();
}

/** What a statement page says of a problem; the caller adds its id, URL, source and tags. */
export type ParsedStatement = Pick<RemoteProblem, 'title' | 'timeLimitMs' | 'memoryLimitMb' | 'description' | 'input' | 'output' | 'hint' | 'samples' | 'io'>;

/**
 * The `.problem-statement` of a problem page, or null when the page has none. A page the site shows in
 * place of a statement it cannot give (a contest's problem list, a statement only in Russian) is null too.
 */
export function parseCfStatement(html: string, base: string): ParsedStatement | null {
  const $ = cheerio.load(html);
  const st = $('.problem-statement').first();
  if (!st.length || html.includes('<th>Actions</th>') || html.includes('Statement is not available on English language')) return null;
  const timeLimitMs = parseCfLimit(propertyValue(st.find('.header .time-limit')), 'second');
  const memoryLimitMb = parseCfLimit(propertyValue(st.find('.header .memory-limit')), 'megabyte');
  if (timeLimitMs === null || memoryLimitMb === null) return null;
  const legend = st.children('div').not('[class]').first();
  const parts: Record<(typeof sectionNames)[number], string> = {
    legend: sectionHtml($, legend, base),
    input: sectionHtml($, st.find('.input-specification'), base),
    output: sectionHtml($, st.find('.output-specification'), base),
    note: sectionHtml($, st.find('.note'), base),
  };
  const samples = st
    .find('.sample-test')
    .toArray()
    .flatMap((box) => {
      const ins = $(box).find('.input pre').toArray();
      const outs = $(box).find('.output pre').toArray();
      return ins.map((pin, k) => ({
        input: sampleText($, $(pin)),
        output: outs[k] ? sampleText($, $(outs[k])) : '',
      }));
    });
  const inputFile = propertyValue(st.find('.header .input-file'));
  const outputFile = propertyValue(st.find('.header .output-file'));
  const fileIo = inputFile && outputFile && !/^standard /i.test(inputFile) ? { input: inputFile, output: outputFile } : undefined;
  return {
    title: st
      .find('.header .title')
      .first()
      .text()
      .trim()
      .replace(/^[A-Z]\d?\.\s*/, ''),
    timeLimitMs,
    memoryLimitMb,
    description: parts.legend,
    input: parts.input,
    output: parts.output,
    hint: parts.note,
    samples,
    ...(fileIo ? { io: fileIo } : {}),
  };
}

/** Tags without the rating box (`*1600`), which is a difficulty, not a topic. */
export function parseCfTags(html: string): string[] {
  const $ = cheerio.load(html);
  return $('.tag-box')
    .toArray()
    .map((t) => $(t).text().trim())
    .filter((t) => t && !/^\*\d+$/.test(t));
}

/** The contest's name from the sidebar, for the problem's source. */
function contestName(html: string, path: string): string | null {
  const $ = cheerio.load(html);
  const link = $(`a[href$="${path}"]`)
    .toArray()
    .map((a) => $(a).text().trim())
    .find((t) => t.length > 0);
  return link ?? null;
}

const isPdf = (res: RemoteResponse) => /application\/pdf/i.test(res.headers.get('content-type') ?? '') || res.bytes.subarray(0, 5).toString() === '%PDF-';

async function fetchCfProblem(http: RemoteHttp, id: string): Promise<RemoteProblem> {
  const ref = refOrThrow(id, splitCfId);
  const remoteId = joinCfId(ref);
  const path = `/problemset/problem/${ref.contest}/${ref.index}`;
  const res = await cfRequest(http, path, { follow: false });
  const url = http.url(path);
  if (res.status === 302 || res.status === 404) throw new RemoteError('notFound', `Codeforces has no problem ${remoteId}`);
  if (isPdf(res)) {
    return { ...emptyProblem(remoteId, url, `Codeforces ${ref.contest}`), title: `Problem ${remoteId}`, pdfUrl: url };
  }
  const st = parseCfStatement(res.text, http.baseUrl);
  if (!st) throw new RemoteError('notFound', `Codeforces shows no English statement for ${remoteId}`);
  return {
    ...emptyProblem(remoteId, url, contestName(res.text, `/contest/${ref.contest}`) ?? `Codeforces ${ref.contest}`),
    ...st,
    tags: parseCfTags(res.text),
  };
}

export function emptyProblem(remoteId: string, url: string, source: string): RemoteProblem {
  return {
    remoteId,
    title: '',
    timeLimitMs: 0,
    memoryLimitMb: 0,
    description: '',
    input: '',
    output: '',
    hint: '',
    format: 'html',
    samples: [],
    source,
    url,
    tags: [],
  };
}

// ---------------------------------------------------------------- submit

/** The first `span.error` of a submit form answered with 200: the site's reason in its words. */
export function parseSubmitError(html: string): string | null {
  const $ = cheerio.load(html);
  const text = $('span.error')
    .toArray()
    .map((e) => $(e).text().trim())
    .find((t) => t.length > 0);
  return text ?? null;
}

/** The newest run of a status page (`data-submission-id` of its first row), or null when it lists none. */
export function topSubmissionId(html: string): string | null {
  const $ = cheerio.load(html);
  return $('[data-submission-id]').first().attr('data-submission-id') ?? null;
}

export interface SubmitPlan {
  /** the page holding the form (fresh tokens, the language menu) */
  formPath: string;
  /** where the form is posted (without the csrf query) */
  postPath: string;
  /** the fields naming the problem */
  problemFields: Record<string, string>;
  /** the account's status page, newest run first */
  statusPath: string;
}

/** The submit shared by Codeforces and Gym: the form as the site's page posts it, then the new run's id. */
export async function cfSubmit(
  http: RemoteHttp,
  account: RemoteAccount,
  input: SubmitInput,
  plan: SubmitPlan,
  timing: CodeforcesTiming,
): Promise<{ runId: string }> {
  await cfEnsureLogin(http, account);
  const before = topSubmissionId((await cfRequest(http, plan.statusPath)).text);
  const page = await cfRequest(http, plan.formPath);
  const csrf = parseCsrf(page.text);
  if (!csrf) throw new RemoteError('unexpected', 'the submit page of Codeforces has no CSRF token');
  const offered = cheerio
    .load(page.text)('select[name="programTypeId"] option')
    .toArray()
    .map((o) => o.attribs.value);
  if (offered.length && !offered.includes(input.language.remoteId)) {
    throw new RemoteError('refused', `Codeforces does not offer ${input.language.name} (${input.language.remoteId}) for this problem`);
  }
  const res = await cfRequest(http, `${plan.postPath}?csrf_token=${csrf}`, {
    method: 'POST',
    follow: false,
    form: {
      csrf_token: csrf,
      action: 'submitSolutionFormSubmitted',
      ...plan.problemFields,
      programTypeId: input.language.remoteId,
      source: input.source,
      tabSize: '4',
      sourceFile: '',
      ftaa: ftaaOf(http),
      bfaa: bfaaOf(page.text, http),
      _tta: String(computeTta(http.cookie('39ce7') ?? '')),
    },
  });
  if (res.status !== 302) {
    throw new RemoteError(res.status === 200 ? 'refused' : 'unexpected', parseSubmitError(res.text) ?? `Codeforces answered the submit with ${res.status}`);
  }
  // A taken submission lands on the account's runs; any other redirect (the login) is not a submission.
  if (!/\/my\b|[?&]my=on/.test(res.location ?? '')) throw new RemoteError('unexpected', `Codeforces sent the submit to ${res.location}`);
  for (let look = 0; look < RUN_ID_TRIES; look++) {
    await timing.sleep(timing.runIdWaitMs);
    const top = topSubmissionId((await cfRequest(http, plan.statusPath)).text);
    if (top && top !== before) return { runId: top };
  }
  throw new RemoteError('unexpected', 'Codeforces took the submission but its run does not show on the status page');
}

// ---------------------------------------------------------------- verdicts and polling

export const CF_VERDICTS = new VerdictTable({
  OK: JudgeStatus.ACCEPTED,
  'Happy New Year!': JudgeStatus.ACCEPTED,
  WRONG_ANSWER: JudgeStatus.WRONG_ANSWER,
  PRESENTATION_ERROR: JudgeStatus.PRESENTATION_ERROR,
  TIME_LIMIT_EXCEEDED: JudgeStatus.TIME_LIMIT_EXCEEDED,
  IDLENESS_LIMIT_EXCEEDED: JudgeStatus.TIME_LIMIT_EXCEEDED,
  MEMORY_LIMIT_EXCEEDED: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  OUTPUT_LIMIT_EXCEEDED: JudgeStatus.OUTPUT_LIMIT_EXCEEDED,
  RUNTIME_ERROR: JudgeStatus.RUNTIME_ERROR,
  SECURITY_VIOLATED: JudgeStatus.RUNTIME_ERROR,
  COMPILATION_ERROR: JudgeStatus.COMPILE_ERROR,
  PARTIAL: JudgeStatus.PARTIAL_ACCEPTED,
  FAILED: JudgeStatus.SUBMITTED_FAILED,
  CRASHED: JudgeStatus.SYSTEM_ERROR,
  INPUT_PREPARATION_CRASHED: JudgeStatus.SYSTEM_ERROR,
  CHALLENGED: JudgeStatus.SYSTEM_ERROR,
  SKIPPED: JudgeStatus.SYSTEM_ERROR,
  REJECTED: JudgeStatus.SYSTEM_ERROR,
  TESTING: 'judging',
});

/** A final verdict text as a run state; unknown text is a System Error that keeps the text. */
export function finalState(raw: string, time: number | null, memory: number | null, compileMessage: string | null): RemoteRunState {
  const entry = CF_VERDICTS.lookup(raw);
  if (typeof entry === 'string') return { phase: entry, raw };
  const status = entry ?? JudgeStatus.SYSTEM_ERROR;
  return { phase: 'final', status, time, memory, compileMessage: status === JudgeStatus.COMPILE_ERROR ? (compileMessage ?? '') : null, raw };
}

/** `/data/submitSource`'s answer: every value a string, per-test keys `verdict#1`, `timeConsumed#1`… */
export function parseSubmitSource(data: Record<string, string | undefined>): RemoteRunState {
  const testCount = Number(data.testCount ?? '0') || 0;
  const overall = data.verdict ? cheerio.load(data.verdict).root().text().trim() : '';
  const last = testCount > 0 ? data[`verdict#${testCount}`] : undefined;
  if (data.waiting !== 'false') {
    if (last) return { phase: 'judging', raw: overall || last };
    return { phase: 'pending', raw: overall || 'In queue' };
  }
  if (data.compilationError === 'true') {
    return finalState('COMPILATION_ERROR', null, null, data['checkerStdoutAndStderr#1'] ?? '');
  }
  let time: number | null = null;
  let memory: number | null = null;
  for (let i = 1; i <= testCount; i++) {
    const t = Number(data[`timeConsumed#${i}`]);
    const m = Number(data[`memoryConsumed#${i}`]);
    if (Number.isFinite(t)) time = Math.max(time ?? 0, t);
    if (Number.isFinite(m)) memory = Math.max(memory ?? 0, Math.round(m / 1024));
  }
  return finalState(last ?? overall, time, memory, null);
}

/** Asks the JSON the status page asks for; a page instead of JSON means the session is gone. */
export async function cfSubmitSource(http: RemoteHttp, statusPath: string, runId: string): Promise<Record<string, string> | null> {
  const page = await cfRequest(http, statusPath);
  const csrf = parseCsrf(page.text);
  if (!csrf) return null;
  const res = await cfRequest(http, '/data/submitSource', {
    method: 'POST',
    follow: false,
    form: { csrf_token: csrf, submissionId: runId },
    headers: { referer: http.url(statusPath) },
  });
  if (res.status !== 200) return null;
  try {
    const data = JSON.parse(res.text) as unknown;
    return data && typeof data === 'object' ? (data as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** Runs `look`; when it says the session is gone (403, a redirect to the login), logs in again and looks once more. */
export async function withRelogin<T>(http: RemoteHttp, account: RemoteAccount, look: () => Promise<T | null>): Promise<T> {
  const first = await look();
  if (first !== null) return first;
  await cfEnsureLogin(http, account, true);
  const second = await look();
  if (second === null) throw new RemoteError('unexpected', 'Codeforces did not answer the run look-up with its data');
  return second;
}

// ---------------------------------------------------------------- linked runs

interface CfApiSubmission {
  id: number;
  contestId?: number;
  problem?: { contestId?: number; index?: string };
  author?: { members?: { handle?: string }[] };
  verdict?: string;
  timeConsumedMillis?: number;
  memoryConsumedBytes?: number;
}

/**
 * A run of `handle` in the contest of `ref`, from the public API (`contest.status`, which works for gyms
 * too): where it stands, or `notFound` when the handle has no such run of that problem.
 */
export async function cfLinkedRun(http: RemoteHttp, ref: CfProblemRef, run: { runId: string; handle: string }): Promise<RemoteRunState> {
  const path = `/api/contest.status?contestId=${encodeURIComponent(ref.contest)}&handle=${encodeURIComponent(run.handle)}&from=1&count=1000`;
  const res = await cfRequest(http, path);
  let data: { status?: string; comment?: string; result?: CfApiSubmission[] };
  try {
    data = JSON.parse(res.text) as typeof data;
  } catch {
    throw new RemoteError('unexpected', 'Codeforces answered its contest.status API with no JSON');
  }
  if (data.status !== 'OK' || !Array.isArray(data.result)) {
    throw new RemoteError('notFound', `Codeforces: ${data.comment ?? 'no such contest or handle'}`);
  }
  const found = data.result.find((s) => String(s.id) === run.runId);
  const authors = found?.author?.members?.map((m) => (m.handle ?? '').toLowerCase()) ?? [];
  if (!found || !authors.includes(run.handle.toLowerCase())) {
    throw new RemoteError('notFound', `run ${run.runId} is not among the runs of ${run.handle} in contest ${ref.contest}`);
  }
  if ((found.problem?.index ?? '').toUpperCase() !== ref.index) {
    throw new RemoteError('notFound', `run ${run.runId} is a run of problem ${ref.contest}${found.problem?.index ?? '?'}, not ${ref.contest}${ref.index}`);
  }
  if (!found.verdict || found.verdict === 'TESTING') return { phase: found.verdict ? 'judging' : 'pending', raw: found.verdict ?? 'In queue' };
  const memory = typeof found.memoryConsumedBytes === 'number' ? Math.round(found.memoryConsumedBytes / 1024) : null;
  // The API gives no compiler message: a linked CE says so on the site only.
  return finalState(found.verdict, found.timeConsumedMillis ?? null, memory, '');
}

// ---------------------------------------------------------------- contests

interface CfApiContest {
  id: number;
  name: string;
  phase: string;
  durationSeconds: number;
  startTimeSeconds?: number;
}

/** Coming and running contests from the public API (`contest.list`). */
export function parseContestList(json: string, base: string): RecentContest[] {
  let data: { status?: string; comment?: string; result?: CfApiContest[] };
  try {
    data = JSON.parse(json) as typeof data;
  } catch {
    throw new RemoteError('unexpected', 'the Codeforces API answered something that is not JSON');
  }
  if (data.status !== 'OK' || !Array.isArray(data.result))
    throw new RemoteError('unreachable', `the Codeforces API failed: ${data.comment ?? 'no reason given'}`);
  return data.result
    .filter((c) => (c.phase === 'BEFORE' || c.phase === 'CODING') && typeof c.startTimeSeconds === 'number')
    .map((c) => ({
      oj: 'CF' as const,
      title: c.name,
      url: `${base}/contest/${c.id}`,
      beginTime: new Date(c.startTimeSeconds! * 1000).toISOString(),
      endTime: new Date((c.startTimeSeconds! + c.durationSeconds) * 1000).toISOString(),
    }))
    .sort((x, y) => x.beginTime.localeCompare(y.beginTime));
}

// ---------------------------------------------------------------- the adapter

/** The languages of both Codeforces and Gym (one account, one language list). */
export const CF_LANGUAGES: RemoteLanguage[] = [
  { name: 'C', remoteId: '43', comment: 'slash', contentType: 'text/x-csrc' },
  { name: 'C++', remoteId: '50', comment: 'slash', contentType: 'text/x-c++src' },
  { name: 'C++ 17', remoteId: '54', comment: 'slash', contentType: 'text/x-c++src' },
  { name: 'C++ 20', remoteId: '73', comment: 'slash', contentType: 'text/x-c++src' },
  { name: 'Java', remoteId: '60', comment: 'slash', contentType: 'text/x-java' },
  { name: 'Java 8', remoteId: '36', comment: 'slash', contentType: 'text/x-java' },
  { name: 'Python2', remoteId: '7', comment: 'hash', contentType: 'text/x-python' },
  { name: 'Python3', remoteId: '31', comment: 'hash', contentType: 'text/x-python' },
  { name: 'PyPy2', remoteId: '40', comment: 'hash', contentType: 'text/x-python' },
  { name: 'PyPy3', remoteId: '41', comment: 'hash', contentType: 'text/x-python' },
  { name: 'Go', remoteId: '32', comment: 'slash', contentType: 'text/x-go' },
  { name: 'Rust', remoteId: '49', comment: 'slash', contentType: 'text/x-rustsrc' },
  { name: 'JavaScript Node', remoteId: '55', comment: 'slash', contentType: 'text/javascript' },
];

const STATUS_PATH = '/problemset/status?my=on';

export function createCodeforcesAdapter(timing: CodeforcesTiming = realTiming): RemoteJudgeAdapter {
  return {
    oj: 'CF',
    defaultBaseUrl: 'https://codeforces.com',
    languages: CF_LANGUAGES,
    normaliseId: (id) => {
      const ref = splitCfId(id);
      return ref ? joinCfId(ref) : null;
    },
    fetchProblem: fetchCfProblem,
    ensureLogin: (http, account) => cfEnsureLogin(http, account),
    submit: (http, account, input) => {
      const ref = refOrThrow(input.problemId, splitCfId);
      const path = `/problemset/submit/${ref.contest}/${ref.index}`;
      return cfSubmit(http, account, input, { formPath: path, postPath: path, problemFields: {}, statusPath: STATUS_PATH }, timing);
    },
    poll: async (http, account, run) => parseSubmitSource(await withRelogin(http, account, () => cfSubmitSource(http, STATUS_PATH, run.runId))),
    recentContests: async (http) => parseContestList((await cfRequest(http, '/api/contest.list?gym=false')).text, http.baseUrl),
    linkedRun: (http, run) => cfLinkedRun(http, refOrThrow(run.problemId, splitCfId), run),
  };
}

export const codeforcesAdapter: RemoteJudgeAdapter = createCodeforcesAdapter();

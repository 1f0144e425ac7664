/**
 * AtCoder (`AC`, https://atcoder.jp). Its terms forbid shared accounts and its login sits behind a
 * Turnstile challenge since 2025, so in practice the account is a user's own session (a pasted
 * `REVEL_SESSION` cookie in the jar); the password login is still tried when no challenge is shown.
 * Pages are read in English (cookie `language=en`); statements fall back to Japanese.
 */
import { setTimeout as wait } from 'node:timers/promises';
import * as cheerio from 'cheerio';
import { JudgeStatus } from '@oj/shared';
import type { RemoteHttp, RemoteResponse } from './http.js';
import {
  RemoteError,
  type RecentContest,
  type AdapterOptions,
  type RemoteJudgeAdapter,
  type RemoteLanguage,
  type RemoteProblem,
  type RemoteRunState,
} from './types.js';
import { VerdictTable } from './verdicts.js';

type Cheerio = ReturnType<cheerio.CheerioAPI>;

export const ATCODER_LANGUAGES: RemoteLanguage[] = [
  { name: 'C', remoteId: '5017', comment: 'slash', contentType: 'text/x-csrc' },
  { name: 'C++ 17', remoteId: '5053', comment: 'slash', contentType: 'text/x-c++src' },
  { name: 'C++ 20', remoteId: '5001', comment: 'slash', contentType: 'text/x-c++src' },
  { name: 'C++ 23', remoteId: '5028', comment: 'slash', contentType: 'text/x-c++src' },
  { name: 'Java', remoteId: '5005', comment: 'slash', contentType: 'text/x-java' },
  { name: 'Python3', remoteId: '5055', comment: 'hash', contentType: 'text/x-python' },
  { name: 'PyPy3', remoteId: '5078', comment: 'hash', contentType: 'text/x-python' },
  { name: 'Go', remoteId: '5002', comment: 'slash', contentType: 'text/x-go' },
  { name: 'Rust', remoteId: '5054', comment: 'slash', contentType: 'text/x-rustsrc' },
];

/** The status codes AtCoder shows in its label (the tooltip has the long name). */
export const ATCODER_VERDICTS = new VerdictTable({
  WJ: 'pending',
  WR: 'pending',
  Judging: 'judging',
  AC: JudgeStatus.ACCEPTED,
  WA: JudgeStatus.WRONG_ANSWER,
  TLE: JudgeStatus.TIME_LIMIT_EXCEEDED,
  MLE: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  RE: JudgeStatus.RUNTIME_ERROR,
  CE: JudgeStatus.COMPILE_ERROR,
  OLE: JudgeStatus.OUTPUT_LIMIT_EXCEEDED,
  // Query Limit Exceeded: an interactive program asked too much, a fault of the program like RE.
  QLE: JudgeStatus.RUNTIME_ERROR,
  IE: JudgeStatus.SYSTEM_ERROR,
});

/**
 * `abc300_a`, `typical90_bl`, `tessoku_book_a` (lower case). The contest is the id without its last
 * `_part`, with the other `_` as `-`: contest ids have hyphens where task ids have underscores
 * (`tessoku-book`, `m-solutions2019`), and never underscores.
 */
export function normaliseAtcoderId(id: string): string | null {
  const t = id.trim().toLowerCase();
  return /^[a-z0-9]+(?:_[a-z0-9]+)+$/.test(t) ? t : null;
}

export function atcoderContestOf(taskId: string): string {
  return taskId.slice(0, taskId.lastIndexOf('_')).replace(/_/g, '-');
}

const taskPath = (taskId: string) => `/contests/${atcoderContestOf(taskId)}/tasks/${taskId}`;

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Image and link addresses resolved against the page, so the statement shows the same off the site. */
function absolutise($: cheerio.CheerioAPI, root: Cheerio, pageUrl: string) {
  root.find('img[src]').each((_, el) => {
    $(el).attr('src', new URL($(el).attr('src') ?? '', pageUrl).toString());
  });
  root.find('a[href]').each((_, el) => {
    const href = $(el).attr('href') ?? '';
    if (!href.startsWith('#') && !href.startsWith('javascript:')) $(el).attr('href', new URL(href, pageUrl).toString());
  });
}

/** Limits as the page writes them: "Time Limit: 2 sec / Memory Limit: 1024 MB" (decimals allowed). */
export function parseAtcoderLimits(text: string): { timeLimitMs: number; memoryLimitMb: number } | null {
  const time = /Time Limit:\s*([\d.]+)\s*sec/i.exec(text);
  const memory = /Memory Limit:\s*([\d.]+)\s*(KB|KiB|MB|MiB|GB|GiB)/i.exec(text);
  if (!time || !memory) return null;
  const unit = memory[2]!.toUpperCase()[0];
  const mb = Number(memory[1]) * (unit === 'K' ? 1 / 1024 : unit === 'G' ? 1024 : 1);
  return { timeLimitMs: Math.round(Number(time[1]) * 1000), memoryLimitMb: Math.round(mb) };
}

type SectionKind = 'statement' | 'constraints' | 'input' | 'output' | 'sampleIn' | 'sampleOut' | 'note' | 'other';

function sectionKind(title: string): { kind: SectionKind; n: number } {
  const n = Number(/(\d+)\s*$/.exec(title)?.[1] ?? 0);
  if (/^(Sample Input|入力例)/i.test(title)) return { kind: 'sampleIn', n };
  if (/^(Sample Output|出力例)/i.test(title)) return { kind: 'sampleOut', n };
  if (/^(Problem Statement|Problem|問題文)$/i.test(title)) return { kind: 'statement', n };
  if (/^(Constraints|制約)$/i.test(title)) return { kind: 'constraints', n };
  if (/^(Input|入力)$/i.test(title)) return { kind: 'input', n };
  if (/^(Output|出力)$/i.test(title)) return { kind: 'output', n };
  if (/^(Notes?|注意|注記)$/i.test(title)) return { kind: 'note', n };
  return { kind: 'other', n };
}

interface ParsedStatement {
  description: string;
  input: string;
  output: string;
  hint: string;
  samples: { input: string; output: string }[];
}

/** The sections of one language's statement (`span.lang-en` or `.lang-ja`). */
function readSections($: cheerio.CheerioAPI, lang: Cheerio): ParsedStatement {
  const out: ParsedStatement = { description: '', input: '', output: '', hint: '', samples: [] };
  const samples = new Map<number, { input: string; output: string }>();
  const sampleOf = (n: number) => samples.get(n) ?? samples.set(n, { input: '', output: '' }).get(n)!;
  lang.find('section').each((_, el) => {
    const section = $(el).clone();
    const h3 = section.children('h3').first();
    const title = h3.text().trim();
    h3.remove();
    const { kind, n } = sectionKind(title);
    const pre = section.children('pre').first();
    switch (kind) {
      case 'statement':
        out.description = section.html()!.trim() + out.description;
        break;
      case 'constraints':
      case 'other':
        out.description += `<h3>${escapeHtml(title)}</h3>${section.html()!.trim()}`;
        break;
      case 'input':
        out.input = section.html()!.trim();
        break;
      case 'output':
        out.output = section.html()!.trim();
        break;
      case 'sampleIn':
        sampleOf(n).input = pre.text();
        break;
      case 'sampleOut': {
        sampleOf(n).output = pre.text();
        pre.remove();
        // What follows a sample output explains it: kept as the hint, under the sample's name.
        const explanation = section.html()!.trim();
        if (explanation) out.hint += `<h3>${escapeHtml(title)}</h3>${explanation}`;
        break;
      }
      case 'note':
        out.hint = `${section.html()!.trim()}${out.hint}`;
        break;
    }
  });
  out.samples = [...samples.entries()].sort(([a], [b]) => a - b).map(([, s]) => s);
  return out;
}

/** Contests before the sectioned layout: the statement as it is, samples read from their headings. */
function readOldStatement($: cheerio.CheerioAPI, root: Cheerio): ParsedStatement {
  const samples: { input: string; output: string }[] = [];
  root.find('h3').each((_, el) => {
    const { kind, n } = sectionKind($(el).text().trim());
    if (kind !== 'sampleIn' && kind !== 'sampleOut') return;
    const pre = $(el).nextAll('pre').first().length ? $(el).nextAll('pre').first() : $(el).parent().find('pre').first();
    const i = Math.max(n, 1) - 1;
    samples[i] ??= { input: '', output: '' };
    samples[i][kind === 'sampleIn' ? 'input' : 'output'] = pre.text();
  });
  return { description: root.html()!.trim(), input: '', output: '', hint: '', samples: samples.filter(Boolean) };
}

/** A task page as a problem; null when the page is not a task (AtCoder's "Task not found"). */
export function parseAtcoderTask(html: string, taskId: string, pageUrl: string): RemoteProblem | null {
  const $ = cheerio.load(html);
  const root = $('#task-statement').first();
  if (!root.length) return null;
  const heading = $('span.h2').first().clone();
  heading.children().remove();
  const title = heading
    .text()
    .trim()
    .replace(/^\S+\s+-\s+/, '');
  const limits = parseAtcoderLimits($('#main-container, body').first().text());
  if (!limits) throw new RemoteError('unexpected', `AtCoder task ${taskId}: no time and memory limits on the page`);
  absolutise($, root, pageUrl);
  // "Score : 100 points" is the contest's scoring, not part of the problem.
  root.find('p').each((_, el) => {
    if (/^\s*(Score|配点)\s*[:：]/.test($(el).text())) $(el).remove();
  });
  const lang = [root.find('span.lang-en').first(), root.find('span.lang-ja').first()].find((l) => l.length && l.find('section').length);
  let parsed: ParsedStatement;
  if (lang) {
    lang.find('var').each((_, el) => {
      $(el).replaceWith(escapeHtml(`$${$(el).text()}$`));
    });
    parsed = readSections($, lang);
  } else {
    parsed = readOldStatement($, root);
  }
  const contest = atcoderContestOf(taskId);
  return {
    remoteId: taskId,
    title,
    ...limits,
    ...parsed,
    format: 'html',
    source: $('a.contest-title').first().text().trim() || contest,
    url: pageUrl,
    tags: [],
  };
}

/** The form's csrf token: in a script (`csrfToken = "..."`) or a hidden input. */
export function readAtcoderCsrf(html: string): string | null {
  const script = /csrfToken\s*=\s*"([^"]+)"/.exec(html)?.[1];
  if (script) return script;
  return cheerio.load(html)('input[name="csrf_token"]').first().attr('value') ?? null;
}

/** Logged-out pages link to the login page in their header; logged-in ones have a sign-out form instead. */
export function atcoderPageLoggedIn(html: string): boolean {
  const $ = cheerio.load(html);
  return $('a[href="/login"], a[href^="/login?"]').length === 0;
}

function alertText(html: string): string {
  const $ = cheerio.load(html);
  return $('.alert-danger, .alert-warning').first().text().replace(/×/g, '').replace(/\s+/g, ' ').trim();
}

/** The waiting AtCoder asks for between two submissions, in seconds ("Wait for 5 second to submit again."). */
export function readAtcoderWait(text: string): number | null {
  const m = /Wait for (\d+) seconds? to submit again/i.exec(text);
  return m ? Number(m[1]) : null;
}

/** The run id of the newest submission of `taskId` on a "My Submissions" page. */
export function readAtcoderRunId(html: string, taskId: string): string | null {
  const $ = cheerio.load(html);
  for (const row of $('tbody tr').toArray()) {
    const r = $(row);
    const id = r.find('.submission-score[data-id]').attr('data-id');
    if (id && r.find(`a[href$="/tasks/${taskId}"]`).length) return id;
  }
  return null;
}

/**
 * One cell group of status/json: WJ/WR while queued, a "3/17 WA" progress while judging, and a final
 * label with "12 ms" and "3640 KB" cells. The compile message is fetched separately.
 */
export function parseAtcoderStatusHtml(html: string): RemoteRunState {
  const $ = cheerio.load(`<table><tr>${html}</tr></table>`);
  const cells = $('td');
  const first = cells.first();
  const label = first.find('span').first();
  const code = (label.text() || first.text()).replace(/\s+/g, ' ').trim();
  const progress = first.hasClass('waiting-judge') || label.hasClass('waiting-judge') || /^\d+\s*\/\s*\d+/.test(code);
  if (progress) return { phase: 'judging', raw: code };
  const entry = ATCODER_VERDICTS.lookup(code);
  if (entry === 'pending' || entry === 'compiling' || entry === 'judging') return { phase: entry, raw: code };
  const text = cells.text();
  const time = /(\d+)\s*ms/i.exec(text);
  const memory = /(\d+)\s*KB/i.exec(text);
  return {
    phase: 'final',
    status: entry ?? JudgeStatus.SYSTEM_ERROR,
    time: time ? Number(time[1]) : null,
    memory: memory ? Number(memory[1]) : null,
    compileMessage: null,
    raw: code,
  };
}

/** The compiler's message on a submission's public page, under its "Compile Error" heading. */
export function readAtcoderCompileMessage(html: string): string | null {
  const $ = cheerio.load(html);
  const heading = $('h4, h3')
    .filter((_, el) => /Compil(e|ation) Error/i.test($(el).text()))
    .first();
  if (!heading.length) return null;
  const pre = heading.nextAll('pre').first().length ? heading.nextAll('pre').first() : heading.parent().nextAll('pre').first();
  return pre.length ? pre.text() : null;
}

/** "2024-06-01 21:00:00+0900" as an ISO time. */
function isoOf(text: string): string | null {
  const m = /(\d{4}-\d{2}-\d{2})\s+(\d{2}:\d{2}(?::\d{2})?)([+-]\d{2}):?(\d{2})/.exec(text);
  if (!m) return null;
  const t = new Date(`${m[1]}T${m[2]}${m[3]}:${m[4]}`);
  return Number.isNaN(t.getTime()) ? null : t.toISOString();
}

/** The running and upcoming tables of /contests/ (the permanent ones are not events). */
export function parseAtcoderContests(html: string, baseUrl: string): RecentContest[] {
  const $ = cheerio.load(html);
  const out: RecentContest[] = [];
  for (const table of ['#contest-table-action', '#contest-table-upcoming']) {
    $(`${table} tbody tr`).each((_, row) => {
      const cells = $(row).find('td');
      const begin = isoOf(cells.eq(0).text());
      const link = cells.eq(1).find('a[href^="/contests/"]').first();
      const duration = /^(\d+):(\d{2})$/.exec(cells.eq(2).text().trim());
      if (!begin || !link.length || !duration) return;
      const minutes = Number(duration[1]) * 60 + Number(duration[2]);
      out.push({
        oj: 'AC',
        title: link.text().trim(),
        url: new URL(link.attr('href')!, baseUrl).toString(),
        beginTime: begin,
        endTime: new Date(Date.parse(begin) + minutes * 60_000).toISOString(),
      });
    });
  }
  return out;
}

function checkId(id: string): string {
  const t = normaliseAtcoderId(id);
  if (!t) throw new RemoteError('badId', `"${id}" is not an AtCoder task id (like abc300_a)`);
  return t;
}

async function getTaskPage(http: RemoteHttp, taskId: string): Promise<RemoteResponse> {
  const page = await http.get(taskPath(taskId));
  if (page.status === 404 || /Task not found/i.test(page.text)) throw new RemoteError('notFound', `AtCoder has no task ${taskId}`);
  return page;
}

async function loginPage(http: RemoteHttp): Promise<{ loggedIn: boolean; page: RemoteResponse }> {
  if (!http.cookie('language')) http.setCookie('language', 'en');
  const page = await http.get('/login', { follow: false });
  // A logged-in session is sent on from /login to its home.
  if (page.status >= 300 && page.status < 400) return { loggedIn: !/\/login\b/.test(page.location ?? ''), page };
  return { loggedIn: atcoderPageLoggedIn(page.text), page };
}

async function ensureLogin(http: RemoteHttp, account: { username: string; password: string }) {
  const { loggedIn, page } = await loginPage(http);
  if (loggedIn) return;
  if (page.text.includes('cf-turnstile')) {
    throw new RemoteError('loginFailed', 'AtCoder asks for a Turnstile challenge at login: the account needs its REVEL_SESSION cookie pasted');
  }
  const csrf = readAtcoderCsrf(page.text);
  if (!csrf) throw new RemoteError('unexpected', 'AtCoder login page without a csrf token');
  const res = await http.post('/login', { form: { username: account.username, password: account.password, csrf_token: csrf }, follow: false });
  const after = await loginPage(http);
  if (res.status >= 300 && res.status < 400 && after.loggedIn) return;
  throw new RemoteError('loginFailed', alertText(after.page.text) || alertText(res.text) || `AtCoder refused the login of ${account.username}`);
}

type SubmitAnswer = { ok: true } | { ok: false; waitSeconds: number | null; message: string };

async function readSubmitAnswer(http: RemoteHttp, res: RemoteResponse): Promise<SubmitAnswer> {
  if (res.status >= 300 && res.status < 400 && /\/submissions\/me\b/.test(res.location ?? '')) return { ok: true };
  if (res.status >= 300 && res.status < 400 && /\/login\b/.test(res.location ?? '')) {
    throw new RemoteError('loginFailed', 'AtCoder ended the session while submitting');
  }
  // Refusals come back as the submit page (directly or by redirect) with the reason in an alert.
  const page = res.location ? (await http.get(res.location)).text : res.text;
  const message = alertText(page) || 'AtCoder did not take the submission';
  return { ok: false, waitSeconds: readAtcoderWait(message), message };
}

export function createAtcoderAdapter(options: AdapterOptions = {}): RemoteJudgeAdapter {
  const sleep = options.sleep ?? wait;
  return {
    oj: 'AC',
    defaultBaseUrl: 'https://atcoder.jp',
    languages: ATCODER_LANGUAGES,
    normaliseId: normaliseAtcoderId,

    async fetchProblem(http, id) {
      const taskId = checkId(id);
      if (!http.cookie('language')) http.setCookie('language', 'en');
      const page = await getTaskPage(http, taskId);
      const problem = parseAtcoderTask(page.text, taskId, http.url(taskPath(taskId)));
      if (!problem) throw new RemoteError('notFound', `AtCoder has no task ${taskId}`);
      return problem;
    },

    ensureLogin,

    async submit(http, account, input) {
      const taskId = checkId(input.problemId);
      await ensureLogin(http, account);
      const page = await getTaskPage(http, taskId);
      const csrf = readAtcoderCsrf(page.text);
      if (!csrf) throw new RemoteError('unexpected', 'AtCoder task page without a csrf token');
      const offered = cheerio.load(page.text)('select[name="data.LanguageId"] option');
      if (offered.length && !offered.toArray().some((o) => o.attribs.value === input.language.remoteId)) {
        throw new RemoteError('refused', `AtCoder does not offer ${input.language.name} (${input.language.remoteId}) for ${taskId}`);
      }
      const form = { 'data.TaskScreenName': taskId, 'data.LanguageId': input.language.remoteId, sourceCode: input.source, csrf_token: csrf };
      const contest = atcoderContestOf(taskId);
      let answer = await readSubmitAnswer(http, await http.post(`/contests/${contest}/submit`, { form, follow: false }));
      // "Wait for N second to submit again": wait once as asked, then leave further waiting to the caller.
      if (!answer.ok && answer.waitSeconds !== null) {
        await sleep((answer.waitSeconds + 1) * 1000);
        answer = await readSubmitAnswer(http, await http.post(`/contests/${contest}/submit`, { form, follow: false }));
        if (!answer.ok && answer.waitSeconds !== null) throw new RemoteError('rateLimited', answer.message, (answer.waitSeconds + 1) * 1000);
      }
      if (!answer.ok) throw new RemoteError('refused', answer.message);
      const mine = await http.get(`/contests/${contest}/submissions/me`);
      const runId = readAtcoderRunId(mine.text, taskId);
      if (!runId) throw new RemoteError('unexpected', `AtCoder lists no submission of ${taskId} after submitting`);
      return { runId };
    },

    async poll(http, account, run) {
      const contest = atcoderContestOf(checkId(run.problemId));
      const look = async () => {
        const res = await http.get(`/contests/${contest}/submissions/me/status/json?reload=true&sids[]=${encodeURIComponent(run.runId)}`);
        try {
          const body = JSON.parse(res.text) as { Result?: Record<string, { Html?: string }> };
          return body.Result?.[run.runId]?.Html ?? null;
        } catch {
          return null;
        }
      };
      // Only the owner sees a run here: an answer without it is most often a session that ended.
      let html = await look();
      if (html === null) {
        await ensureLogin(http, account);
        html = await look();
      }
      if (html === null) throw new RemoteError('notFound', `AtCoder shows no run ${run.runId} of this account`);
      const state = parseAtcoderStatusHtml(html);
      if (state.phase === 'final' && state.status === JudgeStatus.COMPILE_ERROR) {
        const detail = await http.get(`/contests/${contest}/submissions/${encodeURIComponent(run.runId)}`);
        return { ...state, compileMessage: readAtcoderCompileMessage(detail.text) };
      }
      return state;
    },

    async recentContests(http) {
      const page = await http.get('/contests/');
      return parseAtcoderContests(page.text, http.url('/'));
    },
  };
}

export const atcoderAdapter = createAtcoderAdapter();

/**
 * Codeforces Gym (`GYM`): Codeforces' accounts, languages, challenge and tokens (`codeforces.ts`) on the
 * gym's pages. A problem is `<gid><index>`; a gym whose statements are only PDFs gives its title, limits
 * and file names in the gym's problem table and the statement as an attachment. Runs are read from the
 * gym's "my submissions" row of the run, and a compile error's text from `/data/judgeProtocol`.
 */
import * as cheerio from 'cheerio';
import { JudgeStatus } from '@oj/shared';
import type { RemoteHttp } from './http.js';
import {
  CF_LANGUAGES,
  type CfProblemRef,
  type CodeforcesTiming,
  cfEnsureLogin,
  cfRequest,
  cfLinkedRun,
  cfSubmit,
  emptyProblem,
  finalState,
  parseCfStatement,
  parseCfTags,
  parseCsrf,
  realTiming,
  withRelogin,
} from './codeforces.js';
import { type RemoteAccount, RemoteError, type RemoteJudgeAdapter, type RemoteProblem, type RemoteRunState } from './types.js';

/** Gym contests are numbered from 100000; a shorter number is one written without that offset. */
const GYM_OFFSET = 100_000;

export function splitGymId(id: string): CfProblemRef | null {
  const text = id.trim().toUpperCase();
  const m = /^(\d+)([A-Z]\d?)$/.exec(text) ?? (/^\d{3,}$/.test(text) ? [text, text.slice(0, -2), text.slice(-2)] : null);
  if (!m) return null;
  const n = Number(m[1]);
  return { contest: String(n < GYM_OFFSET ? n + GYM_OFFSET : n), index: m[2]! };
}

function refOrThrow(id: string): CfProblemRef {
  const ref = splitGymId(id);
  if (!ref) throw new RemoteError('badId', `"${id}" is not a Gym problem id (like 100001A)`);
  return ref;
}

// ---------------------------------------------------------------- the gym's own page

export interface GymRow {
  title: string;
  timeLimitMs: number;
  memoryLimitMb: number;
  io?: { input: string; output: string };
}

/** The problem's row of the gym's table: title, "name.in / name.out" (or standard IO), "2 s, 256 MB". */
export function parseGymRow(html: string, index: string): GymRow | null {
  const $ = cheerio.load(html);
  const row = $('table.problems tr')
    .toArray()
    .find((tr) => $(tr).find('td.id').text().trim() === index);
  if (!row) return null;
  const cell = $(row).find('td').eq(1);
  const title = cell.find('a').first().text().trim();
  const notesHtml = cell.find('.notice, div[style*="float: right"], div[style*="float:right"]').first().html() ?? '';
  // the file names and the limits are two lines split by a <br>
  const notes = cheerio
    .load(notesHtml.replace(/<br\s*\/?>/gi, '\n'))
    .root()
    .text();
  const limits = /([\d.]+)\s*s,\s*(\d+)\s*MB/i.exec(notes);
  if (!title || !limits) return null;
  const files = /^\s*([\w.-]+)\s*\/\s*([\w.-]+)\s*$/m.exec(notes.replace(/standard input\s*\/\s*output/i, ''));
  return {
    title,
    timeLimitMs: Math.round(Number(limits[1]) * 1000),
    memoryLimitMb: Number(limits[2]),
    ...(files ? { io: { input: files[1]!, output: files[2]! } } : {}),
  };
}

/** The gym's statement attachment (a PDF that is not the tutorial), absolute. */
export function parseStatementPdf(html: string, base: string): string | null {
  const $ = cheerio.load(html);
  const link = $('a[href*="/attachments/download/"]')
    .toArray()
    .map((a) => ({ href: $(a).attr('href') ?? '', text: $(a).text() }))
    .find(({ href, text }) => /\.pdf$/i.test(href) && !/tutorial|editorial|solution|analysis|разбор/i.test(`${href} ${text}`));
  return link ? new URL(link.href, `${base}/`).toString() : null;
}

function gymName(html: string, gid: string): string | null {
  const $ = cheerio.load(html);
  const name = $(`a[href$="/gym/${gid}"]`)
    .toArray()
    .map((a) => $(a).text().trim())
    .find((t) => t.length > 0);
  return name ?? null;
}

async function fetchGymProblem(http: RemoteHttp, id: string): Promise<RemoteProblem> {
  const ref = refOrThrow(id);
  const remoteId = `${ref.contest}${ref.index}`;
  const path = `/gym/${ref.contest}/problem/${ref.index}`;
  const url = http.url(path);
  const res = await cfRequest(http, path, { follow: false });
  if (res.status === 302 || res.status === 404) throw new RemoteError('notFound', `Gym has no problem ${remoteId}`);
  const source = (html: string) => gymName(html, ref.contest) ?? `Codeforces Gym ${ref.contest}`;
  const statement = parseCfStatement(res.text, http.baseUrl);
  if (statement) return { ...emptyProblem(remoteId, url, source(res.text)), ...statement, tags: parseCfTags(res.text) };
  const gym = await cfRequest(http, `/gym/${ref.contest}`, { follow: false });
  const row = gym.status === 200 ? parseGymRow(gym.text, ref.index) : null;
  if (!row) throw new RemoteError('notFound', `Gym ${ref.contest} has no problem ${ref.index}`);
  const pdfUrl = /application\/pdf/i.test(res.headers.get('content-type') ?? '') ? url : parseStatementPdf(gym.text, http.baseUrl);
  if (!pdfUrl) throw new RemoteError('notFound', `Gym ${ref.contest} gives no statement for ${ref.index}`);
  return { ...emptyProblem(remoteId, url, source(gym.text)), ...row, pdfUrl };
}

// ---------------------------------------------------------------- runs

export interface GymRunRow {
  /** the CF verdict enum, '' while queued */
  verdict: string;
  waiting: boolean;
  time: number | null;
  memory: number | null;
}

/** The run's row of `/gym/<gid>/my`, or null when the page does not list it. */
export function parseGymRunRow(html: string, runId: string): GymRunRow | null {
  const $ = cheerio.load(html);
  const span = $(`[submissionid="${runId}"]`).first();
  if (!span.length) return null;
  const row = span.closest('tr');
  const number = (text: string, unit: string) => {
    const m = new RegExp(`(\\d+)\\s*${unit}`, 'i').exec(text);
    return m ? Number(m[1]) : null;
  };
  return {
    verdict: span.attr('submissionverdict') ?? '',
    waiting: span.attr('waiting') === 'true',
    time: number(row.find('.time-consumed-cell').text(), 'ms'),
    memory: number(row.find('.memory-consumed-cell').text(), 'KB'),
  };
}

/** `/data/judgeProtocol` answers the compiler's message as one JSON string. */
async function judgeProtocol(http: RemoteHttp, csrf: string, runId: string, referer: string): Promise<string> {
  const res = await cfRequest(http, '/data/judgeProtocol', {
    method: 'POST',
    follow: false,
    form: { csrf_token: csrf, submissionId: runId },
    headers: { referer },
  });
  try {
    const text = JSON.parse(res.text) as unknown;
    return typeof text === 'string' ? text : '';
  } catch {
    return '';
  }
}

async function pollGym(http: RemoteHttp, account: RemoteAccount, run: { runId: string; problemId: string }): Promise<RemoteRunState> {
  const ref = refOrThrow(run.problemId);
  const myPath = `/gym/${ref.contest}/my`;
  const { html, row } = await withRelogin(http, account, async () => {
    const res = await cfRequest(http, myPath, { follow: false });
    return res.status === 200 && res.text.includes('header-bell__img') ? { html: res.text, row: parseGymRunRow(res.text, run.runId) } : null;
  });
  if (!row) throw new RemoteError('notFound', `Gym ${ref.contest} does not list run ${run.runId} of ${account.username}`);
  if (!row.verdict) return { phase: 'pending', raw: 'In queue' };
  const state = finalState(row.verdict, row.time, row.memory, null);
  if (row.waiting && state.phase === 'final') return { phase: 'judging', raw: row.verdict };
  if (state.phase === 'final' && state.status === JudgeStatus.COMPILE_ERROR) {
    const csrf = parseCsrf(html);
    return { ...state, time: null, memory: null, compileMessage: csrf ? await judgeProtocol(http, csrf, run.runId, http.url(myPath)) : '' };
  }
  return state;
}

export function createGymAdapter(timing: CodeforcesTiming = realTiming): RemoteJudgeAdapter {
  return {
    oj: 'GYM',
    defaultBaseUrl: 'https://codeforces.com',
    languages: CF_LANGUAGES,
    normaliseId: (id) => {
      const ref = splitGymId(id);
      return ref ? `${ref.contest}${ref.index}` : null;
    },
    fetchProblem: fetchGymProblem,
    ensureLogin: (http, account) => cfEnsureLogin(http, account),
    submit: (http, account, input) => {
      const ref = refOrThrow(input.problemId);
      const path = `/gym/${ref.contest}/submit`;
      const plan = { formPath: path, postPath: path, problemFields: { submittedProblemIndex: ref.index }, statusPath: `/gym/${ref.contest}/my` };
      return cfSubmit(http, account, input, plan, timing);
    },
    poll: pollGym,
    linkedRun: (http, run) => cfLinkedRun(http, refOrThrow(run.problemId), run),
  };
}

export const gymAdapter: RemoteJudgeAdapter = createGymAdapter();

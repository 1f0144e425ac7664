/**
 * POJ (poj.org): Java pages in GBK, a JSESSIONID login, a submit form that carries the source as base64
 * with `encoded=1`, run ids read back from the status list. A run's result shows on its source page to
 * its owner only; anyone else (a session logged out meanwhile) reads the public status list instead.
 * POJ lists no contests worth showing, so `recentContests` is absent.
 */
import * as cheerio from 'cheerio';
import { JudgeStatus } from '@oj/shared';
import { absoluteUrls, firstListItem, gbkText, numberBefore, sampleText } from './html.js';
import type { RemoteHttp } from './http.js';
import { COMMON_VERDICTS, VerdictTable } from './verdicts.js';
import { RemoteError, type RemoteAccount, type RemoteJudgeAdapter, type RemoteLanguage, type RemoteProblem, type RemoteRunState } from './types.js';

export const POJ_LANGUAGES: RemoteLanguage[] = [
  { name: 'C', remoteId: '1', comment: 'slash', contentType: 'text/x-csrc' },
  { name: 'C++', remoteId: '0', comment: 'slash', contentType: 'text/x-c++src' },
  { name: 'Java', remoteId: '2', comment: 'slash', contentType: 'text/x-java' },
];

export const POJ_VERDICTS = new VerdictTable({
  ...COMMON_VERDICTS,
  Waiting: 'pending',
  Queuing: 'pending',
  'Running & Judging': 'judging',
  Compiling: 'compiling',
});

export function normalisePojId(id: string): string | null {
  const m = /^(?:POJ-?)?0*([1-9]\d{3,4})$/i.exec(id.trim());
  return m ? m[1]! : null;
}

/** "Time Limit: 1000MS" and "Memory Limit: 10000K" as ms and MB. */
export function parsePojLimits(text: string): { timeLimitMs: number; memoryLimitMb: number } | null {
  const time = /Time Limit:\s*(\d+)\s*MS/i.exec(text);
  const memory = /Memory Limit:\s*(\d+)\s*K/i.exec(text);
  if (!time || !memory) return null;
  return { timeLimitMs: Number(time[1]), memoryLimitMb: Math.ceil(Number(memory[1]) / 1024) };
}

/** Every `p.pst` heading with the HTML of the `div.ptx` or `pre.sio` after it, in page order. */
function pojSections($: cheerio.CheerioAPI): { name: string; html: string }[] {
  return $('p.pst')
    .toArray()
    .map((el) => {
      const body = $(el).nextAll('div.ptx, pre.sio').first();
      return { name: $(el).text().trim(), html: (body.html() ?? '').trim() };
    });
}

/** A problem page as our problem; null when POJ says it has no such problem. */
export function parsePojProblem(html: string, pid: string, pageUrl: string): RemoteProblem | null {
  const $ = cheerio.load(html);
  const title = $('div.ptt').first().text().trim();
  if (!title) return null;
  const limits = parsePojLimits($('div.plm').text());
  if (!limits) throw new RemoteError('unexpected', `POJ ${pid}: no time and memory limits on the page`);
  const sections = pojSections($);
  const section = (name: string) => absoluteUrls(sections.find((s) => s.name === name)?.html ?? '', pageUrl);
  const inputs = sections.filter((s) => /^Sample Input/i.test(s.name)).map((s) => sampleText(s.html));
  const outputs = sections.filter((s) => /^Sample Output/i.test(s.name)).map((s) => sampleText(s.html));
  const source = cheerio
    .load(sections.find((s) => s.name === 'Source')?.html ?? '', null, false)
    .root()
    .text()
    .trim();
  return {
    remoteId: pid,
    title,
    ...limits,
    description: section('Description'),
    input: section('Input'),
    output: section('Output'),
    hint: section('Hint'),
    format: 'html',
    samples: inputs.map((input, i) => ({ input, output: outputs[i] ?? '' })),
    source,
    url: pageUrl,
    tags: source ? [source] : [],
  };
}

/** The verdict of a result text as the status list and the source page write it. */
export function pojVerdict(text: string) {
  return POJ_VERDICTS.lookup(text);
}

/** A result with its memory and time cells as a run state; the compile message is added by the caller. */
export function pojRunState(result: string, memory: string, time: string): RemoteRunState {
  const verdict = pojVerdict(result);
  // A text the table does not know is never read as a verdict: the run is looked at again.
  if (verdict === undefined) return { phase: 'judging', raw: result, unknown: true };
  if (verdict === 'pending' || verdict === 'compiling' || verdict === 'judging') return { phase: verdict, raw: result };
  return {
    phase: 'final',
    status: verdict,
    time: numberBefore(time, 'MS'),
    memory: numberBefore(memory, 'K'),
    compileMessage: null,
    raw: result,
  };
}

/** The source page's "Result:", "Memory:" and "Time:" fields, or null when the page shows none (not the owner, no such run). */
export function parseShowSource(html: string): { result: string; memory: string; time: string } | null {
  const $ = cheerio.load(html);
  const field = (label: string) => {
    const cell = $('td')
      .filter((_, td) => $(td).children('b').first().text().trim() === label)
      .first();
    if (!cell.length) return null;
    const copy = cell.clone();
    copy.children('b').first().remove();
    return copy.text().replace(/\s+/g, ' ').trim();
  };
  const result = field('Result:');
  if (result === null) return null;
  return { result, memory: field('Memory:') ?? '', time: field('Time:') ?? '' };
}

export interface PojStatusRow {
  runId: string;
  user: string;
  problemId: string;
  result: string;
  memory: string;
  time: string;
}

/** The data rows (`tr[align=center]`) of the status list. */
export function parsePojStatusRows(html: string): PojStatusRow[] {
  const $ = cheerio.load(html);
  return $('tr[align=center]')
    .toArray()
    .map((tr) =>
      $(tr)
        .children('td')
        .toArray()
        .map((td) => $(td).text().replace(/\s+/g, ' ').trim()),
    )
    .filter((cells) => cells.length >= 6 && /^\d+$/.test(cells[0]!))
    .map((c) => ({ runId: c[0]!, user: c[1]!, problemId: c[2]!, result: c[3]!, memory: c[4]!, time: c[5]! }));
}

export function encodePojSource(source: string): string {
  return Buffer.from(source).toString('base64');
}

async function isLoggedIn(http: RemoteHttp, account: RemoteAccount): Promise<boolean> {
  const home = gbkText(await http.get('/'));
  return home.includes('Log Out') && home.includes(`user_id=${account.username}`);
}

async function logIn(http: RemoteHttp, account: RemoteAccount): Promise<void> {
  await http.post('/login', { form: { user_id1: account.username, password1: account.password, B1: 'login', url: '.' }, follow: false });
  if (!(await isLoggedIn(http, account))) throw new RemoteError('loginFailed', `POJ refused the login of ${account.username}`);
}

/** One POST of the submit form: sent (a 302), or the session gone; a refusal throws with POJ's message. */
async function postSubmit(http: RemoteHttp, form: Record<string, string>): Promise<'sent' | 'loggedOut'> {
  const res = await http.post('/submit', { form, follow: false });
  if (res.status >= 300 && res.status < 400) return 'sent';
  const text = gbkText(res);
  if (!/Error Occurred/i.test(text)) throw new RemoteError('unexpected', `POJ answered the submit with ${res.status} and no known message`);
  const message = firstListItem(text);
  if (/login first/i.test(message)) return 'loggedOut';
  throw new RemoteError('refused', message);
}

async function compileMessage(http: RemoteHttp, runId: string): Promise<string> {
  const $ = cheerio.load(gbkText(await http.get(`/showcompileinfo?solution_id=${encodeURIComponent(runId)}`)));
  return $('pre').first().text();
}

/** The run as its owner sees it on the source page, else as the public status list shows it. */
async function lookAtRun(http: RemoteHttp, runId: string): Promise<RemoteRunState> {
  const own = parseShowSource(gbkText(await http.get(`/showsource?solution_id=${encodeURIComponent(runId)}`)));
  if (own) return pojRunState(own.result, own.memory, own.time);
  // `top` lists the runs below it: the run itself comes first.
  const row = parsePojStatusRows(gbkText(await http.get(`/status?top=${Number(runId) + 1}`)))[0];
  if (!row || row.runId !== runId) throw new RemoteError('notFound', `POJ lists no run ${runId}`);
  return pojRunState(row.result, row.memory, row.time);
}

export const pojAdapter: RemoteJudgeAdapter = {
  oj: 'POJ',
  defaultBaseUrl: 'http://poj.org',
  languages: POJ_LANGUAGES,
  normaliseId: normalisePojId,

  async fetchProblem(http, id) {
    const pid = normalisePojId(id);
    if (!pid) throw new RemoteError('badId', `${id} is not a POJ problem id`);
    const url = http.url(`/problem?id=${pid}`);
    const problem = parsePojProblem(gbkText(await http.get(url)), pid, url);
    if (!problem) throw new RemoteError('notFound', `POJ has no problem ${pid}`);
    return problem;
  },

  async ensureLogin(http, account) {
    if (await isLoggedIn(http, account)) return;
    await logIn(http, account);
  },

  async submit(http, account, input) {
    const pid = normalisePojId(input.problemId);
    if (!pid) throw new RemoteError('badId', `${input.problemId} is not a POJ problem id`);
    const language = input.language.remoteId;
    const form = { problem_id: pid, language, source: encodePojSource(input.source), encoded: '1', submit: 'Submit' };
    if ((await postSubmit(http, form)) === 'loggedOut') {
      // A session that expired since the daemon's ensureLogin: log in once more, then send again.
      await logIn(http, account);
      if ((await postSubmit(http, form)) === 'loggedOut') throw new RemoteError('loginFailed', `POJ logged ${account.username} out while submitting`);
    }
    const query = new URLSearchParams({ problem_id: pid, user_id: account.username, result: '', language });
    const row = parsePojStatusRows(gbkText(await http.get(`/status?${query}`)))[0];
    if (!row || row.problemId !== pid) throw new RemoteError('unexpected', `POJ lists no run of ${account.username} on ${pid} after the submit`);
    return { runId: row.runId };
  },

  async poll(http, _account, run) {
    const state = await lookAtRun(http, run.runId);
    if (state.phase !== 'final' || state.status !== JudgeStatus.COMPILE_ERROR) return state;
    return { ...state, compileMessage: await compileMessage(http, run.runId) };
  },
};

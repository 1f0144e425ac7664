/**
 * HDU (acm.hdu.edu.cn): PHP pages in GBK, a PHPSESSID login, a submit form that carries the source as
 * base64(encodeURIComponent(source)), run ids read back from the status list, and verdicts from the
 * status row of the run. The site has no contest list worth showing, so `recentContests` is absent.
 */
import { setTimeout as wait } from 'node:timers/promises';
import * as cheerio from 'cheerio';
import { absoluteUrls, firstListItem, gbkText, numberBefore, sampleText } from './html.js';
import { JudgeStatus } from '@oj/shared';
import type { RemoteHttp } from './http.js';
import { COMMON_VERDICTS, VerdictTable } from './verdicts.js';
import {
  RemoteError,
  type RemoteAccount,
  type AdapterOptions,
  type RemoteJudgeAdapter,
  type RemoteLanguage,
  type RemoteProblem,
  type RemoteRunState,
} from './types.js';

/** HDU refuses a second submit within 5 s of the last one. */
export const HDU_RESUBMIT_WAIT_MS = 5000;
/** Tries of one submit when the site keeps saying "don't re-submit" (the first and two after waits). */
export const HDU_SUBMIT_TRIES = 3;

const LOGGED_IN_MARK = '<div align=left style="font-size:16px;width:150px">';

export const HDU_LANGUAGES: RemoteLanguage[] = [
  { name: 'C', remoteId: '1', comment: 'slash', contentType: 'text/x-csrc' },
  { name: 'C++', remoteId: '0', comment: 'slash', contentType: 'text/x-c++src' },
  { name: 'Java', remoteId: '5', comment: 'slash', contentType: 'text/x-java' },
];

export const HDU_VERDICTS = new VerdictTable({
  ...COMMON_VERDICTS,
  Queuing: 'pending',
  Running: 'judging',
  Compiling: 'compiling',
  'Compilation Error': JudgeStatus.COMPILE_ERROR,
});

/** `HDU-1000`, `hdu1000` or `1000` as the site's `pid`; HDU numbers its problems from 1000. */
export function normaliseHduId(id: string): string | null {
  const m = /^(?:HDU-?)?0*([1-9]\d{3,4})$/i.exec(id.trim());
  return m ? m[1]! : null;
}

/** "Time Limit: 2000/1000 MS (Java/Others) Memory Limit: 65536/32768 K (Java/Others)": the second numbers are the C/C++ limits. */
export function parseHduLimits(text: string): { timeLimitMs: number; memoryLimitMb: number } | null {
  const time = /Time Limit:\s*\d+\s*\/\s*(\d+)\s*MS/i.exec(text);
  const memory = /Memory Limit:\s*\d+\s*\/\s*(\d+)\s*K/i.exec(text);
  if (!time || !memory) return null;
  return { timeLimitMs: Number(time[1]), memoryLimitMb: Math.ceil(Number(memory[1]) / 1024) };
}

interface HduSections {
  title: string;
  limits: string;
  /** panel title -> panel content HTML */
  panels: Map<string, string>;
}

/** The title, the limits line and the `panel_title`/`panel_content` pairs of a problem page, or null when there is no problem. */
export function readHduProblemPage(html: string): HduSections | null {
  const $ = cheerio.load(html);
  const title = $('h1').first().text().trim();
  if (!title || /No such problem/i.test($('body').text())) return null;
  const panels = new Map<string, string>();
  $('div.panel_title').each((_, el) => {
    const name = $(el).text().trim();
    const content = $(el).nextAll('div.panel_content').first();
    if (name && !panels.has(name)) panels.set(name, content.html() ?? '');
  });
  const limits = $('body').text();
  return { title, limits, panels };
}

/**
 * Sample Output panels carry the hint inside them on most problems (a dashed box titled "<i>Hint</i>" after the
 * `<pre>`); a few pages give the hint a panel of its own. Both end as the sample text and the hint's HTML.
 */
export function splitSampleOutput(html: string): { sample: string; hint: string } {
  const $ = cheerio.load(html, null, false);
  const pre = $('pre').first();
  const sample = sampleText(pre.length ? (pre.children('div').first().html() ?? pre.text()) : html);
  const title = $('i')
    .filter((_, el) => $(el).text().trim() === 'Hint')
    .first()
    .parent();
  const box = title.parent();
  if (!title.length || !box.length || box.closest('pre').length) return { sample, hint: '' };
  title.remove();
  return { sample, hint: (box.html() ?? '').trim() };
}

/** A problem page as our problem; null when the site says there is none. */
export function parseHduProblem(html: string, pid: string, pageUrl: string): RemoteProblem | null {
  const page = readHduProblemPage(html);
  if (!page) return null;
  const limits = parseHduLimits(page.limits);
  if (!limits) throw new RemoteError('unexpected', `HDU ${pid}: no time and memory limits on the page`);
  const section = (name: string) => absoluteUrls((page.panels.get(name) ?? '').trim(), pageUrl);
  const sampleOut = splitSampleOutput(page.panels.get('Sample Output') ?? '');
  const sampleIn = cheerio.load(page.panels.get('Sample Input') ?? '', null, false);
  const inputPre = sampleIn('pre').first();
  const input = sampleText(inputPre.length ? (inputPre.children('div').first().html() ?? inputPre.text()) : sampleIn.html());
  const samples = input || sampleOut.sample ? [{ input, output: sampleOut.sample }] : [];
  const source = cheerio
    .load(page.panels.get('Source') ?? '', null, false)
    .root()
    .text()
    .trim();
  return {
    remoteId: pid,
    title: page.title,
    ...limits,
    description: section('Problem Description'),
    input: section('Input'),
    output: section('Output'),
    hint: page.panels.has('Hint') ? section('Hint') : absoluteUrls(sampleOut.hint, pageUrl),
    format: 'html',
    samples,
    source,
    url: pageUrl,
    tags: source ? [source] : [],
  };
}

/** One row of the status list, by the columns of `#fixed_table`. */
export interface HduStatusRow {
  runId: string;
  status: string;
  problemId: string;
  time: string;
  memory: string;
  language: string;
  author: string;
}

/** The data rows of the status list (the rows before them are the search form and the header). */
export function parseHduStatusRows(html: string): HduStatusRow[] {
  const $ = cheerio.load(html);
  const rows: HduStatusRow[] = [];
  $('#fixed_table table tr').each((_, tr) => {
    const cells = $(tr)
      .children('td')
      .toArray()
      .map((td) => $(td).text().replace(/\s+/g, ' ').trim());
    if (cells.length < 9 || !/^\d+$/.test(cells[0]!)) return;
    rows.push({ runId: cells[0]!, status: cells[2]!, problemId: cells[3]!, time: cells[4]!, memory: cells[5]!, language: cells[7]!, author: cells[8]! });
  });
  return rows;
}

/** The verdict of a status text; "Runtime Error (ACCESS_VIOLATION)" and its kin are RE whatever the reason. */
export function hduVerdict(text: string) {
  if (/^Runtime Error/i.test(text.trim())) return JudgeStatus.RUNTIME_ERROR;
  return HDU_VERDICTS.lookup(text);
}

/** A status row as a run state; the compile message is added by the caller. */
export function hduRunState(row: HduStatusRow): RemoteRunState {
  const verdict = hduVerdict(row.status);
  // A text the table does not know is never read as a verdict: the run is looked at again.
  if (verdict === undefined) return { phase: 'judging', raw: row.status, unknown: true };
  if (verdict === 'pending' || verdict === 'compiling' || verdict === 'judging') return { phase: verdict, raw: row.status };
  return {
    phase: 'final',
    status: verdict,
    time: numberBefore(row.time, 'MS'),
    memory: numberBefore(row.memory, 'K'),
    compileMessage: null,
    raw: row.status,
  };
}

export function encodeHduSource(source: string): string {
  return Buffer.from(encodeURIComponent(source)).toString('base64');
}

async function isLoggedIn(http: RemoteHttp): Promise<boolean> {
  return gbkText(await http.get('/index.php')).includes(LOGGED_IN_MARK);
}

async function logIn(http: RemoteHttp, account: RemoteAccount): Promise<void> {
  // The home page hands out the PHPSESSID the login form is bound to.
  await http.get('/');
  await http.post('/userloginex.php?action=login&cid=0&notice=0', {
    form: { username: account.username, userpass: account.password, login: 'Sign In' },
    follow: false,
  });
  if (!(await isLoggedIn(http))) throw new RemoteError('loginFailed', `HDU refused the login of ${account.username}`);
}

type SubmitAnswer = 'sent' | 'wait' | 'loggedOut';

/** One POST of the submit form, read as: sent (302 to the status), asked to wait, or the session gone. */
async function postSubmit(http: RemoteHttp, form: Record<string, string>): Promise<SubmitAnswer> {
  const res = await http.post('/submit.php?action=submit', { form, follow: false });
  if (res.status >= 300 && res.status < 400) return /userloginex/.test(res.location ?? '') ? 'loggedOut' : 'sent';
  const text = gbkText(res);
  if (/Please don't re-submit/i.test(text)) return 'wait';
  if (/One or more following ERROR\(s\) occurred/i.test(text)) throw new RemoteError('refused', firstListItem(text));
  if (/userloginex\.php/.test(text) && !text.includes(LOGGED_IN_MARK)) return 'loggedOut';
  throw new RemoteError('unexpected', `HDU answered the submit with ${res.status} and no known message`);
}

export function createHduAdapter(o: AdapterOptions = {}): RemoteJudgeAdapter {
  const sleep = o.sleep ?? wait;

  async function sendSubmit(http: RemoteHttp, account: RemoteAccount, form: Record<string, string>) {
    let relogged = false;
    for (let attempt = 1; ; attempt++) {
      const answer = await postSubmit(http, form);
      if (answer === 'sent') return;
      if (answer === 'loggedOut' && !relogged) {
        // A session that expired since the daemon's ensureLogin: log in once more, then send again.
        relogged = true;
        await logIn(http, account);
        continue;
      }
      if (answer === 'loggedOut') throw new RemoteError('loginFailed', `HDU logged ${account.username} out while submitting`);
      if (attempt >= HDU_SUBMIT_TRIES) throw new RemoteError('rateLimited', "HDU still says don't re-submit", HDU_RESUBMIT_WAIT_MS);
      await sleep(HDU_RESUBMIT_WAIT_MS);
    }
  }

  return {
    oj: 'HDU',
    defaultBaseUrl: 'https://acm.hdu.edu.cn',
    languages: HDU_LANGUAGES,
    normaliseId: normaliseHduId,

    async fetchProblem(http, id) {
      const pid = normaliseHduId(id);
      if (!pid) throw new RemoteError('badId', `${id} is not an HDU problem id`);
      const url = http.url(`/showproblem.php?pid=${pid}`);
      const problem = parseHduProblem(gbkText(await http.get(url)), pid, url);
      if (!problem) throw new RemoteError('notFound', `HDU has no problem ${pid}`);
      return problem;
    },

    async ensureLogin(http, account) {
      if (await isLoggedIn(http)) return;
      await logIn(http, account);
    },

    async submit(http, account, input) {
      const pid = normaliseHduId(input.problemId);
      if (!pid) throw new RemoteError('badId', `${input.problemId} is not an HDU problem id`);
      const lang = input.language.remoteId;
      await sendSubmit(http, account, { check: '0', problemid: pid, language: lang, _usercode: encodeHduSource(input.source) });
      const query = new URLSearchParams({ first: '', pid, user: account.username, lang: String(Number(lang) + 1), status: '0' });
      const row = parseHduStatusRows(gbkText(await http.get(`/status.php?${query}`)))[0];
      if (!row || row.problemId !== pid) throw new RemoteError('unexpected', `HDU lists no run of ${account.username} on ${pid} after the submit`);
      return { runId: row.runId };
    },

    async poll(http, _account, run) {
      const row = parseHduStatusRows(gbkText(await http.get(`/status.php?first=${encodeURIComponent(run.runId)}`)))[0];
      if (!row || row.runId !== run.runId) throw new RemoteError('notFound', `HDU lists no run ${run.runId}`);
      const state = hduRunState(row);
      if (state.phase !== 'final' || state.status !== JudgeStatus.COMPILE_ERROR) return state;
      const page = cheerio.load(gbkText(await http.get(`/viewerror.php?rid=${encodeURIComponent(run.runId)}`)));
      return { ...state, compileMessage: page('pre').first().text() };
    },
  };
}

export const hduAdapter: RemoteJudgeAdapter = createHduAdapter();

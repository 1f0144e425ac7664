/**
 * SPOJ (`SPOJ`, https://www.spoj.com): problem codes like `TEST`, a form login kept in its cookies, a
 * submit form that answers with the new run id in a hidden input, and a status page per run whose
 * `#statusres_<id>` says by attributes whether the run is final and with which status number.
 */
import * as cheerio from 'cheerio';
import { JudgeStatus } from '@oj/shared';
import type { RemoteHttp } from './http.js';
import { RemoteError, type RemoteAccount, type RemoteJudgeAdapter, type RemoteLanguage, type RemoteProblem, type RemoteRunState } from './types.js';

export const SPOJ_LANGUAGES: RemoteLanguage[] = [
  { name: 'C', remoteId: '11', comment: 'slash', contentType: 'text/x-csrc' },
  { name: 'C++', remoteId: '1', comment: 'slash', contentType: 'text/x-c++src' },
  { name: 'C++ 14', remoteId: '44', comment: 'slash', contentType: 'text/x-c++src' },
  { name: 'Java', remoteId: '10', comment: 'slash', contentType: 'text/x-java' },
  { name: 'Python2', remoteId: '4', comment: 'hash', contentType: 'text/x-python' },
  { name: 'Python3', remoteId: '116', comment: 'hash', contentType: 'text/x-python' },
  { name: 'PyPy', remoteId: '99', comment: 'hash', contentType: 'text/x-python' },
  { name: 'Go', remoteId: '114', comment: 'slash', contentType: 'text/x-go' },
  { name: 'Rust', remoteId: '93', comment: 'slash', contentType: 'text/x-rustsrc' },
  { name: 'JavaScript Node', remoteId: '56', comment: 'slash', contentType: 'text/javascript' },
];

/** The final status numbers of `#statusres_<id>`; any other final number is a System Error. */
export const SPOJ_FINAL_STATUS: Record<string, number> = {
  '11': JudgeStatus.COMPILE_ERROR,
  '12': JudgeStatus.RUNTIME_ERROR,
  '13': JudgeStatus.TIME_LIMIT_EXCEEDED,
  '14': JudgeStatus.WRONG_ANSWER,
  '15': JudgeStatus.ACCEPTED,
};

/** The submit page's refusals, as SPOJ words them. */
const SPOJ_REFUSALS = [/submit in this language for this problem/i, /Wrong problem code!?/i, /solution is too long/i];

export function normaliseSpojId(id: string): string | null {
  const t = id.trim().toUpperCase();
  return /^[A-Z0-9_]{1,8}$/.test(t) ? t : null;
}

/** "1s", "0.5s", or a range "1s-2.5s" of which the upper end is the limit of the slowest test. */
export function parseSpojTimeLimit(text: string): number | null {
  const all = [...text.matchAll(/([\d.]+)\s*s/g)].map((m) => Number(m[1]));
  return all.length ? Math.round(Math.max(...all) * 1000) : null;
}

export function parseSpojMemoryLimit(text: string): number | null {
  const m = /([\d.]+)\s*(K|M|G)B/i.exec(text);
  if (!m) return null;
  const unit = m[2]!.toUpperCase();
  return Math.round(Number(m[1]) * (unit === 'K' ? 1 / 1024 : unit === 'G' ? 1024 : 1));
}

/** A run's memory as the status page writes it ("2.5M", "832k", "-") in KB. */
export function parseSpojMemory(text: string): number | null {
  const m = /([\d.]+)\s*([kKmMgG])/.exec(text);
  if (!m) return null;
  const unit = m[2]!.toLowerCase();
  return Math.round(Number(m[1]) * (unit === 'k' ? 1 : unit === 'm' ? 1024 : 1024 * 1024));
}

/** A run's time in seconds ("0.01", "-") in ms. */
export function parseSpojTime(text: string): number | null {
  const m = /(\d+(?:\.\d+)?)/.exec(text);
  return m ? Math.round(Number(m[1]) * 1000) : null;
}

/** "Input: … Output: …" in one `pre`, the way most statements show their example. */
function readSamples($: cheerio.CheerioAPI, body: ReturnType<cheerio.CheerioAPI>): { input: string; output: string }[] {
  const samples: { input: string; output: string }[] = [];
  body.find('pre').each((_, el) => {
    const m = /^\s*Input:?[ \t]*\r?\n?([\s\S]*?)\r?\n\s*Output:?[ \t]*\r?\n?([\s\S]*)$/i.exec($(el).text());
    if (m) samples.push({ input: `${m[1]!.replace(/\s+$/, '')}\n`, output: `${m[2]!.replace(/\s+$/, '')}\n` });
  });
  return samples;
}

/** A problem page; null when it is not one (SPOJ shows its list or an error for unknown codes). */
export function parseSpojProblem(html: string, code: string, pageUrl: string): RemoteProblem | null {
  const $ = cheerio.load(html);
  const name = $('#problem-name').first().text().trim();
  const body = $('#problem-body').first();
  if (!name || !body.length) return null;
  const meta = (label: string) =>
    $('#problem-meta tr, table.probleminfo tr')
      .filter((_, tr) => $(tr).find('td').first().text().trim().toLowerCase() === `${label.toLowerCase()}:`)
      .first()
      .find('td')
      .eq(1)
      .text()
      .trim();
  const timeLimitMs = parseSpojTimeLimit(meta('Time limit'));
  const memoryLimitMb = parseSpojMemoryLimit(meta('Memory limit'));
  if (timeLimitMs === null || memoryLimitMb === null) throw new RemoteError('unexpected', `SPOJ problem ${code}: no time or memory limit on the page`);
  body.find('img[src]').each((_, el) => {
    $(el).attr('src', new URL($(el).attr('src') ?? '', pageUrl).toString());
  });
  body.find('a[href]').each((_, el) => {
    const href = $(el).attr('href') ?? '';
    if (!href.startsWith('#')) $(el).attr('href', new URL(href, pageUrl).toString());
  });
  const tags = $('[data-tagid]')
    .toArray()
    .map((el) => $(el).text().trim().replace(/^#/, ''))
    .filter(Boolean);
  return {
    remoteId: code,
    title: name.replace(new RegExp(`^${code}\\s*-\\s*`), ''),
    timeLimitMs,
    memoryLimitMb,
    description: body.html()!.trim(),
    input: '',
    output: '',
    hint: '',
    format: 'html',
    samples: readSamples($, body),
    source: meta('Resource') || 'SPOJ',
    url: pageUrl,
    tags: [...new Set(tags)],
  };
}

/** One look at `/status/ns=<id>`: the run's row, or null when the page has none for it. */
export function parseSpojStatus(html: string, runId: string): RemoteRunState | null {
  const $ = cheerio.load(html);
  const res = $(`#statusres_${runId}`);
  if (!res.length) return null;
  const raw = res.text().replace(/\s+/g, ' ').trim();
  if (res.attr('final') !== '1') {
    if (/^waiting/i.test(raw)) return { phase: 'pending', raw };
    if (/^compil/i.test(raw)) return { phase: 'compiling', raw };
    return { phase: 'judging', raw };
  }
  return {
    phase: 'final',
    status: SPOJ_FINAL_STATUS[res.attr('status') ?? ''] ?? JudgeStatus.SYSTEM_ERROR,
    time: parseSpojTime($(`#statustime_${runId}`).text()),
    memory: parseSpojMemory($(`#statusmem_${runId}`).text()),
    compileMessage: null,
    raw,
  };
}

/** The submit answer: the new run id, or the refusal SPOJ wrote. */
export function readSpojSubmitAnswer(html: string): { runId: string } | { refused: string } | null {
  const $ = cheerio.load(html);
  const id = $('input[name="newSubmissionId"]').attr('value');
  if (id) return { runId: id };
  for (const re of SPOJ_REFUSALS) {
    // The innermost element saying it holds the sentence the user reads on SPOJ.
    const said = $('body *').filter((_, el) => re.test($(el).text()));
    if (said.length) return { refused: said.last().text().replace(/\s+/g, ' ').trim() };
  }
  return null;
}

const loggedIn = (html: string) => cheerio.load(html)('span.fa.fa-sign-out').length > 0;

function checkId(id: string): string {
  const t = normaliseSpojId(id);
  if (!t) throw new RemoteError('badId', `"${id}" is not a SPOJ problem code (like TEST)`);
  return t;
}

async function ensureLogin(http: RemoteHttp, account: RemoteAccount) {
  if (loggedIn((await http.get('/')).text)) return;
  const res = await http.post('/login/', {
    form: { login_user: account.username, password: account.password, autologin: '1', next_raw: '/' },
    follow: false,
  });
  if (res.status >= 300 && res.status < 400 && loggedIn((await http.get('/')).text)) return;
  const alert = cheerio.load(res.text)('.alert-danger, .alert').first().text().replace(/\s+/g, ' ').trim();
  throw new RemoteError('loginFailed', alert || `SPOJ refused the login of ${account.username}`);
}

export const spojAdapter: RemoteJudgeAdapter = {
  oj: 'SPOJ',
  defaultBaseUrl: 'https://www.spoj.com',
  languages: SPOJ_LANGUAGES,
  normaliseId: normaliseSpojId,

  async fetchProblem(http, id) {
    const code = checkId(id);
    const path = `/problems/${code}/`;
    const page = await http.get(path, { follow: false });
    const problem = page.status === 200 ? parseSpojProblem(page.text, code, http.url(path)) : null;
    if (!problem) throw new RemoteError('notFound', `SPOJ has no problem ${code}`);
    return problem;
  },

  ensureLogin,

  async submit(http, account, input) {
    const code = checkId(input.problemId);
    await ensureLogin(http, account);
    const res = await http.post('/submit/complete/', {
      form: { lang: input.language.remoteId, problemcode: code, file: input.source, submit: 'Submit!' },
    });
    const answer = readSpojSubmitAnswer(res.text);
    if (!answer) throw new RemoteError('unexpected', 'SPOJ answered the submission without a run id');
    if ('refused' in answer) throw new RemoteError('refused', answer.refused);
    return answer;
  },

  async poll(http, _account, run) {
    const page = await http.get(`/status/ns=${encodeURIComponent(run.runId)}`);
    const state = parseSpojStatus(page.text, run.runId);
    if (!state) throw new RemoteError('notFound', `SPOJ shows no run ${run.runId}`);
    if (state.phase === 'final' && state.status === JudgeStatus.COMPILE_ERROR) {
      const error = await http.get(`/error/${encodeURIComponent(run.runId)}`);
      const message = cheerio.load(error.text)('pre small').first();
      return { ...state, compileMessage: message.length ? message.text() : null };
    }
    return state;
  },
};

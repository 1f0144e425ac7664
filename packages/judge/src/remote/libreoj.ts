/**
 * LibreOJ (`LIBRE`): a JSON API (lyrio) rather than pages. Every call is a POST of JSON (but the session
 * check, a GET); a refusal is an HTTP 200 `{"error":"ENUM"}`. A login is a Bearer token, kept in the
 * session's cookie jar under `token` so it is saved with the account like the other sites' cookies; an
 * account may hold a pasted token (`password` = `token:<t>`) instead of a password, because LibreOJ's
 * login wants a reCAPTCHA answer that only privileged accounts may skip.
 *
 * Ids: `6764` is the display id users see; submitting takes the internal id (`meta.id` of getProblem),
 * which may differ, so an imported problem is written `6764(41180)` when the two differ.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { stripVTControlCharacters } from 'node:util';
import { JudgeStatus } from '@oj/shared';
import type { RemoteHttp } from './http.js';
import {
  type RemoteAccount,
  RemoteError,
  type AdapterOptions,
  type RemoteJudgeAdapter,
  type RemoteLanguage,
  type RemoteProblem,
  type RemoteRunState,
} from './types.js';
import { VerdictTable } from './verdicts.js';

/** The jar entry holding the session's Bearer token. */
export const TOKEN_KEY = 'token';
const PASTED_PREFIX = 'token:';
const LOCALE = 'en_US';
/** lyrio asks login and submit for a reCAPTCHA answer; `skip` passes for accounts with SkipRecaptcha. */
const RECAPTCHA_HEADER = { 'x-recaptcha-token': 'skip' };
/** How often a throttled submit is tried again before the daemon is told to wait, and the longest wait. */
const SUBMIT_RETRIES = 2;
const MAX_WAIT_MS = 10_000;

// ---------------------------------------------------------------- ids

export interface LibreId {
  displayId: number;
  /** the id submit takes, when known */
  internalId: number | null;
}

/** `6764`, `6764(41180)`, `LIBRE-6764`, `#6764` or a problem URL (`https://loj.ac/p/6764`). */
export function parseLibreId(id: string): LibreId | null {
  const text = id
    .trim()
    .replace(/^libre-/i, '')
    .replace(/^https?:\/\/[^/]+\/p\//i, '');
  const m = /^#?(\d{1,9})(?:\s*\(\s*(\d{1,9})\s*\))?\/?$/.exec(text);
  if (!m) return null;
  const displayId = Number(m[1]);
  const internalId = m[2] === undefined ? null : Number(m[2]);
  if (displayId <= 0 || internalId === 0) return null;
  return { displayId, internalId };
}

export function formatLibreId({ displayId, internalId }: LibreId): string {
  return internalId === null || internalId === displayId ? String(displayId) : `${displayId}(${internalId})`;
}

// ---------------------------------------------------------------- API calls

/** The site's pages (problem links, images) are on `loj.ac` while the API is `api.loj.ac/api`. */
export function siteUrlOf(apiBaseUrl: string): string {
  const u = new URL(apiBaseUrl);
  u.hostname = u.hostname.replace(/^api\./, '');
  const path = u.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
  return `${u.origin}${path}`;
}

interface ApiCall {
  method?: 'GET' | 'POST';
  body?: unknown;
  token?: string | null;
  recaptcha?: boolean;
}

type ApiAnswer = Record<string, unknown> & { error?: string };

function retryAfterMs(headers: Headers): number {
  const seconds = Number(headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 5000;
}

async function api(http: RemoteHttp, path: string, call: ApiCall = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.recaptcha) Object.assign(headers, RECAPTCHA_HEADER);
  const res =
    call.method === 'GET' ? await http.get(path, { headers, follow: false }) : await http.post(path, { json: call.body ?? {}, headers, follow: false });
  if (res.status === 429) {
    const wait = retryAfterMs(res.headers);
    throw new RemoteError('rateLimited', `LibreOJ asks to wait ${Math.round(wait / 1000)} s`, wait);
  }
  if (res.status !== 200) throw new RemoteError('unexpected', `LibreOJ answered ${res.status} to ${path}`);
  try {
    const parsed: unknown = JSON.parse(res.text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as ApiAnswer;
  } catch {
    // falls through: a page that is not the API's JSON (a proxy's or challenge page)
  }
  throw new RemoteError('unexpected', `LibreOJ answered ${path} with something that is not its JSON`);
}

// ---------------------------------------------------------------- strings and statements

/** lyrio cuts long texts (compile messages, test data) to `{data, omittedLength}`. */
export function omittableText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'data' in value) {
    const { data, omittedLength } = value as { data: unknown; omittedLength?: unknown };
    const text = typeof data === 'string' ? data : '';
    return typeof omittedLength === 'number' && omittedLength > 0 ? `${text}\n(${omittedLength} more bytes not shown by LibreOJ)` : text;
  }
  return '';
}

/** g++'s coloured diagnostics keep their escape codes in LibreOJ's compile messages. */
export function compileMessageOf(value: unknown): string {
  return stripVTControlCharacters(omittableText(value));
}

const isAbsolute = (url: string) => /^(?:[a-z][a-z\d+.-]*:|#|\/\/)/i.test(url);

function absolute(url: string, siteUrl: string): string {
  if (isAbsolute(url)) return url;
  try {
    return new URL(url, `${siteUrl}/`).toString();
  } catch {
    return url;
  }
}

/** Markdown links and images, and the HTML `src`/`href` that statements embed, made absolute. */
export function absolutiseMarkdown(text: string, siteUrl: string): string {
  return text
    .replace(/(\]\(\s*<?)([^)\s>]+)/g, (_, lead: string, url: string) => `${lead}${absolute(url, siteUrl)}`)
    .replace(/^(\s*\[[^\]]+\]:\s*<?)(\S+?)(>?(?:\s|$))/gm, (_, lead: string, url: string, tail: string) => `${lead}${absolute(url, siteUrl)}${tail}`)
    .replace(/(\b(?:src|href)\s*=\s*["'])([^"']+)/gi, (_, lead: string, url: string) => `${lead}${absolute(url, siteUrl)}`);
}

export interface ContentSection {
  sectionTitle: string;
  type: 'Text' | 'Sample';
  text?: string;
  sampleId?: number;
}

type Slot = 'description' | 'input' | 'output' | 'hint';

/** Section titles as LibreOJ's problem editor names them, in English and Chinese. */
export function slotOfTitle(title: string): Slot | null {
  const t = title.trim().toLowerCase();
  if (/^(?:input|输入)/.test(t)) return 'input';
  if (/^(?:output|输出)/.test(t)) return 'output';
  if (/hint|note|limit|提示|说明|数据范围|限制/.test(t)) return 'hint';
  if (/description|statement|题目描述|题目|描述/.test(t)) return 'description';
  return null;
}

export interface LibreStatement {
  description: string;
  input: string;
  output: string;
  hint: string;
  samples: { input: string; output: string }[];
}

/**
 * LibreOJ's statement is a list of titled Markdown sections in the author's order. Each goes to the part
 * its title names; a section with another title (Background) joins the part before it under its own
 * heading, so nothing is lost and the order holds. A sample's explanation goes to the hint, which our
 * pages show after the samples, where the site shows it. Samples come out in the order
 * of the Sample sections, each the sample its `sampleId` names; samples no section shows follow.
 */
export function splitStatement(sections: ContentSection[], samples: { inputData?: unknown; outputData?: unknown }[], siteUrl: string): LibreStatement {
  const parts: Record<Slot, string[]> = { description: [], input: [], output: [], hint: [] };
  const seen = new Set<Slot>();
  const placed: number[] = [];
  let current: Slot = 'description';
  for (const section of sections) {
    const text = absolutiseMarkdown((section.text ?? '').trim(), siteUrl);
    if (section.type === 'Sample') {
      const id = section.sampleId ?? placed.length;
      if (samples[id] && !placed.includes(id)) placed.push(id);
      if (text) parts.hint.push(`#### ${section.sectionTitle || `Sample ${placed.length}`}\n\n${text}`);
      continue;
    }
    const slot = slotOfTitle(section.sectionTitle);
    if (slot) current = slot;
    const headed = !slot || seen.has(slot);
    if (slot) seen.add(slot);
    if (text) parts[current].push(headed ? `#### ${section.sectionTitle}\n\n${text}` : text);
  }
  samples.forEach((_, i) => {
    if (!placed.includes(i)) placed.push(i);
  });
  return {
    description: parts.description.join('\n\n'),
    input: parts.input.join('\n\n'),
    output: parts.output.join('\n\n'),
    hint: parts.hint.join('\n\n'),
    samples: placed.map((i) => ({ input: omittableText(samples[i]?.inputData), output: omittableText(samples[i]?.outputData) })),
  };
}

interface ProblemAnswer {
  meta?: { id?: number; displayId?: number };
  localizedContentsOfLocale?: { title?: string; contentSections?: ContentSection[] };
  samples?: { inputData?: unknown; outputData?: unknown }[];
  judgeInfo?: { timeLimit?: unknown; memoryLimit?: unknown };
  tagsOfLocale?: { name?: string }[];
}

async function getProblem(http: RemoteHttp, displayId: number, full: boolean): Promise<ProblemAnswer> {
  const body = full ? { displayId, localizedContentsOfLocale: LOCALE, samples: true, judgeInfo: true, tagsOfLocale: LOCALE } : { displayId };
  const answer = await api(http, '/problem/getProblem', { body, token: http.cookie(TOKEN_KEY) });
  // A hidden problem is as good as missing to an import.
  if (answer.error === 'NO_SUCH_PROBLEM' || answer.error === 'PERMISSION_DENIED') throw new RemoteError('notFound', `LibreOJ has no problem ${displayId}`);
  if (answer.error) throw new RemoteError('unexpected', `LibreOJ refused problem ${displayId}: ${answer.error}`);
  return answer as ProblemAnswer;
}

export function problemFromAnswer(answer: ProblemAnswer, displayId: number, siteUrl: string): RemoteProblem {
  const internalId = answer.meta?.id;
  const content = answer.localizedContentsOfLocale;
  const { timeLimit, memoryLimit } = answer.judgeInfo ?? {};
  if (typeof internalId !== 'number' || !content?.title || typeof timeLimit !== 'number' || typeof memoryLimit !== 'number') {
    throw new RemoteError('unexpected', `LibreOJ's problem ${displayId} lacks its id, title or limits (not a traditional problem?)`);
  }
  const statement = splitStatement(content.contentSections ?? [], answer.samples ?? [], siteUrl);
  return {
    remoteId: formatLibreId({ displayId, internalId }),
    title: content.title,
    timeLimitMs: timeLimit,
    memoryLimitMb: memoryLimit,
    ...statement,
    format: 'markdown',
    source: `LibreOJ #${displayId}`,
    url: `${siteUrl}/p/${displayId}`,
    tags: (answer.tagsOfLocale ?? []).map((t) => t.name ?? '').filter(Boolean),
  };
}

// ---------------------------------------------------------------- login

/** The token an account holds instead of a password, or null for a password account. */
export function pastedToken(account: RemoteAccount): string | null {
  return account.password.startsWith(PASTED_PREFIX) ? account.password.slice(PASTED_PREFIX.length).trim() : null;
}

/** The user id a token is logged in as, or null when LibreOJ no longer knows the token. */
export async function sessionUserId(http: RemoteHttp, token: string): Promise<number | null> {
  const answer = await api(http, `/auth/getSessionInfo?token=${encodeURIComponent(token)}`, { method: 'GET' });
  const id = (answer.userMeta as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' ? id : null;
}

const LOGIN_REFUSALS: Record<string, string> = {
  NO_SUCH_USER: 'LibreOJ has no such user',
  WRONG_PASSWORD: 'LibreOJ refused the password',
  USER_NOT_MIGRATED: 'the account is from the old LibreOJ: log in once on the site to move it',
};

async function logIn(http: RemoteHttp, account: RemoteAccount): Promise<string> {
  const who = account.username.includes('@') ? { email: account.username } : { username: account.username };
  let answer: ApiAnswer;
  try {
    answer = await api(http, '/auth/login', { body: { ...who, password: account.password }, recaptcha: true });
  } catch (e) {
    // lyrio answers a failed reCAPTCHA with 403: only a pasted token gets such an account in.
    if (e instanceof RemoteError && /answered 403/.test(e.message)) {
      throw new RemoteError('loginFailed', 'LibreOJ wants a reCAPTCHA for this account: paste a session token (token:<t>) instead');
    }
    throw e;
  }
  if (answer.error) {
    const refusal = LOGIN_REFUSALS[answer.error];
    throw refusal ? new RemoteError('loginFailed', refusal) : new RemoteError('unexpected', `LibreOJ's login answered ${answer.error}`);
  }
  if (typeof answer.token !== 'string' || !answer.token) throw new RemoteError('unexpected', "LibreOJ's login gave no token");
  return answer.token;
}

async function ensureLogin(http: RemoteHttp, account: RemoteAccount): Promise<string> {
  const pasted = pastedToken(account);
  const held = http.cookie(TOKEN_KEY);
  // A password account keeps the token of its last login; a pasted token is the only one its account has.
  const candidate = pasted ?? held;
  if (candidate && (await sessionUserId(http, candidate)) !== null) {
    if (candidate !== held) http.setCookie(TOKEN_KEY, candidate);
    return candidate;
  }
  if (pasted !== null) throw new RemoteError('loginFailed', 'LibreOJ no longer knows the pasted session token');
  // Each login opens one of the user's 20 sessions, which is why the held one is checked first.
  const token = await logIn(http, account);
  http.setCookie(TOKEN_KEY, token);
  return token;
}

// ---------------------------------------------------------------- languages

interface LibreLanguage extends RemoteLanguage {
  content: { language: string; compileAndRunOptions: Record<string, string> };
}

const gcc = (std: string) => ({ compiler: std.startsWith('c++') ? 'g++' : 'gcc', std, O: '2', m: '64' });

const LANGUAGES: LibreLanguage[] = [
  { name: 'C', remoteId: 'c', comment: 'slash', contentType: 'text/x-csrc', content: { language: 'c', compileAndRunOptions: gcc('c11') } },
  { name: 'C++', remoteId: 'cpp14', comment: 'slash', contentType: 'text/x-c++src', content: { language: 'cpp', compileAndRunOptions: gcc('c++14') } },
  { name: 'C++ 11', remoteId: 'cpp11', comment: 'slash', contentType: 'text/x-c++src', content: { language: 'cpp', compileAndRunOptions: gcc('c++11') } },
  { name: 'C++ 17', remoteId: 'cpp17', comment: 'slash', contentType: 'text/x-c++src', content: { language: 'cpp', compileAndRunOptions: gcc('c++17') } },
  { name: 'C++ 20', remoteId: 'cpp20', comment: 'slash', contentType: 'text/x-c++src', content: { language: 'cpp', compileAndRunOptions: gcc('c++20') } },
  { name: 'Java', remoteId: 'java', comment: 'slash', contentType: 'text/x-java', content: { language: 'java', compileAndRunOptions: {} } },
  {
    name: 'Python3',
    remoteId: 'python3',
    comment: 'hash',
    contentType: 'text/x-python',
    content: { language: 'python', compileAndRunOptions: { version: '3.10' } },
  },
  {
    name: 'Python2',
    remoteId: 'python2',
    comment: 'hash',
    contentType: 'text/x-python',
    content: { language: 'python', compileAndRunOptions: { version: '2.7' } },
  },
  {
    name: 'Rust',
    remoteId: 'rust',
    comment: 'slash',
    contentType: 'text/x-rustsrc',
    content: { language: 'rust', compileAndRunOptions: { version: '2021', optimize: '2' } },
  },
  { name: 'Go', remoteId: 'go', comment: 'slash', contentType: 'text/x-go', content: { language: 'go', compileAndRunOptions: { version: '1.x' } } },
];

/** What `/submission/submit` takes as `content` for one of our languages (`remoteId`). */
export function submissionContent(remoteId: string, code: string) {
  const lang = LANGUAGES.find((l) => l.remoteId === remoteId);
  if (!lang) throw new RemoteError('refused', `LibreOJ has no language ${remoteId} here`);
  return { language: lang.content.language, code, compileAndRunOptions: { ...lang.content.compileAndRunOptions } };
}

// ---------------------------------------------------------------- verdicts

export const libreojVerdicts = new VerdictTable({
  Pending: 'pending',
  Accepted: JudgeStatus.ACCEPTED,
  WrongAnswer: JudgeStatus.WRONG_ANSWER,
  CompilationError: JudgeStatus.COMPILE_ERROR,
  RuntimeError: JudgeStatus.RUNTIME_ERROR,
  TimeLimitExceeded: JudgeStatus.TIME_LIMIT_EXCEEDED,
  MemoryLimitExceeded: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  OutputLimitExceeded: JudgeStatus.OUTPUT_LIMIT_EXCEEDED,
  PartiallyCorrect: JudgeStatus.PARTIAL_ACCEPTED,
  FileError: JudgeStatus.SYSTEM_ERROR,
  JudgementFailed: JudgeStatus.SYSTEM_ERROR,
  ConfigurationError: JudgeStatus.SYSTEM_ERROR,
  SystemError: JudgeStatus.SYSTEM_ERROR,
  Canceled: JudgeStatus.CANCELLED,
});

/** While `meta.status` stays Pending, the judge's progress says how far it got. */
const PROGRESS_PHASES: Record<string, 'pending' | 'compiling' | 'judging'> = {
  Preparing: 'pending',
  Compiling: 'compiling',
  Running: 'judging',
};

export interface SubmissionDetail {
  meta?: {
    status?: string;
    score?: number | null;
    timeUsed?: number | null;
    memoryUsed?: number | null;
    problem?: { displayId?: number };
    submitter?: { id?: number };
  };
  progress?: {
    progressType?: string;
    compile?: { success?: boolean; message?: unknown };
    subtasks?: { score?: number | null }[];
  } | null;
}

const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The score LibreOJ gives, else the sum of its subtasks' scores. */
function scoreOf(detail: SubmissionDetail): number | null {
  const score = numberOrNull(detail.meta?.score);
  if (score !== null) return score;
  const subtasks = (detail.progress?.subtasks ?? []).map((s) => numberOrNull(s.score)).filter((s) => s !== null);
  return subtasks.length ? subtasks.reduce((a, b) => a + b, 0) : null;
}

export function runStateOf(detail: SubmissionDetail): RemoteRunState {
  const raw = detail.meta?.status ?? '';
  const entry = libreojVerdicts.lookup(raw);
  if (typeof entry === 'number') return final(detail, entry, raw);
  const progressType = detail.progress?.progressType;
  // Only a finished progress says a text we do not know is a verdict; otherwise the run may still move.
  if (entry === undefined && progressType === 'Finished') return final(detail, JudgeStatus.SYSTEM_ERROR, raw);
  if (!detail.progress) return { phase: 'pending', raw: raw || 'Pending' };
  return { phase: PROGRESS_PHASES[progressType ?? ''] ?? 'judging', raw: progressType ?? raw };
}

function final(detail: SubmissionDetail, status: number, raw: string): RemoteRunState {
  const compileMessage = status === JudgeStatus.COMPILE_ERROR ? compileMessageOf(detail.progress?.compile?.message) : null;
  return {
    phase: 'final',
    status,
    time: numberOrNull(detail.meta?.timeUsed),
    memory: numberOrNull(detail.meta?.memoryUsed),
    compileMessage,
    raw,
    score: scoreOf(detail),
  };
}

// ---------------------------------------------------------------- the adapter

function idOrThrow(id: string): LibreId {
  const parsed = parseLibreId(id);
  if (!parsed) throw new RemoteError('badId', `${id} is not a LibreOJ problem id`);
  return parsed;
}

async function internalIdOf(http: RemoteHttp, id: LibreId): Promise<number> {
  if (id.internalId !== null) return id.internalId;
  const internal = (await getProblem(http, id.displayId, false)).meta?.id;
  if (typeof internal !== 'number') throw new RemoteError('unexpected', `LibreOJ gave no internal id for problem ${id.displayId}`);
  return internal;
}

/** Whether the session's token still names a user: a refusal may only mean it expired. */
async function stillLoggedIn(http: RemoteHttp): Promise<boolean> {
  const token = http.cookie(TOKEN_KEY);
  return !!token && (await sessionUserId(http, token)) !== null;
}

async function detailOf(http: RemoteHttp, account: RemoteAccount, runId: string): Promise<SubmissionDetail> {
  const ask = () => api(http, '/submission/getSubmissionDetail', { body: { submissionId: runId, locale: LOCALE }, token: http.cookie(TOKEN_KEY) });
  let answer = await ask();
  if (answer.error === 'PERMISSION_DENIED' && !(await stillLoggedIn(http))) {
    await ensureLogin(http, account);
    answer = await ask();
  }
  if (answer.error === 'NO_SUCH_SUBMISSION') throw new RemoteError('notFound', `LibreOJ has no submission ${runId}`);
  if (answer.error) throw new RemoteError('unexpected', `LibreOJ refused submission ${runId}: ${answer.error}`);
  return answer as SubmissionDetail;
}

/**
 * For a run the user submitted on LibreOJ themselves and links to us: it must be the session user's and
 * of the same problem. (Not part of `RemoteJudgeAdapter` yet.)
 */
export async function ownsRun(http: RemoteHttp, account: RemoteAccount, run: { runId: string; problemId: string }): Promise<boolean> {
  const token = await ensureLogin(http, account);
  const [userId, detail] = await Promise.all([sessionUserId(http, token), detailOf(http, account, run.runId)]);
  return userId !== null && detail.meta?.submitter?.id === userId && detail.meta?.problem?.displayId === idOrThrow(run.problemId).displayId;
}

export function createLibreojAdapter(options: AdapterOptions = {}): RemoteJudgeAdapter {
  const sleep = options.sleep ?? wait;

  async function submitOnce(http: RemoteHttp, problemId: number, content: ReturnType<typeof submissionContent>): Promise<ApiAnswer> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await api(http, '/submission/submit', {
          body: { problemId, content, uploadInfo: null },
          token: http.cookie(TOKEN_KEY),
          recaptcha: true,
        });
      } catch (e) {
        if (!(e instanceof RemoteError) || e.kind !== 'rateLimited' || attempt >= SUBMIT_RETRIES) throw e;
        await sleep(Math.min(e.retryAfterMs ?? MAX_WAIT_MS, MAX_WAIT_MS));
      }
    }
  }

  return {
    oj: 'LIBRE',
    defaultBaseUrl: 'https://api.loj.ac/api',
    languages: LANGUAGES.map(({ content: _, ...language }) => language),

    normaliseId(id) {
      const parsed = parseLibreId(id);
      return parsed ? formatLibreId(parsed) : null;
    },

    async fetchProblem(http, id) {
      const { displayId } = idOrThrow(id);
      return problemFromAnswer(await getProblem(http, displayId, true), displayId, siteUrlOf(http.baseUrl));
    },

    async ensureLogin(http, account) {
      await ensureLogin(http, account);
    },

    async submit(http, account, input) {
      const id = idOrThrow(input.problemId);
      const content = submissionContent(input.language.remoteId, input.source);
      if (!http.cookie(TOKEN_KEY)) await ensureLogin(http, account);
      const problemId = await internalIdOf(http, id);
      let answer = await submitOnce(http, problemId, content);
      // Submitting logged out is refused as PERMISSION_DENIED too: log in again once before believing it.
      if (answer.error === 'PERMISSION_DENIED' && !(await stillLoggedIn(http))) {
        await ensureLogin(http, account);
        answer = await submitOnce(http, problemId, content);
      }
      if (answer.error === 'NO_SUCH_PROBLEM') throw new RemoteError('notFound', `LibreOJ has no problem ${input.problemId}`);
      if (answer.error) throw new RemoteError('refused', answer.error);
      const runId = answer.submissionId;
      if (typeof runId !== 'number' && typeof runId !== 'string') throw new RemoteError('unexpected', 'LibreOJ accepted the submission but gave no id');
      return { runId: String(runId) };
    },

    async poll(http, account, run) {
      const { displayId } = idOrThrow(run.problemId);
      const detail = await detailOf(http, account, run.runId);
      const of = detail.meta?.problem?.displayId;
      if (typeof of === 'number' && of !== displayId)
        throw new RemoteError('unexpected', `LibreOJ's submission ${run.runId} is of problem ${of}, not ${displayId}`);
      return runStateOf(detail);
    },
  };
}

export const libreojAdapter: RemoteJudgeAdapter = createLibreojAdapter();

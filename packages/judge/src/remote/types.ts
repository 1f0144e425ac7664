/**
 * A remote judge as the judge daemon talks to it: one adapter per site (HDU, Codeforces, Gym, POJ,
 * AtCoder, SPOJ, LibreOJ), each a module behind this interface. Nothing outside an adapter's module knows
 * which site it talks to: the daemon leases a remote task, hands the adapter an account and the source,
 * and stores what `submit` and `poll` answer. Adapters keep no state of their own between calls: a login
 * lives in the `RemoteHttp` session the caller keeps per account (its cookies are saved with the account).
 */
import type { RemoteOj } from '@oj/shared';
import type { RemoteHttp } from './http.js';

/** An account on the remote site: from the admin's pool, or a user's own session (Codeforces). */
export interface RemoteAccount {
  username: string;
  password: string;
}

/** A language the site takes, by our language name (as our judges name theirs) and the site's own id. */
export interface RemoteLanguage {
  /** our name for it, shown in the editor's menu (e.g. "C++ 17") */
  name: string;
  /** the value the site's submit form or API takes */
  remoteId: string;
  /** the comment syntax of its source, for the salt (`salt.ts`) */
  comment: 'slash' | 'hash' | 'dash' | 'brace';
  /** the CodeMirror mode of the editor (text/x-c++src, text/x-java, …) */
  contentType: string;
}

/** A statement section as the site writes it (HTML, already made absolute; Markdown for LibreOJ). */
export interface RemoteProblem {
  /** the site's problem id as we write it (`1000`, `1A`, `100001A`, `abc300_a`, `TEST`, `6764`) */
  remoteId: string;
  title: string;
  timeLimitMs: number;
  memoryLimitMb: number;
  /** statement parts; HTML unless `format` says Markdown */
  description: string;
  input: string;
  output: string;
  hint: string;
  format: 'html' | 'markdown';
  samples: { input: string; output: string }[];
  /** where the statement came from, shown as the problem's source */
  source: string;
  /** the problem page on the site, for the external link */
  url: string;
  tags: string[];
  /** a PDF-only statement (some Gym contests): the file's URL on the site */
  pdfUrl?: string;
  /** file IO names when the site says so (Gym) */
  io?: { input: string; output: string };
}

/** Where a remote run stands. `final`: the verdict as one of our statuses (@oj/shared JudgeStatus). */
export type RemoteRunState =
  | {
      phase: 'pending' | 'compiling' | 'judging';
      raw: string;
      /** a text the site's table does not know (logged, and polled on until the bounded poll ends: never guessed) */
      unknown?: true;
    }
  | {
      phase: 'final';
      /** JudgeStatus number: AC, WA, PE, TLE, MLE, OLE, RE, CE, PA, SE */
      status: number;
      /** ms and KB, null when the site does not say */
      time: number | null;
      memory: number | null;
      /** the compiler's message of a CE (the site's text), else null */
      compileMessage: string | null;
      /** the site's verdict text, kept as it was */
      raw: string;
      /** a score the site gives (LibreOJ, SPOJ), 0–100 */
      score?: number | null;
    };

/** A contest the site lists as coming or running, for the home page. */
export interface RecentContest {
  oj: RemoteOj;
  title: string;
  url: string;
  /** ISO times */
  beginTime: string;
  endTime: string;
}

/** What went wrong, in words the admin or the user can act on. */
export type RemoteErrorKind =
  /** the site did not answer, answered 5xx, or a challenge page we cannot pass */
  | 'unreachable'
  /** the account's name or password was refused */
  | 'loginFailed'
  /** no such problem (or run) on the site */
  | 'notFound'
  /** the id is not one this site's ids look like */
  | 'badId'
  /** the site asks to wait: `retryAfterMs` */
  | 'rateLimited'
  /** the site refused the submission (language not allowed, code too long, duplicate…): `message` */
  | 'refused'
  /** the page is not what the adapter knows (the site changed) */
  | 'unexpected';

/** How an adapter waits when a site asks it to (a rate limit, a run not listed yet); tests pass one that only records. */
export type Sleep = (ms: number) => Promise<unknown>;

/** What an adapter's factory takes: real waits unless a test gives its own. */
export interface AdapterOptions {
  sleep?: Sleep;
}

export class RemoteError extends Error {
  constructor(
    readonly kind: RemoteErrorKind,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'RemoteError';
  }
}

export interface SubmitInput {
  /** the site's problem id (RemoteProblem.remoteId) */
  problemId: string;
  language: RemoteLanguage;
  /** the source, salted already */
  source: string;
}

export interface RemoteJudgeAdapter {
  oj: RemoteOj;
  /** the site's address when none is configured (tests point `RemoteHttp` at a fixture instead) */
  defaultBaseUrl: string;
  languages: RemoteLanguage[];
  /** the id in the form the site's pages take, or null when it cannot be one of this site's */
  normaliseId(id: string): string | null;
  /** the problem's statement, limits, samples and tags (no login unless the site needs one) */
  fetchProblem(http: RemoteHttp, id: string): Promise<RemoteProblem>;
  /** logs the account in when its session (the cookies in `http`) is not logged in any more */
  ensureLogin(http: RemoteHttp, account: RemoteAccount): Promise<void>;
  /** submits and returns the site's run id */
  submit(http: RemoteHttp, account: RemoteAccount, input: SubmitInput): Promise<{ runId: string }>;
  /** where run `runId` of problem `problemId` stands (one look, no waiting) */
  poll(http: RemoteHttp, account: RemoteAccount, run: { runId: string; problemId: string }): Promise<RemoteRunState>;
  /** coming and running contests, where the site lists them */
  recentContests?(http: RemoteHttp): Promise<RecentContest[]>;
  /**
   * One look at a run the user made on the site himself (a linked run), read from the site's public
   * list of `handle`'s runs, no login: `notFound` when it is not his run of `problemId`. Sites whose
   * public pages do not tell whose run it is leave it out (their runs cannot be linked).
   */
  linkedRun?(http: RemoteHttp, run: { runId: string; problemId: string; handle: string }): Promise<RemoteRunState>;
}

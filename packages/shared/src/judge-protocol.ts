/**
 * The judge protocol (/api/judge/*, authenticated by the judge token in X-Judge-Token, never by user
 * logins): the server serves these routes from this table and the judge daemon calls them through
 * it, so neither side restates a path or a body. `testdata` answers the file's bytes, not an envelope.
 */
import { endpoint } from './endpoint.js';
import {
  judgeFailBody,
  judgeGiveBackBody,
  judgeHeartbeatBody,
  judgeManifestQuery,
  judgePollBody,
  judgeProgressBody,
  judgeRegisterBody,
  judgeResultBody,
  type JudgeFailResponse,
  type JudgeHeartbeatResponse,
  type JudgeProgressResponse,
  type JudgeRegisterResponse,
  type JudgeResultResponse,
  type ProblemManifest,
} from './judge.js';
import { judgeJobOutputQuery, judgeJobResultBody } from './judge-job.js';
import {
  judgePlagiarismFailBody,
  judgePlagiarismProgressBody,
  judgePlagiarismResultBody,
  judgePlagiarismSourcesQuery,
  type PlagiarismSources,
} from './plagiarism.js';
import { judgeRemoteFailBody, judgeRemoteProgressBody, judgeRemoteResultBody, type JudgeRemoteFailResponse } from './remote-judge.js';
import { judgeTestRunResultBody, type PolledTask } from './test-run.js';
import { judgeHackResultBody } from './contest-hacks.js';

export const judgeEndpoints = {
  register: endpoint<JudgeRegisterResponse>()({ method: 'POST', path: 'judge/register', body: judgeRegisterBody }),
  heartbeat: endpoint<JudgeHeartbeatResponse>()({ method: 'POST', path: 'judge/heartbeat', body: judgeHeartbeatBody }),
  /** A task of any kind, or null when none came within the wait. */
  poll: endpoint<PolledTask | null>()({ method: 'POST', path: 'judge/poll', body: judgePollBody }),
  manifest: endpoint<ProblemManifest>()({ method: 'GET', path: 'judge/manifest', query: judgeManifestQuery }),
  /** `:hash` is the file's SHA-256 (testdataHashParams); the answer is the bytes. */
  testdata: endpoint<never>()({ method: 'GET', path: 'judge/testdata/:hash', raw: 'download' }),
  progress: endpoint<JudgeProgressResponse>()({ method: 'POST', path: 'judge/progress', body: judgeProgressBody }),
  result: endpoint<JudgeResultResponse>()({ method: 'POST', path: 'judge/result', body: judgeResultBody }),
  testRunResult: endpoint<{ duplicate: boolean }>()({ method: 'POST', path: 'judge/test-run/result', body: judgeTestRunResultBody }),
  hackResult: endpoint<{ duplicate: boolean }>()({ method: 'POST', path: 'judge/hack/result', body: judgeHackResultBody }),
  fail: endpoint<JudgeFailResponse>()({ method: 'POST', path: 'judge/fail', body: judgeFailBody }),
  /** a stopping judge's check or hack back to the queue, no attempt counted (a lease no longer live: nothing changes) */
  giveBack: endpoint<null>()({ method: 'POST', path: 'judge/give-back', body: judgeGiveBackBody }),
  remoteProgress: endpoint<JudgeProgressResponse>()({ method: 'POST', path: 'judge/remote/progress', body: judgeRemoteProgressBody }),
  remoteResult: endpoint<JudgeResultResponse>()({ method: 'POST', path: 'judge/remote/result', body: judgeRemoteResultBody }),
  remoteFail: endpoint<JudgeRemoteFailResponse>()({ method: 'POST', path: 'judge/remote/fail', body: judgeRemoteFailBody }),
  jobResult: endpoint<{ duplicate: boolean }>()({ method: 'POST', path: 'judge/job/result', body: judgeJobResultBody }),
  /** The body is a step's output (application/octet-stream); the answer is where the store keeps it. */
  jobOutput: endpoint<{ hash: string; size: number }>()({ method: 'POST', path: 'judge/job/output', query: judgeJobOutputQuery, raw: 'octet-stream' }),
  /** a leased plagiarism check's sources */
  plagiarismSources: endpoint<PlagiarismSources>()({ method: 'GET', path: 'judge/plagiarism/sources', query: judgePlagiarismSourcesQuery }),
  /** a check's progress; extends its lease (409 once the lease is gone) */
  plagiarismProgress: endpoint<null>()({ method: 'POST', path: 'judge/plagiarism/progress', body: judgePlagiarismProgressBody }),
  plagiarismResult: endpoint<{ duplicate: boolean }>()({ method: 'POST', path: 'judge/plagiarism/result', body: judgePlagiarismResultBody }),
  plagiarismFail: endpoint<null>()({ method: 'POST', path: 'judge/plagiarism/fail', body: judgePlagiarismFailBody }),
};

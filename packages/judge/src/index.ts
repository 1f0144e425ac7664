export * from './sandbox.js';
export * from './languages.js';
export * from './compare.js';
export * from './verdict.js';
export * from './modes.js';
export * from './run.js';
export * from './checker.js';
export * from './interactive.js';
export * from './submission.js';
export * from './test-run.js';
export * from './testdata-cache.js';
export {
  judgeOne,
  runCase,
  toSubmissionCase,
  type JudgeCaseInput,
  type JudgeRequest,
  type JudgeResult,
  type CaseResult,
  type RunCaseOptions,
} from './judge.js';
export * from './daemon/client.js';
export * from './daemon/daemon.js';
export * from './daemon/log.js';
export * from './daemon/remote-config.js';
export { checkSandbox, languageReports, offeredLanguages, selfTestLanguage, SandboxUnavailableError } from './daemon/preflight.js';
export { HostUsageSampler, type HostUsage } from '@oj/shared/host-usage';

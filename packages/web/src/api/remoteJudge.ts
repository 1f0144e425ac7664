import {
  adminRemoteAccountEndpoints as accountEp,
  remoteJudgeEndpoints as ep,
  type ImportedRemoteProblem,
  type RemoteAccountAddBody,
  type RemoteAccountUpdateBody,
  type RemoteOj,
} from '@oj/shared';
import { request, requestResult } from './endpoint';

/** The remote judges' account pool (the super admin's, beside the switches). Rows never carry a password. */
export const remoteAccountApi = {
  list: () => request(accountEp.list, { query: {} }),
  add: (body: RemoteAccountAddBody) => requestResult(accountEp.add, { body }),
  /** A password left out keeps the stored one. */
  update: (body: RemoteAccountUpdateBody) => requestResult(accountEp.update, { body }),
  remove: (id: number) => requestResult(accountEp.remove, { query: { id } }),
};

export const remoteAccountKeys = {
  list: ['admin-remote-accounts'] as const,
};

/**
 * Where an imported remote problem goes: the bank only, or the bank and then a training, a contest
 * (under a display id) or a group's problems. Each place has its own call and its own rights.
 */
export type RemoteImportTarget = { kind: 'bank' } | { kind: 'training'; tid: number } | { kind: 'contest'; cid: number } | { kind: 'group'; gid: number };

export interface RemoteImportInput {
  name: RemoteOj;
  problemId: string;
  /** the contest's display id (a contest target only) */
  displayId?: string;
}

/**
 * How long an import may take: the server waits for a judge serving the site (minutes while the
 * judges are busy) and then for its fetch (a slow site, a login of several pages).
 */
const IMPORT_TIMEOUT_MS = 7 * 60_000;

/** Imports (or refreshes) problem `problemId` of site `name` into the target's place. */
export function importRemoteProblem(target: RemoteImportTarget, { name, problemId, displayId }: RemoteImportInput): Promise<ImportedRemoteProblem> {
  const opts = { timeoutMs: IMPORT_TIMEOUT_MS };
  switch (target.kind) {
    case 'bank':
      return request(ep.importToBank, { query: { name, problemId } }, opts);
    case 'training':
      return request(ep.importToTraining, { query: { name, problemId, tid: target.tid } }, opts);
    case 'contest':
      return request(ep.importToContest, { query: { name, problemId, cid: target.cid, displayId: displayId ?? '' } }, opts);
    case 'group':
      return request(ep.importToGroup, { query: { name, problemId, gid: target.gid } }, opts);
  }
}

/**
 * Links a run the user made on Codeforces (or Gym) himself: the answer is the new submission, followed
 * like a submitted one. Silent: the link dialog shows a refusal (no Codeforces username, a run already
 * linked) in place and stays open, instead of a toast behind it.
 */

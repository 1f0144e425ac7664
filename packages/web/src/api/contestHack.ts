import { contestHackEndpoints as ep, type HackKit } from '@oj/shared';
import type { RequestOptions } from './client';
import { request } from './endpoint';

/** Hacks of a contest (contest-hacks.ts): locks, the target's code, sending a hack, the list, the staff's hacks-to-tests. */
type Opts = Pick<RequestOptions, 'silent'>;

export const contestHackApi = {
  lock: (cid: number, displayId: string) => request(ep.lock, { body: { cid, displayId } }),
  locks: (cid: number, o?: Opts) => request(ep.locks, { query: { cid } }, o),
  target: (cid: number, submitId: number, o?: Opts) => request(ep.target, { query: { cid, submitId } }, o),
  submit: (cid: number, submitId: number, input: string) => request(ep.submit, { body: { cid, submitId, input } }),
  list: (cid: number, o?: Opts) => request(ep.list, { query: { cid } }, o),
  toTests: (cid: number) => request(ep.toTests, { body: { cid } }),
  kit: (pid: number, o?: Opts) => request(ep.kit, { query: { pid } }, o),
  /** Silent: a kit that does not compile is refused with the compiler's output, which the card shows. */
  saveKit: (kit: HackKit) => request(ep.saveKit, { body: kit }, { silent: true }),
};

export const contestHackKeys = {
  locks: (cid: number, uid: string) => ['contest-hack', 'locks', cid, uid] as const,
  list: (cid: number, uid: string) => ['contest-hack', 'list', cid, uid] as const,
  target: (cid: number, submitId: number) => ['contest-hack', 'target', cid, submitId] as const,
  kit: (pid: number) => ['contest-hack', 'kit', pid] as const,
};

/**
 * A whole daemon with remote judging on (the real sandbox checks it, the C self-test passes) against a
 * fake judge server and the HDU fixture: registration names the served site and its languages, the
 * sandbox workers poll the local lane while the remote workers poll the remote one and judge a remote
 * submission there, and a stop gives a remote submission still waiting on its site back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, type RemoteTask } from '@oj/shared';
import { JudgeDaemon } from '../src/daemon/daemon.js';
import { findLanguage } from '../src/languages.js';
import { FAKE_JUDGE_TOKEN, type FakeJudge, startFakeJudge } from './remote/fake-judge.js';
import { HDU_ACCOUNT, type HduFixture, startHduFixture } from './remote/fixtures/hdu.js';

let judge: FakeJudge;
let hdu: HduFixture;
let cacheDir: string;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

beforeAll(async () => {
  [judge, hdu] = await Promise.all([startFakeJudge(), startHduFixture()]);
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-remote-daemon-'));
});
afterAll(async () => {
  await Promise.all([judge.close(), hdu.close()]);
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

let lastTaskId = 500;
function remoteTask(): RemoteTask {
  lastTaskId++;
  return {
    kind: 'remote',
    taskId: lastTaskId,
    leaseToken: `lease-${lastTaskId}-0123456789abcdef`,
    leaseDeadline: new Date(Date.now() + 60_000).toISOString(),
    leaseMs: 60_000,
    attempt: 1,
    oj: 'HDU',
    submitId: lastTaskId,
    problemId: '1000',
    language: 'C',
    code: '#include <stdio.h>\nint main(void){int a,b;while(scanf("%d%d",&a,&b)==2)printf("%d\\n",a+b);return 0;}',
    account: { id: 1, ...HDU_ACCOUNT, session: null },
    linkedHandle: null,
    runId: null,
  };
}

async function until(what: string, done: () => boolean) {
  const deadline = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const of = (route: string, taskId: number) => judge.bodies(route).filter((b) => b.taskId === taskId);

describe('a daemon with remote judging on', () => {
  it('registers the served site with its languages, polls both lanes, judges a remote submission on its site, and gives one back when it stops', async () => {
    const daemon = new JudgeDaemon({
      server: judge.url,
      token: FAKE_JUDGE_TOKEN,
      name: 'remote-daemon-test',
      capacity: 1,
      cacheDir,
      pollWaitMs: 200,
      languages: [findLanguage('C')!],
      log: quiet,
      remote: { ojs: ['HDU'], workers: 2, baseUrls: { HDU: hdu.server.baseUrl }, sleep: () => new Promise((r) => setTimeout(r, 20)) },
    });
    const info = await daemon.start();
    try {
      expect(info).toMatchObject({ remoteOjs: ['HDU'], remoteWorkers: 2, capacity: 1, languages: ['C'] });
      const [registration] = judge.bodies('register');
      expect(registration).toMatchObject({
        remoteOjs: ['HDU'],
        remoteLanguages: [
          { oj: 'HDU', name: 'C', contentType: 'text/x-csrc' },
          { oj: 'HDU', name: 'C++', contentType: 'text/x-c++src' },
          { oj: 'HDU', name: 'Java', contentType: 'text/x-java' },
        ],
      });

      hdu.nextSteps = [{ status: 'Queuing' }, { status: 'Running' }, { status: 'Accepted', time: '0MS', memory: '1200K' }];
      const judged = remoteTask();
      judge.queue.remote.push(judged);
      await until('the remote submission has its result', () => of('remote/result', judged.taskId).length > 0);
      expect(of('remote/result', judged.taskId)).toEqual([expect.objectContaining({ status: JudgeStatus.ACCEPTED, time: 0, memory: 1200 })]);
      const lanes = new Set(judge.bodies('poll').map((p) => p.lane));
      expect(lanes).toEqual(new Set(['local', 'remote']));

      hdu.nextSteps = [{ status: 'Running' }];
      const waiting = remoteTask();
      judge.queue.remote.push(waiting);
      await until('the waiting submission is judging on its site', () => of('remote/progress', waiting.taskId).some((p) => p.status === JudgeStatus.JUDGING));
      await daemon.stop(0);
      expect(await daemon.finished).toBeNull();
      expect(of('remote/fail', waiting.taskId)).toEqual([expect.objectContaining({ failure: 'unreachable', error: 'the judge is stopping' })]);
      expect(of('remote/result', waiting.taskId)).toEqual([]);
      expect(judge.refused).toEqual([]);
    } finally {
      await daemon.stop(0);
    }
  });
});

/**
 * Verification images (slide puzzle, captcha): drawn off the event loop, rate-limited per client across
 * API nodes, and a puzzle that is more than a dark square to find (a decoy hole of another shape).
 */
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_GUARD, formatMsg, LOGIN_GUARD, MSG } from '@oj/shared';
import { buildApp } from '../src/app.js';
import { connect } from '../src/db/client.js';
import { captchas } from '../src/db/schema/index.js';
import { challengePool } from '../src/lib/challenge-pool.js';
import { drawPuzzle, PIECE_BOX } from '../src/lib/puzzle-draw.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, puzzleAnswer } from './helpers.js';
import { client } from './client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { username: 'grace', password: 'grace-pass' });
});
afterAll(() => t.close());

const W: number = LOGIN_GUARD.puzzle.width;
const H: number = LOGIN_GUARD.puzzle.height;
const png = (url: string) => PNG.sync.read(Buffer.from(url.replace(/^data:image\/png;base64,/, ''), 'base64'));

/** Connected groups (8-neighbour) of at least `min` pixels darker than `limit` in a 325×100 image. */
function darkRegions(img: PNG, limit: number, min: number): { x0: number; x1: number; size: number }[] {
  const dark = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) dark[i] = (img.data[i * 4]! + img.data[i * 4 + 1]! + img.data[i * 4 + 2]!) / 3 < limit ? 1 : 0;
  const seen = new Uint8Array(W * H);
  const regions: { x0: number; x1: number; size: number }[] = [];
  for (let start = 0; start < W * H; start++) {
    if (!dark[start] || seen[start]) continue;
    const stack = [start];
    seen[start] = 1;
    let size = 0,
      x0 = W,
      x1 = 0;
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      const x = p % W,
        y = Math.floor(p / W);
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx,
            ny = y + dy;
          const q = ny * W + nx;
          if (nx >= 0 && ny >= 0 && nx < W && ny < H && dark[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
    }
    if (size >= min) regions.push({ x0, x1, size });
  }
  return regions;
}

describe('slide puzzle drawing', () => {
  it("cuts two holes: the piece's and a decoy of another shape on the same rows", () => {
    // A flat grey picture, so only the holes (and the speckles over them) differ from it.
    const base = new Float32Array(W * H * 3).fill(170);
    const x = 70;
    const y = 20;
    const drawn = drawPuzzle(x, y, { base });
    const bg = png(drawn.bgImage);
    const holes = darkRegions(bg, 140, 400).sort((a, b) => a.x0 - b.x0);
    expect(holes).toHaveLength(2);
    const real = holes.find((h) => h.x0 >= x - 1 && h.x1 <= x + PIECE_BOX)!;
    const decoy = holes.find((h) => h !== real)!;
    expect(real).toBeTruthy();
    expect(Math.abs(decoy.x0 - drawn.decoy.x)).toBeLessThanOrEqual(PIECE_BOX);
    expect(Math.abs(drawn.decoy.y - y)).toBeLessThanOrEqual(8);

    // The decoy's outline differs from the piece's: laid over each other they disagree on many pixels.
    const piece = png(drawn.pieceImage);
    let differ = 0;
    for (let py = 0; py < PIECE_BOX; py++)
      for (let px = 0; px < PIECE_BOX; px++) {
        const inPiece = piece.data[(py * PIECE_BOX + px) * 4 + 3]! > 200;
        const b = ((drawn.decoy.y + py) * W + drawn.decoy.x + px) * 4;
        const inDecoy = (bg.data[b]! + bg.data[b + 1]! + bg.data[b + 2]!) / 3 < 140;
        if (inPiece !== inDecoy) differ++;
      }
    expect(differ).toBeGreaterThan(150);
  });

  it('changes the rim and the shade of the hole from one challenge to the next', () => {
    const base = new Float32Array(W * H * 3).fill(170);
    const insides = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const bg = png(drawPuzzle(70, 20, { base }).bgImage);
      // The mean of the hole's middle (the square's centre, away from the rim and the knobs).
      let sum = 0;
      for (let py = 25; py < 45; py++) for (let px = 80; px < 100; px++) sum += bg.data[(py * W + px) * 4]!;
      insides.add(Math.round(sum / 400 / 8));
    }
    expect(insides.size).toBeGreaterThan(1);
  });
});

describe('slide puzzle and captcha calls', () => {
  it('are drawn by the worker thread, not on the event loop', async () => {
    const before = challengePool.stats.inWorker;
    const r = await client(t).call('account.loginPuzzle', {}, { ip: '10.9.0.1' });
    expect(r.status).toBe(200);
    const c = await client(t).call('account.captcha', {}, { ip: '10.9.0.1' });
    expect(c.status).toBe(200);
    expect(c.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(challengePool.stats.started).toBeGreaterThanOrEqual(1);
    // The pool is the process's: drawings made ahead (for an earlier test file in this worker) may be
    // handed out, and the refill is drawn in the worker afterwards.
    await expect.poll(() => challengePool.stats.inWorker, { timeout: 10_000 }).toBeGreaterThan(before);
    expect(challengePool.stats.here).toBe(0);
  });

  it('give a puzzle that accepts the right answer once and refuses a wrong one', async () => {
    const ip = '10.9.1.1';
    for (let i = 0; i < LOGIN_GUARD.puzzleAfterFailures; i++)
      await client(t).call('account.login', { body: { username: 'grace', password: 'wrong-pass' } }, { ip });
    const wrong = (await client(t).call('account.loginPuzzle', {}, { ip })).data;
    const wx = await puzzleAnswer(t, wrong.puzzleToken);
    const refused = await client(t).call(
      'account.login',
      { body: { username: 'grace', password: 'grace-pass', puzzleToken: wrong.puzzleToken, puzzleX: wx + 20 } },
      { ip },
    );
    expect(refused.msg).toBe(MSG.puzzleFailed);
    const { data } = await client(t).call('account.loginPuzzle', {}, { ip });
    const x = await puzzleAnswer(t, data.puzzleToken);
    const r = await client(t).call('account.login', { body: { username: 'grace', password: 'grace-pass', puzzleToken: data.puzzleToken, puzzleX: x } }, { ip });
    expect(r.status).toBe(200);
    const again = await client(t).call(
      'account.login',
      { body: { username: 'grace', password: 'grace-pass', puzzleToken: data.puzzleToken, puzzleX: x } },
      { ip },
    );
    // No puzzle is needed any more (the failures were cleared), so the reused token is not even looked at.
    expect(again.status).toBe(200);
    for (let i = 0; i < LOGIN_GUARD.puzzleAfterFailures; i++)
      await client(t).call('account.login', { body: { username: 'grace', password: 'wrong-pass' } }, { ip });
    const reused = await client(t).call(
      'account.login',
      { body: { username: 'grace', password: 'grace-pass', puzzleToken: data.puzzleToken, puzzleX: x } },
      { ip },
    );
    expect(reused.msg).toBe(MSG.puzzleFailed);
  });

  it(`answer HTTP 429 after ${CHALLENGE_GUARD.perIp} per minute from one address, counted across API nodes`, async () => {
    const ip = '10.9.2.1';
    // A second API node on the same database: the limit is the database's count, not one process's.
    const db2 = connect(t.config.databaseUrl!, 2);
    const node2 = await buildApp({ config: t.config, database: db2 });
    await node2.ready();
    try {
      const half = CHALLENGE_GUARD.perIp / 2;
      for (let i = 0; i < half; i++) expect((await client(t).call('account.loginPuzzle', {}, { ip })).status).toBe(200);
      for (let i = 0; i < CHALLENGE_GUARD.perIp - half; i++) {
        const r = await client({ app: node2 }).call('account.loginPuzzle', {}, { ip });
        expect(r.status).toBe(200);
      }
      for (const node of [t.app, node2]) {
        const r = await client({ app: node }).call('account.loginPuzzle', {}, { ip });
        expect(r.http).toBe(429);
        expect(r.status).toBe(429);
        expect(r.msg).toMatch(new RegExp(`^${formatMsg(MSG.challengeTooFrequent, { seconds: '\\d+' }).replace(/\./g, '\\.')}$`));
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(CHALLENGE_GUARD.windowSec);
      }
      // Another address and the captcha (counted apart) are not held up.
      expect((await client(t).call('account.loginPuzzle', {}, { ip: '10.9.2.2' })).status).toBe(200);
      expect((await client(t).call('account.captcha', {}, { ip })).status).toBe(200);
    } finally {
      await node2.close();
      await db2.close();
    }
  });

  it('limit the captcha too, and a refused call stores no captcha', async () => {
    const ip = '10.9.3.1';
    for (let i = 0; i < CHALLENGE_GUARD.perIp; i++) expect((await client(t).call('account.captcha', {}, { ip })).status).toBe(200);
    const rows = (await t.database.db.select().from(captchas)).length;
    const r = await client(t).call('account.captcha', {}, { ip });
    expect(r).toMatchObject({ http: 429, status: 429 });
    // the refusal hands out no key, and no row was stored for it
    expect(r.data).toEqual({ seconds: expect.any(Number) });
    expect((await t.database.db.select().from(captchas)).length).toBe(rows);
  });
});

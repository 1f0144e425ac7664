/**
 * The CLICS event feed, made from the contest's current data rather than kept as a log (no table): the
 * contest-wide objects first (contest, judgement types, languages, problems, organizations, teams, state,
 * awards), then every submission, judgement and run in the order of its key (judging.ts: when it changed
 * for this viewer). A line's token is `<ms>-<seq>-<digest>-<window>`: the key the client has seen
 * everything up to, a digest of the contest-wide objects it holds, and a digest of the judging objects it
 * holds whose key lies within LOOKBACK_MS below that key (which object, at which key).
 *
 * Keys are timestamps written inside the writing transaction (a verdict's `gmt_modified` is its
 * transaction's start), so an object can become visible after a token past its key was given (its
 * transaction committed late). A resume (`since_token`) therefore reads from the key less LOOKBACK_MS:
 * it sends the contest-wide objects again only when their digest moved, the objects of that window
 * again when the window's digest differs from the token's (one came or moved: notifications are
 * full-object updates, so a re-sent one is harmless; an old token without a window digest re-sends it),
 * and the rest above the key. A transaction longer than LOOKBACK_MS can still be missed.
 *
 * Live: the stream hears the push notices of the contest (`oj_live` submission notices: judging,
 * verdicts, rejudges; `oj_change` board and submission notices of admin changes; a lost LISTEN
 * connection) and reads what changed since its last key less LOOKBACK_MS (the same late commit),
 * sending only the objects whose content it has not sent yet; every TICK_MS it reads again anyway (the
 * state moves with the clock: started, frozen, ended, thawed) and writes the newline keep-alive the spec
 * asks for within 120 s. The open feeds of a contest and view on one node share their reads
 * (`sharedRead`): one notice wakes them all, and one read begun after it serves each.
 */
import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { CLICS_JUDGEMENT_TYPES, isUnfinished, type ClicsNotification } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { LIVE_CHANNEL } from '../../lib/live-publish.js';
import { CHANGE_CHANNEL } from '../../lib/session-cache.js';
import { contestById } from '../contest/access.js';
import { validSessions } from '../live/hub.js';
import { contestData, judgingOf, stateOf } from './contest-data.js';
import { compareKeys, type Key } from './judging.js';
import { contestObject } from './objects.js';
import { awardObjects } from './scoreboard.js';
import { viewOf, type ClicsView } from './view.js';

const LOOKBACK_MS = 60_000;
const TICK_MS = 30_000;
const KEEPALIVE_MS = 100_000;
/** Reads of a live stream are at least this far apart (a judge reports case progress many times a second). */
const MIN_GAP_MS = 1000;

const slot = (n: ClicsNotification) => `${n.type}/${n.id ?? ''}`;

const digest = (x: unknown) => crypto.createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 12);

export const tokenOf = (key: Key, staticDigest: string, window: string) => `${key[0]}-${key[1]}-${staticDigest}-${window}`;

/**
 * A token of this feed, or a refusal (400: the spec's answer to a token the server cannot resume from).
 * A token without a window digest (given before it had one) resumes as one whose window differs.
 */
export function parseToken(token: string): { key: Key; digest: string; window: string | null } {
  const m = /^(\d{1,15})-(\d{1,15})-([0-9a-f]{12})(?:-([0-9a-f]{12}))?$/.exec(token);
  if (!m) throw fail('clicsBadToken');
  return { key: [Number(m[1]), Number(m[2])], digest: m[3]!, window: m[4] ?? null };
}

/** The digest of an empty window. */
const EMPTY = '0'.repeat(12);
/** A judging object at its key, as a 48-bit hash: a window's digest is the XOR of its members'. */
const memberHash = (slot: string, key: Key) => BigInt(`0x${crypto.createHash('sha256').update(`${slot}@${key[0]}.${key[1]}`).digest('hex').slice(0, 12)}`);

interface Held {
  slot: string;
  key: Key;
  hash: bigint;
}

/**
 * The judging objects a client holds with a key in (last − LOOKBACK_MS, last], by slot, and their
 * digest (kept as it goes: a whole feed holds every object once). Objects come in key order (a read)
 * or not (a live stream sends a late commit below its last key); those that fall out of the window as
 * `last` grows are dropped.
 */
export class Window {
  private readonly held = new Map<string, Held>();
  /** `held`'s entries by key (a replaced entry stays until it falls out: it is no longer in `held`) */
  private queue: Held[] = [];
  private head = 0;
  private xor = 0n;
  last: Key;
  constructor(last: Key) {
    this.last = last;
  }
  /** The client now holds `slot` at `key` (sent, or the same content as it was sent); `last` moves up to it. */
  hold(slot: string, key: Key): void {
    const old = this.held.get(slot);
    if (old) {
      this.xor ^= old.hash;
      this.held.delete(slot);
    }
    if (compareKeys(key, this.last) > 0) this.advance(key);
    if (key[0] <= this.last[0] - LOOKBACK_MS) return;
    const h: Held = { slot, key, hash: memberHash(slot, key) };
    this.held.set(slot, h);
    this.xor ^= h.hash;
    let i = this.queue.length;
    while (i > this.head && compareKeys(this.queue[i - 1]!.key, key) > 0) i--;
    this.queue.splice(i, 0, h);
  }
  private advance(key: Key): void {
    this.last = key;
    const floor = key[0] - LOOKBACK_MS;
    while (this.head < this.queue.length && this.queue[this.head]!.key[0] <= floor) {
      const h = this.queue[this.head++]!;
      if (this.held.get(h.slot) === h) {
        this.held.delete(h.slot);
        this.xor ^= h.hash;
      }
    }
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }
  digest(): string {
    return this.xor.toString(16).padStart(12, '0');
  }
  token(staticDigest: string): string {
    return tokenOf(this.last, staticDigest, this.digest());
  }
}

interface Batch {
  statics: ClicsNotification[];
  staticDigest: string;
  /** in key order */
  dynamics: { key: Key; n: ClicsNotification }[];
}

/** The feed's objects as of now: the contest-wide ones, and the judging ones changed since `since` (all: null). */
async function batchOf(ctx: AppContext, v: ClicsView, since: number | null): Promise<Batch> {
  const d = await contestData(ctx, v);
  const [state, awards, judging] = await Promise.all([stateOf(ctx, v), awardObjects(ctx, v, d.links), judgingOf(ctx, v, d, since)]);
  const statics: ClicsNotification[] = [
    { type: 'contest', id: null, data: contestObject(v) },
    { type: 'judgement-types', id: null, data: CLICS_JUDGEMENT_TYPES },
    { type: 'languages', id: null, data: d.languages },
    { type: 'problems', id: null, data: d.problems },
    { type: 'organizations', id: null, data: d.organizations },
    { type: 'teams', id: null, data: d.teams },
    { type: 'state', id: null, data: state },
    ...awards.map((a) => ({ type: 'awards', id: a.id, data: a })),
  ];
  const dynamics: Batch['dynamics'] = [];
  for (const j of judging) {
    dynamics.push({ key: j.submissionKey, n: { type: 'submissions', id: j.submission.id, data: j.submission } });
    if (j.judgement) dynamics.push({ key: j.judgementKey, n: { type: 'judgements', id: j.judgement.id, data: j.judgement } });
    for (const r of j.runs) dynamics.push({ key: j.runsKey, n: { type: 'runs', id: r.id, data: r } });
  }
  dynamics.sort((a, b) => compareKeys(a.key, b.key));
  return { statics, staticDigest: digest(statics), dynamics };
}

/**
 * The feed's lines from the start, or after `sinceToken` (as the module comment says), each with its
 * token; `window` is what the client holds when they are read, where the next read continues from, and
 * `held` the objects read that the token says he holds as they are (a live stream does not send them again).
 */
export async function feedLines(
  ctx: AppContext,
  v: ClicsView,
  sinceToken?: string,
): Promise<{ lines: ClicsNotification[]; held: ClicsNotification[]; window: Window; staticDigest: string }> {
  const since = sinceToken === undefined ? null : parseToken(sinceToken);
  const b = await batchOf(ctx, v, since ? since.key[0] - LOOKBACK_MS : null);
  const lines: ClicsNotification[] = [];
  const held: ClicsNotification[] = [];
  const window = new Window(since?.key ?? [0, 0]);
  let resend: { key: Key; n: ClicsNotification }[] = [];
  let after = b.dynamics;
  if (since) {
    // The objects of the token's window as they are now: the client holds them unless one came late or moved.
    const cut = b.dynamics.findIndex(({ key }) => compareKeys(key, since.key) > 0);
    const below = cut < 0 ? b.dynamics : b.dynamics.slice(0, cut);
    after = cut < 0 ? [] : b.dynamics.slice(cut);
    for (const { key, n } of below) window.hold(slot(n), key);
    if (window.digest() !== since.window) resend = below.filter(({ key }) => key[0] > since.key[0] - LOOKBACK_MS);
    // An object's content changes only with its key: those at or below the token's key are his as they are now.
    const again = new Set(resend.map(({ n }) => n));
    for (const { n } of below) if (!again.has(n)) held.push(n);
    if (since.digest === b.staticDigest) held.push(...b.statics);
  }
  // Until the re-sent objects are through, a line's token still names the window the client came with.
  const staticToken = resend.length ? tokenOf(window.last, b.staticDigest, since?.window ?? EMPTY) : window.token(b.staticDigest);
  if (!since || since.digest !== b.staticDigest) for (const n of b.statics) lines.push({ ...n, token: staticToken });
  for (const { n } of resend) lines.push({ ...n, token: window.token(b.staticDigest) });
  for (const { key, n } of after) {
    window.hold(slot(n), key);
    lines.push({ ...n, token: window.token(b.staticDigest) });
  }
  return { lines, held, window, staticDigest: b.staticDigest };
}

const lineOf = (n: ClicsNotification) => `${JSON.stringify(n)}\n`;

/** Shared reads start from a multiple of this (ms) below what a feed asks for, so feeds near each other share one. */
const SHARE_STEP_MS = LOOKBACK_MS;
/** How long a finished shared read may serve feeds told of a change before it began (a feed's read waits up to MIN_GAP_MS). */
const SHARE_KEEP_MS = 2 * MIN_GAP_MS;

/** Counts the reads begun: a feed told of a change at clock t needs a read numbered above t. */
let readClock = 0;

interface SharedRead {
  /** `readClock` when it began */
  at: number;
  result: Promise<Batch | null>;
}

/** The live reads of one app, by contest, view and starting point (`sharedRead`). */
const sharedReads = new WeakMap<AppContext, Map<string, SharedRead>>();

/**
 * The contest and the feed's objects changed since `since` (ms) for its staff or for the public (null:
 * the contest is gone), read once for every open feed of this node that asks for the same at the same
 * time: a verdict's notice wakes all of a contest's feeds at once, and they would each read the same.
 * A feed told of a change when the clock stood at `toldAt` only takes a read begun after that (numbered
 * above it), so it sees what the notice told of; a read starts from `since` rounded down to
 * SHARE_STEP_MS (more than the feed asked for: a feed sends only what it has not sent).
 */
async function sharedRead(ctx: AppContext, cid: number, staff: boolean, since: number, toldAt: number): Promise<Batch | null> {
  let reads = sharedReads.get(ctx);
  if (!reads) sharedReads.set(ctx, (reads = new Map()));
  const from = Math.floor(since / SHARE_STEP_MS) * SHARE_STEP_MS;
  const key = `${cid}/${staff ? 'staff' : 'public'}/${from}`;
  const hit = reads.get(key);
  if (hit && hit.at > toldAt) return hit.result;
  const read: SharedRead = {
    at: ++readClock,
    result: (async () => {
      const c = await contestById(ctx.database.db, cid);
      return c ? batchOf(ctx, viewOf(c, staff), from) : null;
    })(),
  };
  reads.set(key, read);
  const forget = () => {
    const t = setTimeout(() => {
      if (reads.get(key) === read) reads.delete(key);
    }, SHARE_KEEP_MS);
    t.unref();
  };
  read.result.then(forget, forget);
  return read.result;
}

/** Open live feeds per user on one node (beyond it: 429), as the live hub bounds its streams. */
export const MAX_FEEDS_PER_USER = 8;

/** The open live feeds of one app (their ends, by user), ended when it closes. */
const openFeeds = new WeakMap<AppContext, Map<() => void, string>>();

export function closeFeeds(ctx: AppContext): void {
  for (const end of [...(openFeeds.get(ctx)?.keys() ?? [])]) end();
}

export const feedsOf = (ctx: AppContext, uid: string) => [...(openFeeds.get(ctx)?.values() ?? [])].filter((u) => u === uid).length;

/**
 * Streams the feed on `res` (headers already written) until the client goes, its session ends (logout,
 * revocation, a disabled account: checked at a `user:` notice and every tick) or the app closes: first
 * the lines of `feedLines`, then what changes, as the module comment says.
 */
export async function streamFeed(
  ctx: AppContext,
  res: ServerResponse,
  v0: ClicsView,
  caller: { uid: string; sessionId: string },
  sinceToken?: string,
): Promise<void> {
  const first = await feedLines(ctx, v0, sinceToken);
  const sent = new Map<string, string>();
  const { window } = first;
  let wroteAt = Date.now();
  const write = (n: ClicsNotification) => {
    res.write(lineOf(n));
    wroteAt = Date.now();
  };
  // A resuming client holds what his token says: not sent again at the first read.
  for (const n of first.held) sent.set(slot(n), digest(n.data));
  for (const n of first.lines) {
    sent.set(slot(n), digest(n.data));
    write(n);
  }
  const cid = v0.c.id;
  let closed = false;
  let running = false;
  let again = false;
  let lastRead = 0;
  let timer: NodeJS.Timeout | null = null;

  /** the read clock when the feed was last told something may have changed (`sharedRead`) */
  let toldAt = 0;

  const refresh = async () => {
    if (closed) return;
    toldAt = readClock;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      // At least a macrotask later: every feed told of this notice has stamped it before a read begins.
      const wait = lastRead + MIN_GAP_MS - Date.now();
      await new Promise((r) => (wait > 0 ? setTimeout(r, wait) : setImmediate(r)));
      lastRead = Date.now();
      // The read below begins after whatever the feed has been told of so far.
      again = false;
      const b = await sharedRead(ctx, cid, v0.staff, window.last[0] - LOOKBACK_MS, toldAt);
      if (!b) return end();
      if (closed) return;
      const fresh = (n: ClicsNotification) => {
        const d = digest(n.data);
        if (sent.get(slot(n)) === d) return false;
        sent.set(slot(n), d);
        return true;
      };
      for (const n of b.statics) if (fresh(n)) write({ ...n, token: window.token(b.staticDigest) });
      for (const { key, n } of b.dynamics) {
        // Not sent again when its content is what the client has, but held at its key now.
        const send = fresh(n);
        window.hold(slot(n), key);
        if (send) write({ ...n, token: window.token(b.staticDigest) });
      }
    } catch {
      // A failed read is tried again at the next notice or tick.
    } finally {
      running = false;
      if (again && !closed) {
        again = false;
        void refresh();
      }
    }
  };

  const { listener } = ctx.database;
  const offs = [
    listener.on(LIVE_CHANNEL, (p) => {
      try {
        const n = JSON.parse(p) as { t: string; c?: number; st?: number };
        // Judging stages and case progress change no CLICS object (a judgement has no type until the
        // verdict); a rejudge back to pending comes with its `sub:` change notice.
        if (n.t === 's' && n.c === cid && n.st !== undefined && !isUnfinished(n.st)) void refresh();
      } catch {
        // not a notice of ours
      }
    }),
    listener.on(CHANGE_CHANNEL, (p) => {
      if (p === `board:${cid}` || p.startsWith(`sub:${cid}:`)) void refresh();
      else if (p === `user:${caller.uid}`) void checkSession();
    }),
    listener.onReset(() => void refresh()),
  ];
  const checkSession = async () => {
    const valid = await validSessions(ctx.database, [caller.sessionId]).catch(() => null);
    if (valid && !valid.has(caller.sessionId)) end();
  };
  timer = setInterval(() => {
    void checkSession();
    void refresh();
    if (Date.now() - wroteAt > KEEPALIVE_MS) {
      res.write('\n');
      wroteAt = Date.now();
    }
  }, TICK_MS);
  timer.unref();

  let feeds = openFeeds.get(ctx);
  if (!feeds) openFeeds.set(ctx, (feeds = new Map()));
  const end = () => {
    if (closed) return;
    closed = true;
    for (const off of offs) off();
    if (timer) clearInterval(timer);
    feeds.delete(end);
    res.end();
  };
  feeds.set(end, caller.uid);
  res.on('close', end);
  // Anything that changed while the first lines were read.
  void refresh();
}

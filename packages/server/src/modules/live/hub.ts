/**
 * This node's live streams: every open Server-Sent Events connection, indexed by what it watches, fed
 * by the node's one LISTEN connection (`oj_live`, sent by the writers through publish.ts). A notice
 * reaches exactly the streams whose grant names it, so the fan-out of one event costs a map lookup per
 * watcher and never a query. Streams are bounded per user and per address, each holds at most
 * LIVE_LIMITS.maxQueuedBytes unsent (beyond it events are dropped and the client told to resync once
 * the socket drains), and a stream ends when its session is revoked, when its grant expires, or on close.
 */
import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { JudgeStatus, LIVE_LIMITS, type LiveEvent } from '@oj/shared';
import type { Database } from '../../db/client.js';
import { CHANGE_CHANNEL } from '../../lib/session-cache.js';
import { LIVE_CHANNEL, type LiveNotice } from '../../lib/live-publish.js';

/** What one stream may hear, decided when its ticket was issued (grants.ts). */
export interface Grant {
  uid: string | null;
  /** the session the ticket was asked with: its revocation ends the stream */
  sid: string | null;
  ip: string;
  submissions: number[];
  /** of those, the ones whose case counts may be told */
  progress: number[];
  /**
   * the contest whose announcements, clarifications and board are watched; board events of submissions
   * made from `sealFrom` (ms) on are not told; `staff`: the caller administers it (hears of every clarification)
   */
  contest: { cid: number; sealFrom: number | null; staff?: boolean } | null;
}

export class LiveStream {
  private overflow = false;
  closed = false;
  readonly progress: Set<number>;
  readonly endsAt: number;

  constructor(
    private readonly res: ServerResponse,
    readonly grant: Grant,
    now: number,
  ) {
    this.progress = new Set(grant.progress);
    this.endsAt = now + LIVE_LIMITS.maxStreamMs;
    res.on('drain', () => {
      if (!this.overflow) return;
      this.overflow = false;
      this.send({ type: 'resync' });
    });
  }

  /** Writes an event unless the client is not reading: then it is dropped, and a resync follows the drain. */
  send(e: LiveEvent) {
    this.write(frame(e));
  }

  /** An event already framed (`frame`): a fan-out serialises it once for all its streams. */
  sendFrame(chunk: string) {
    this.write(chunk);
  }

  comment(text = '') {
    this.write(`:${text}\n\n`);
  }

  private write(chunk: string) {
    if (this.closed || this.overflow) return;
    if (this.res.writableLength > LIVE_LIMITS.maxQueuedBytes) {
      this.overflow = true;
      return;
    }
    this.res.write(chunk);
  }

  /** Says why and ends the response (the hub forgets the stream on its 'close'). */
  end(reason: Extract<LiveEvent, { type: 'end' }>['reason']) {
    if (this.closed) return;
    this.send({ type: 'end', reason });
    this.closed = true;
    this.res.end();
  }
}

export type Admission = 'ok' | 'perUser' | 'perIp';

export class LiveHub {
  private readonly topics = new Map<string, Set<LiveStream>>();
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly byIp = new Map<string, number>();
  private readonly all = new Set<LiveStream>();
  private readonly boards = new Map<number, { timer: NodeJS.Timeout; earliest: number }>();
  private readonly offs: (() => void)[] = [];
  private readonly keepAlive: NodeJS.Timeout;
  /** Streams ended since the start, by reason (bench and tests read them). */
  readonly stats = { opened: 0, refused: 0, ended: 0 };

  /**
   * `board.gatherMs`: board notices of one contest are gathered this long into one event, so a burst of
   * verdicts is one refetch, never more often than the node would recompute the board anyway;
   * `board.changed(cid)` runs first (the node's cached boards of the contest are dropped, so the
   * refetches the event causes see the change).
   */
  constructor(
    private readonly database: Database,
    private readonly board: { gatherMs: number; changed(cid: number): void } = { gatherMs: 250, changed: () => {} },
  ) {
    const { listener } = database;
    this.offs.push(listener.on(LIVE_CHANNEL, (p) => this.onNotice(p)));
    this.offs.push(
      listener.on(CHANGE_CHANNEL, (p) => {
        if (p.startsWith('user:')) void this.recheckSessions(p.slice(5));
      }),
    );
    // Notices sent while the LISTEN connection was down are lost: every page refetches what it shows.
    this.offs.push(listener.onReset(() => this.broadcast({ type: 'resync' })));
    // One timer for all streams: a keep-alive comment, and the end of streams whose grant ran out.
    this.keepAlive = setInterval(() => this.tick(), LIVE_LIMITS.keepAliveMs);
    this.keepAlive.unref();
  }

  get size() {
    return this.all.size;
  }

  /** Whether one more stream of this user and address fits under the node's bounds. */
  admits(grant: Pick<Grant, 'uid' | 'ip'>): Admission {
    if (grant.uid && (this.byUser.get(grant.uid)?.size ?? 0) >= LIVE_LIMITS.perUser) return 'perUser';
    if ((this.byIp.get(grant.ip) ?? 0) >= LIVE_LIMITS.perIp) return 'perIp';
    return 'ok';
  }

  /** Registers an open SSE response; it is forgotten when the connection closes, whoever closes it. */
  add(res: ServerResponse, grant: Grant): LiveStream {
    const s = new LiveStream(res, grant, Date.now());
    this.all.add(s);
    this.stats.opened++;
    for (const t of topicsOf(grant)) addTo(this.topics, t, s);
    if (grant.uid) addTo(this.byUser, grant.uid, s);
    this.byIp.set(grant.ip, (this.byIp.get(grant.ip) ?? 0) + 1);
    res.on('close', () => this.remove(s));
    return s;
  }

  private remove(s: LiveStream) {
    if (!this.all.delete(s)) return;
    s.closed = true;
    this.stats.ended++;
    for (const t of topicsOf(s.grant)) removeFrom(this.topics, t, s);
    if (s.grant.uid) removeFrom(this.byUser, s.grant.uid, s);
    const n = (this.byIp.get(s.grant.ip) ?? 1) - 1;
    if (n > 0) this.byIp.set(s.grant.ip, n);
    else this.byIp.delete(s.grant.ip);
  }

  private onNotice(payload: string) {
    let n: LiveNotice;
    try {
      n = JSON.parse(payload) as LiveNotice;
    } catch {
      return;
    }
    if (n.t === 's') this.onSubmission(n);
    else if (n.t === 'u') {
      const unread = frame({ type: 'unread' });
      if (n.u === '*') for (const set of this.byUser.values()) for (const s of set) s.sendFrame(unread);
      else for (const s of this.byUser.get(n.u) ?? []) s.sendFrame(unread);
    } else if (n.t === 'a') {
      const announced = frame({ type: 'announcement', cid: n.c });
      for (const s of this.topics.get(`c:${n.c}`) ?? []) s.sendFrame(announced);
    } else if (n.t === 'q') {
      // A private question is news to the contest's admins and its asker only (the event names no
      // question, but who asks when is not everybody's business).
      const asked = frame({ type: 'clarification', cid: n.c });
      for (const s of this.topics.get(`c:${n.c}`) ?? []) if (!n.u || s.grant.contest?.staff || s.grant.uid === n.u) s.sendFrame(asked);
    } else if (n.t === 'h') {
      // The hacks list is shown to whoever may see the contest (the list call hides inputs as it must).
      const hacked = frame({ type: 'hack', cid: n.c });
      for (const s of this.topics.get(`c:${n.c}`) ?? []) s.sendFrame(hacked);
    }
  }

  private onSubmission(n: Extract<LiveNotice, { t: 's' }>) {
    const watchers = this.topics.get(`s:${n.id}`);
    if (watchers) {
      const plain: LiveEvent = { type: 'submission', submitId: n.id, status: n.st };
      const plainFrame = frame(plain);
      const countedFrame = n.n != null ? frame({ ...plain, done: n.d ?? 0, total: n.n }) : plainFrame;
      for (const s of watchers) s.sendFrame(s.progress.has(n.id) ? countedFrame : plainFrame);
    }
    // Compiling and judging move no board; anything else of a contest submission may (a verdict, a rejudge, a cancel).
    const judging = n.st === JudgeStatus.COMPILING || n.st === JudgeStatus.JUDGING;
    if (n.c > 0 && !judging && this.topics.has(`c:${n.c}`)) this.boardChanged(n.c, n.at);
  }

  /** Gathers a contest's board changes for a moment; each watcher hears of them unless all were sealed for him. */
  private boardChanged(cid: number, at: number) {
    const pending = this.boards.get(cid);
    if (pending) {
      pending.earliest = Math.min(pending.earliest, at);
      return;
    }
    const timer = setTimeout(() => {
      const { earliest } = this.boards.get(cid)!;
      this.boards.delete(cid);
      this.board.changed(cid);
      const board = frame({ type: 'board', cid });
      for (const s of this.topics.get(`c:${cid}`) ?? []) {
        const sealFrom = s.grant.contest?.sealFrom ?? null;
        if (sealFrom === null || earliest < sealFrom) s.sendFrame(board);
      }
    }, this.board.gatherMs);
    timer.unref();
    this.boards.set(cid, { timer, earliest: at });
  }

  /**
   * A user's sessions, name, status or roles changed (on any node): streams of sessions that are no
   * longer valid end; the others stay (their grants are re-checked at the latest at maxStreamMs).
   */
  private async recheckSessions(uid: string) {
    const streams = [...(this.byUser.get(uid) ?? [])];
    const sids = [...new Set(streams.map((s) => s.grant.sid).filter((x): x is string => !!x))];
    if (!sids.length) return;
    const valid = await validSessions(this.database, sids).catch(() => new Set<string>());
    for (const s of streams) if (!s.grant.sid || !valid.has(s.grant.sid)) s.end('logout');
  }

  private tick() {
    const now = Date.now();
    for (const s of this.all) {
      if (s.endsAt <= now) s.end('expired');
      else s.comment();
    }
  }

  broadcast(e: LiveEvent) {
    const chunk = frame(e);
    for (const s of this.all) s.sendFrame(chunk);
  }

  /** Ends every stream (the app is closing) and stops listening. */
  close() {
    clearInterval(this.keepAlive);
    for (const b of this.boards.values()) clearTimeout(b.timer);
    this.boards.clear();
    for (const off of this.offs) off();
    for (const s of [...this.all]) s.end('shutdown');
  }
}

/** Of the given session ids, those still valid (not revoked, not expired, user enabled). */
export async function validSessions(database: Database, sids: string[]): Promise<Set<string>> {
  const res = await database.db.execute<{ id: string }>(sql`
    select s.id from auth_session s join user_info u on u.uid = s.uid
    where s.id = any(${`{${sids.join(',')}}`}::text[]) and s.revoked_at is null and s.expires_at > now() and u.status = 0`);
  return new Set(res.rows.map((r) => r.id));
}

/** One SSE event: a `data:` line of JSON and the blank line that ends it. */
const frame = (e: LiveEvent) => `data: ${JSON.stringify(e)}\n\n`;

function topicsOf(g: Grant): string[] {
  const out = g.submissions.map((id) => `s:${id}`);
  if (g.contest) out.push(`c:${g.contest.cid}`);
  return out;
}

function addTo<K>(map: Map<K, Set<LiveStream>>, key: K, s: LiveStream) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(s);
}

function removeFrom<K>(map: Map<K, Set<LiveStream>>, key: K, s: LiveStream) {
  const set = map.get(key);
  set?.delete(s);
  if (set?.size === 0) map.delete(key);
}

/**
 * Live updates: one Server-Sent Events stream per browser tab, fed on every API node by PostgreSQL
 * NOTIFY (docs/architecture.md "Live updates"). The stream only says *that* something changed (ids and a
 * status); the page refetches through the normal calls, where rights are checked, whenever it needs more.
 *
 * EventSource cannot send the Authorization header, so a stream is opened with a ticket: an
 * authenticated POST names what the tab watches, the server checks the caller may see it and answers a
 * short-lived, single-use ticket; the stream URL carries only that ticket, never the login token.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { dbId, optDbId } from './ids.js';

export const LIVE_LIMITS = {
  /** a ticket must be redeemed this soon after it was issued, once */
  ticketValidSec: 30,
  /** a comment line this often keeps proxies and the browser from closing an idle stream */
  keepAliveMs: 15_000,
  /** a stream is ended after this long (the client asks a new ticket): grants are re-checked that often */
  maxStreamMs: 30 * 60_000,
  /** open streams per user and per client address on one API node (more are refused with 429) */
  perUser: 8,
  perIp: 32,
  /** submissions one ticket may watch, per place and in all */
  maxWatchedSubmissions: 100,
  maxPlaces: 4,
  /** events waiting in one stream's buffer before the client is told to resync instead */
  maxQueuedBytes: 16 * 1024,
  /** the web's reconnect backoff and how many failures in a row make it fall back to polling */
  retryMs: 1000,
  maxRetryMs: 30_000,
  failuresBeforePolling: 3,
} as const;

const watchedPlace = z.object({
  ids: z.array(dbId).max(LIVE_LIMITS.maxWatchedSubmissions, `ids: at most ${LIVE_LIMITS.maxWatchedSubmissions}`),
  /** the place the submissions are shown in, as check-submissions-status takes it */
  cid: optDbId.optional(),
  gid: dbId.optional(),
});

export const liveTicketBody = z.object({
  /** submissions whose status the tab shows, by the place they are listed in */
  submissions: z.array(watchedPlace).max(LIVE_LIMITS.maxPlaces).default([]),
  /** a contest whose announcements and board the tab shows */
  contest: dbId.optional(),
});
/** The ticket body as a client writes it. */
export interface LiveTicketBody {
  submissions?: { ids: number[]; cid?: number; gid?: number }[];
  contest?: number;
}

export interface LiveTicket {
  ticket: string;
  /** what was granted: the submissions the caller may follow, and the contest when he may see it */
  submissions: number[];
  contest: number | null;
}

export const liveStreamQuery = z.object({ ticket: z.string().min(1).max(4096) });

export const liveEndpoints = {
  ticket: endpoint<LiveTicket>()({ method: 'POST', path: 'live/ticket', body: liveTicketBody }),
  /** `text/event-stream` of `LiveEvent`s (each an SSE `data:` line of JSON) */
  stream: endpoint<never>()({ method: 'GET', path: 'live/stream', query: liveStreamQuery, raw: 'event-stream' }),
};

/**
 * What a stream carries.
 * - `ready`: the first event, written as soon as the stream is registered; a client that does not get it
 *   soon is behind a buffering proxy and polls instead.
 * - `submission`: a watched submission's status changed; while judging, `done`/`total` count the cases
 *   judged so far ("Judging 7/20"), for the submitter and where the place shows others' progress.
 * - `unread`: the caller's unread message counters changed (refetch them).
 * - `announcement`: the watched contest has a new or changed announcement.
 * - `board`: a result that the caller may see changed the watched contest's board.
 * - `resync`: events may have been lost (the node's LISTEN connection dropped, the buffer overflowed):
 *   refetch whatever is shown.
 * - `end`: the stream ends (logout, the grant expired); open a new one or poll.
 */
export type LiveEvent =
  | { type: 'ready' }
  | { type: 'submission'; submitId: number; status: number; done?: number; total?: number }
  | { type: 'unread' }
  | { type: 'announcement'; cid: number }
  | { type: 'board'; cid: number }
  | { type: 'resync' }
  | { type: 'end'; reason: 'logout' | 'expired' | 'shutdown' };

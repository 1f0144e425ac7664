/**
 * The live stream's limits and messages without its schemas (shared/live.ts), so the web's shell (the
 * unread badge opens the stream) takes them without zod, as shared/contest-constants.ts does.
 */

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

/**
 * What a stream carries.
 * - `ready`: the first event, written as soon as the stream is registered; a client that does not get it
 *   soon is behind a buffering proxy and polls instead.
 * - `submission`: a watched submission's status changed; while judging, `done`/`total` count the cases
 *   judged so far ("Judging 7/20"), for the submitter and where the place shows others' progress.
 * - `unread`: the caller's unread message counters changed (refetch them).
 * - `announcement`: the watched contest has a new or changed announcement.
 * - `clarification`: a question of the watched contest was asked or answered that the caller may see
 *   (its admins hear of every one, a participant of his own and of answers to everyone).
 * - `hack`: the watched contest's hacks list changed (a hack sent, judged, or made a test).
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
  | { type: 'clarification'; cid: number }
  | { type: 'hack'; cid: number }
  | { type: 'board'; cid: number }
  | { type: 'resync' }
  | { type: 'end'; reason: 'logout' | 'expired' | 'shutdown' };

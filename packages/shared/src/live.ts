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
import { LIVE_LIMITS, type LiveTicket } from './live-constants.js';

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
export const liveStreamQuery = z.object({ ticket: z.string().min(1).max(4096) });

export const liveEndpoints = {
  ticket: endpoint<LiveTicket>()({ method: 'POST', path: 'live/ticket', body: liveTicketBody }),
  /** `text/event-stream` of `LiveEvent`s (each an SSE `data:` line of JSON) */
  stream: endpoint<never>()({ method: 'GET', path: 'live/stream', query: liveStreamQuery, raw: 'event-stream' }),
};

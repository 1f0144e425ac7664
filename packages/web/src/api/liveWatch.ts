import { LIVE_LIMITS, type LiveTicketBody } from '@oj/shared';

/** What one part of a page watches on the live stream (api/live.ts). */
export interface LiveWatch {
  /** submissions shown, in the place they are listed in (check-submissions-status's cid/gid) */
  submissions?: { ids: number[]; cid?: number; gid?: number };
  /** a contest whose announcements and board are shown */
  contest?: number;
}

/** What one ticket asks for: the watchers' submissions by place (capped as the server caps them), the latest contest. */
export function mergeWatches(watches: LiveWatch[]): LiveTicketBody {
  const places = new Map<string, { ids: Set<number>; cid?: number; gid?: number }>();
  let contest: number | undefined;
  for (const w of watches) {
    if (w.contest) contest = w.contest;
    const s = w.submissions;
    if (!s?.ids.length) continue;
    const key = `${s.cid ?? 0}:${s.gid ?? 0}`;
    let p = places.get(key);
    if (!p) places.set(key, (p = { ids: new Set(), ...(s.cid ? { cid: s.cid } : {}), ...(s.gid ? { gid: s.gid } : {}) }));
    for (const id of s.ids) p.ids.add(id);
  }
  const submissions = [...places.values()].slice(0, LIVE_LIMITS.maxPlaces).map(({ ids, ...place }) => ({
    ...place,
    // The newest ones when too many: they are the ones still being judged.
    ids: [...ids].sort((a, b) => b - a).slice(0, LIVE_LIMITS.maxWatchedSubmissions),
  }));
  return { submissions, ...(contest ? { contest } : {}) };
}

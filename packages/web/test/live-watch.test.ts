/** One ticket for all the watchers of a tab: their submissions by place, within the server's bounds. */
import { describe, expect, it } from 'vitest';
import { LIVE_LIMITS } from '@oj/shared';
import { mergeWatches } from '../src/api/liveWatch';

describe('live watches', () => {
  it('ask each place once with the union of its submissions, and the contest watched', () => {
    const body = mergeWatches([{ submissions: { ids: [3, 1] } }, { submissions: { ids: [1, 2] } }, { submissions: { ids: [9], cid: 4 } }, { contest: 4 }, {}]);
    expect(body).toEqual({ submissions: [{ ids: [3, 2, 1] }, { ids: [9], cid: 4 }], contest: 4 });
  });

  it('keep the newest submissions when more are shown than a ticket may watch', () => {
    const ids = Array.from({ length: LIVE_LIMITS.maxWatchedSubmissions + 20 }, (_, i) => i + 1);
    const [place] = mergeWatches([{ submissions: { ids } }]).submissions!;
    expect(place!.ids).toHaveLength(LIVE_LIMITS.maxWatchedSubmissions);
    expect(place!.ids[0]).toBe(ids.length);
    expect(place!.ids).not.toContain(1);
  });

  it('ask nothing for a watcher of the unread badge alone (the login is the grant)', () => {
    expect(mergeWatches([{}])).toEqual({ submissions: [] });
  });
});

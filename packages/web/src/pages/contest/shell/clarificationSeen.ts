import type { ClarificationPage, ContestClarification } from '@oj/shared';
import { ITEM_KEYS, readJson, writeStorage } from '../../../app/storage';

/** Clarifications kept as seen per user and contest (the newest; a list page holds 20). */
const MAX_SEEN = 200;

/** A clarification as seen: a question, or its answer as of its last edit (an edited answer is news again). */
const stateOf = (c: ContestClarification) => `${c.id}@${c.gmtAnswered ?? 'q'}`;

/**
 * What is news to the viewer on a page of the list: for the contest's admins a question nobody answered,
 * for a participant a private answer to his question (an answer to everyone is an announcement, told
 * as one); each only once.
 */
export function unseenOf(uid: string, cid: number, page: ClarificationPage): ContestClarification[] {
  const seen = new Set(readJson<string[]>(ITEM_KEYS.contestSeenClarifications(uid, cid)) ?? []);
  return page.records.filter((c) => !seen.has(stateOf(c)) && (page.staff ? c.answer === null : c.mine && c.answer !== null && !c.public));
}

/** Marks the clarifications shown (the tab, or a notice) as seen. */
export function markSeen(uid: string, cid: number, list: ContestClarification[]): void {
  if (!list.length) return;
  const key = ITEM_KEYS.contestSeenClarifications(uid, cid);
  const seen = readJson<string[]>(key) ?? [];
  const known = new Set(seen);
  const fresh = list.map(stateOf).filter((s) => !known.has(s));
  if (fresh.length) writeStorage(key, JSON.stringify([...seen, ...fresh].slice(-MAX_SEEN)));
}

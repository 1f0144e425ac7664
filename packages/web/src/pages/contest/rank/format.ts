import type { AcmCell } from '@oj/shared';
import { ITEM_KEYS, readJson, writeStorage } from '../../../app/storage';

/** Seconds as H:MM:SS (hours not capped: a five-hour contest shows 4:59:59). */
export function hms(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}

/**
 * The class of an ACM cell (HOJ's colours): first AC, AC, AC after the contest (shown with a
 * star), tried (a result the viewer does not know yet: pending, or made after the seal), wrong.
 */
export type AcmCellKind = 'first-ac' | 'ac' | 'after-ac' | 'try' | 'wa' | 'none';

export function acmCellKind(cell: AcmCell | undefined): AcmCellKind {
  if (!cell) return 'none';
  if (cell.isAC) return cell.isAfterContest ? 'after-ac' : cell.isFirstAC ? 'first-ac' : 'ac';
  if (cell.tryNum > 0) return 'try';
  if (cell.errorNum > 0) return 'wa';
  return 'none';
}

/** Tries shown in a cell: the rejected ones, the unknown ones, and the accepted one. */
export const acmTries = (cell: AcmCell) => cell.errorNum + cell.tryNum + (cell.isAC ? 1 : 0);

/** OI score class: 0, in between, full (100). */
export const oiScoreKind = (score: number) => (score >= 100 ? 'oi-100' : score <= 0 ? 'oi-0' : 'oi-between');

/**
 * The users a viewer follows on a contest's board, kept in this browser per contest (HOJ keeps the
 * concerned list client-side too); the server pins them under the viewer's own row.
 */
const concernedKey = ITEM_KEYS.contestConcerned;
export const CONCERNED_MAX = 100;

export function readConcerned(cid: number): string[] {
  const list = readJson<unknown>(concernedKey(cid));
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string').slice(0, CONCERNED_MAX) : [];
}

export function writeConcerned(cid: number, uids: string[]): void {
  writeStorage(concernedKey(cid), uids.length ? JSON.stringify(uids.slice(0, CONCERNED_MAX)) : null);
}

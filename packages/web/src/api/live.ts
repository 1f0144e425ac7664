import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveEvent } from '@oj/shared';
import type { LiveClient } from './liveClient';
import type { LiveWatch } from './liveWatch';

export type { LiveWatch };

/**
 * The tab's one live stream (Server-Sent Events, docs/architecture.md "Live updates"), shared by every
 * part of the page that shows something that changes: each says what it watches (`useLive`), the client
 * asks one ticket for all of it and opens one EventSource. The login token never goes in the URL: the
 * ticket call carries it in the Authorization header as every call does.
 *
 * While the stream is not up (no EventSource, the server or a proxy refuses it, a buffering proxy holds
 * the first event back, three failures in a row) `live` is false and the pages poll at the spec's
 * intervals as before; a new attempt is made later. Whenever events may have been missed (the stream
 * (re)opened, the server says so) every watcher gets `resync` and refetches once.
 *
 * The client itself (api/liveClient.ts) is loaded on the first watch of something shown (a submission,
 * a contest); the unread badge alone waits for the user's first action or half a minute, so the first
 * load stays within its budget (e2e/tests/first-load.test.ts). Until the client is there nothing is
 * live and the pages poll, as they do whenever the stream is down.
 */

type Listener = (e: LiveEvent) => void;

let client: LiveClient | null = null;
let loading: Promise<LiveClient> | null = null;
const stateListeners = new Set<() => void>();
let version = 0;

function changed() {
  version++;
  for (const fn of stateListeners) fn();
}

/** Resolves at the user's first action on the page, or after `ms`. */
function userArrives(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    const done = () => {
      window.clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, done, true);
      resolve();
    };
    const timer = window.setTimeout(done, ms);
    for (const e of events) window.addEventListener(e, done, { capture: true, passive: true });
  });
}

const BADGE_ONLY_WAIT_MS = 30_000;
let arrived: Promise<void> | null = null;

function load(): Promise<LiveClient> {
  loading ??= import('./liveClient').then(({ LiveClient }) => {
    client = new LiveClient(changed);
    changed();
    return client;
  });
  return loading;
}

const onState = (fn: () => void) => {
  stateListeners.add(fn);
  return () => {
    stateListeners.delete(fn);
  };
};
const snapshot = () => version;

/** Whether the tab's stream is up (pages poll at the spec's intervals while it is not). */
export function useLiveState(): boolean {
  useSyncExternalStore(onState, snapshot, () => 0);
  return !!client && client.isLive();
}

/**
 * Watches `watch` (null: nothing) while mounted and calls `onEvent` with every event of the stream
 * (each watcher picks its own) and `resync`; answers whether the stream is up and carries all of
 * `watch` (otherwise the caller polls).
 */
export function useLive(watch: LiveWatch | null, onEvent: Listener): boolean {
  const fn = useRef(onEvent);
  fn.current = onEvent;
  const key = watch ? JSON.stringify(watch) : '';
  useEffect(() => {
    if (!key) return;
    let off: (() => void) | null = null;
    let gone = false;
    const parsed = JSON.parse(key) as LiveWatch;
    const shown = !!parsed.contest || !!parsed.submissions?.ids.length;
    void (shown || client ? Promise.resolve() : (arrived ??= userArrives(BADGE_ONLY_WAIT_MS))).then(load).then((c) => {
      if (!gone) off = c.watch(parsed, (e) => fn.current(e));
    });
    return () => {
      gone = true;
      off?.();
    };
  }, [key]);
  useSyncExternalStore(onState, snapshot, () => 0);
  return !!watch && !!client && client.covers(watch);
}

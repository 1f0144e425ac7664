import { createElement, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContestAnnouncement } from '@oj/shared';
import { contestKeys, getNotReadAnnouncements } from '../../../api/contest';
import { useLive } from '../../../api/live';
import { feedback, isMobileWidth } from '../../../app/feedback';
import { ITEM_KEYS, readJson, writeStorage } from '../../../app/storage';
import { Markdown } from '../../../components/Markdown';

/** The contest's new announcements are polled every 60 s. */
const ANNOUNCEMENT_POLL_MS = 60_000;
/** Notifications shown at once; the rest are counted in one more. */
const MAX_NOTICES = 5;
/** The server takes at most this many read ids. */
const MAX_READ = 1000;

const readKey = ITEM_KEYS.contestReadAnnouncements;

/**
 * Asks get-contest-not-read-announcement (at once, then when the live stream says the contest has a new
 * one, or every 60 s while the stream is not up) with the ids already read, kept in localStorage per
 * user and contest, and shows each new one as a notification (a toast under 768 px, where
 * notifications are hidden).
 */
export function useAnnouncementPoll(cid: number, uid: string | undefined, enabled: boolean) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pollNow = useRef<() => void>(() => {});
  const live = useLive(enabled && uid ? { contest: cid } : null, (e) => {
    if ((e.type === 'announcement' && e.cid === cid) || e.type === 'resync') pollNow.current();
  });
  const liveRef = useRef(live);
  liveRef.current = live;
  useEffect(() => {
    if (!enabled || !uid) return;
    let stopped = false;
    const key = readKey(uid, cid);
    const show = (list: ContestAnnouncement[]) => {
      const newestFirst = [...list].sort((a, b) => b.id - a.id);
      if (isMobileWidth()) {
        feedback.info(t('contest.announcements.newToast', { title: newestFirst[0]!.title }));
        return;
      }
      // Oldest first, so the newest ends on top of the stack.
      for (const a of newestFirst.slice(0, MAX_NOTICES).reverse()) {
        feedback.notify({
          key: `contest-announcement-${a.id}`,
          placement: 'bottomRight',
          duration: 0,
          title: createElement('span', { 'data-testid': 'contest-announcement-notice' }, `${t('contest.announcements.new')}: ${a.title}`),
          description: createElement(Markdown, { source: a.content, className: 'oj-contest-notice-body' }),
        });
      }
      if (newestFirst.length > MAX_NOTICES) {
        feedback.notify({
          key: `contest-announcement-more-${cid}`,
          placement: 'bottomRight',
          duration: 0,
          title: t('contest.announcements.more', { count: newestFirst.length - MAX_NOTICES }),
        });
      }
    };
    const poll = async () => {
      const read = readJson<number[]>(key) ?? [];
      try {
        const fresh = await getNotReadAnnouncements(cid, read.slice(-MAX_READ));
        if (stopped || !fresh.length) return;
        const ids = new Set([...read, ...fresh.map((a) => a.id)]);
        writeStorage(key, JSON.stringify([...ids].sort((a, b) => a - b).slice(-MAX_READ)));
        show(fresh);
        void queryClient.invalidateQueries({ queryKey: [...contestKeys.all(cid), 'announcements'] });
      } catch {
        /* silent: the next round tries again */
      }
    };
    void poll();
    pollNow.current = () => void poll();
    const timer = window.setInterval(() => liveRef.current || void poll(), ANNOUNCEMENT_POLL_MS);
    return () => {
      stopped = true;
      pollNow.current = () => {};
      window.clearInterval(timer);
    };
  }, [cid, uid, enabled, queryClient, t]);
}

import { createElement, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getClarifications } from '../../../api/contestClarification';
import { useLive } from '../../../api/live';
import { feedback, isMobileWidth } from '../../../app/feedback';
import { Markdown } from '../../../components/Markdown';
import { markSeen, unseenOf } from './clarificationSeen';

/**
 * Tells the viewer of a clarification event while he is on another tab of the contest: the staff of a
 * new question, a participant of the private answer to his (answers to everyone come as announcements).
 * Live only: the Clarifications tab itself polls while the stream is down, and the message badge counts
 * every question and answer anyway.
 */
export function useClarificationNotices(cid: number, uid: string | undefined, enabled: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onTab = useRef(false);
  onTab.current = pathname.endsWith('/clarifications');
  // One read at a time; an event during it asks for one more read after it (two questions close together).
  const reading = useRef<'idle' | 'busy' | 'again'>('idle');
  const read = () => {
    if (!uid) return;
    if (reading.current !== 'idle') {
      reading.current = 'again';
      return;
    }
    reading.current = 'busy';
    getClarifications(cid, 1)
      .then((page) => {
        const news = unseenOf(uid, cid, page);
        markSeen(uid, cid, news);
        for (const c of news) show(c.id, page.staff, c.displayId, page.staff ? c.content : (c.answer ?? ''));
      })
      .catch(() => {
        /* silent: the tab shows the list when opened */
      })
      .finally(() => {
        const again = reading.current === 'again';
        reading.current = 'idle';
        if (again) read();
      });
  };
  useLive(enabled && uid ? { contest: cid } : null, (e) => {
    if (e.type === 'clarification' && e.cid === cid && !onTab.current) read();
  });

  const show = (id: number, staff: boolean, displayId: string | null, text: string) => {
    const title = staff ? t('contest.clarificationNotice.asked', { problem: displayId ?? '—' }) : t('contest.clarificationNotice.answered');
    if (isMobileWidth()) {
      feedback.info(title);
      return;
    }
    const key = `contest-clarification-${id}`;
    feedback.notify({
      key,
      placement: 'bottomRight',
      duration: 0,
      title: createElement('span', { 'data-testid': 'contest-clarification-notice' }, title),
      description: createElement(Markdown, { source: text, className: 'oj-contest-notice-body' }),
      onClick: () => {
        feedback.closeNotice(key);
        void navigate(`/contest/${cid}/clarifications`);
      },
      style: { cursor: 'pointer' },
    });
  };
}

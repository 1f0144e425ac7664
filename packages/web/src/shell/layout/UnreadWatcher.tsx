import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { unreadTotal, useUnread } from '../../api/queries';
import { feedback } from '../../app/feedback';
import { navigateTo } from '../../app/navigation';

/**
 * The single unread poller and its bottom-right notification. It notifies when the total
 * is above zero and differs from the last one shown, so a quiet inbox does not nag every 2 minutes.
 */
export function UnreadWatcher() {
  const { t } = useTranslation();
  const { data } = useUnread(true);
  const shown = useRef(0);
  const total = unreadTotal(data);
  useEffect(() => {
    if (!data) {
      shown.current = 0;
      return;
    }
    if (total > 0 && total !== shown.current) {
      feedback.notify({
        key: 'unread',
        placement: 'bottomRight',
        title: t('unread.title'),
        description: (
          <span data-testid="unread-notice">
            {t('unread.total', { count: total })} {/* The notification renders outside the router, so it navigates through the bridge. */}
            <a
              href="/message/discuss"
              onClick={(e) => {
                e.preventDefault();
                navigateTo('/message/discuss');
              }}
            >
              {t('unread.view')}
            </a>
          </span>
        ),
        duration: 6,
      });
    }
    shown.current = total;
  }, [data, total, t]);
  return null;
}

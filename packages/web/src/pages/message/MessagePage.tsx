import { Badge, Card, Tabs } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UnreadCounts } from '@oj/shared';
import { useUnread } from '../../api/queries';
import type { MessageTab } from '../../api/message';
import './message.css';

/** The tabs of /message, each with its unread counter (capped at 99 like the top bar's). */
const TABS: { tab: MessageTab; count: keyof UnreadCounts }[] = [
  { tab: 'discuss', count: 'comment' },
  { tab: 'reply', count: 'reply' },
  { tab: 'like', count: 'like' },
  { tab: 'sys', count: 'sys' },
  { tab: 'mine', count: 'mine' },
];

/** /message: the tab bar around the tab's list (discuss, reply and like share one list screen, sys and mine another). */
export default function MessagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: unread } = useUnread();
  const active = TABS.find((x) => pathname.startsWith(`/message/${x.tab}`))?.tab ?? 'discuss';
  return (
    <div className="oj-page">
      <Card className="oj-message-centre" data-testid="message-centre">
        <Tabs
          activeKey={active}
          onChange={(key) => navigate(`/message/${key}`)}
          items={TABS.map(({ tab, count }) => ({
            key: tab,
            label: (
              <span className="oj-message-tab" data-testid={`message-tab-${tab}`}>
                {t(`message.tab.${tab}`)}
                <Badge count={unread?.[count] ?? 0} overflowCount={99} size="small" data-testid={`message-count-${tab}`} />
              </span>
            ),
          }))}
        />
        <Outlet />
      </Card>
    </div>
  );
}

import type { MessageTab as Tab } from '../../api/message';
import { SystemMessageList } from './SystemMessageList';
import { UserMessageList } from './UserMessageList';

/** The list of one tab: discuss, reply and like share one screen, sys and mine another (keyed so paging starts afresh). */
export default function MessageTab({ tab }: { tab: Tab }) {
  return tab === 'sys' || tab === 'mine' ? <SystemMessageList key={tab} tab={tab} /> : <UserMessageList key={tab} tab={tab} />;
}

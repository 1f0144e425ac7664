import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/UserAvatar';
import { unreadTotal, useUnread } from '../../api/queries';
import { useSession } from '../../app/session';
import { LazyDropdown } from '../../app/layout/LazyPopup';
import { useUserMenuItems } from './navItems';

/** Avatar, name and the red unread dot, opening the user menu. */
export function UserDropdown({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const items = useUserMenuItems();
  const { data: unread } = useUnread();
  if (!user) return null;
  const total = unreadTotal(unread);
  return (
    <LazyDropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <button type="button" className="oj-user-trigger" data-testid="user-menu">
        <span className="oj-avatar-wrap">
          <UserAvatar src={user.avatar} name={user.username} size={30} />
          {total > 0 && <span className="oj-unread-dot" data-testid="unread-dot" role="img" aria-label={t('unread.title')} />}
        </span>
        {!compact && <span className="oj-user-name">{user.username}</span>}
        {!compact && <DownOutlined style={{ fontSize: 10 }} />}
      </button>
    </LazyDropdown>
  );
}

import { Tag } from 'antd';
import { Link } from 'react-router';
import type { AuthorRole } from '@oj/shared';
import { UserAvatar } from '../UserAvatar';

/** the role badge next to an author, SPA for the super admin and ADM for an admin. */
const BADGE: Record<'root' | 'admin', { text: string; color: string }> = {
  root: { text: 'SPA', color: 'red' },
  admin: { text: 'ADM', color: 'orange' },
};

export interface AuthorProps {
  uid: string | null;
  name: string;
  avatar: string | null;
  role: AuthorRole;
  titleName: string | null;
  titleColor: string | null;
  size?: number;
}

/** Avatar, name (to the user's home), role badge and title tag of a discussion's or comment's author. Plain text only. */
export function AuthorLine({ uid, name, avatar, role, titleName, titleColor, size = 28 }: AuthorProps) {
  const home = uid ? `/user-home?uid=${encodeURIComponent(uid)}&username=${encodeURIComponent(name)}` : null;
  return (
    <span className="oj-author">
      <UserAvatar src={avatar} name={name} size={size} />
      {home ? (
        <Link to={home} className="oj-author-name">
          {name}
        </Link>
      ) : (
        <span className="oj-author-name">{name}</span>
      )}
      {role && (
        <Tag color={BADGE[role].color} className="oj-author-badge" data-testid="role-badge">
          {BADGE[role].text}
        </Tag>
      )}
      {titleName && <Tag color={titleColor || 'blue'}>{titleName}</Tag>}
    </span>
  );
}

// The avatar itself, not antd's index entry, which adds Avatar.Group and with it Popover and Tooltip.
import Avatar from 'antd/es/avatar/Avatar';

/** A user's avatar, or the first letter of the name when none was uploaded. */
export function UserAvatar({ src, name, size = 32 }: { src?: string | null; name: string; size?: number }) {
  return (
    <Avatar src={src || undefined} size={size} style={src ? undefined : { backgroundColor: '#1677ff' }}>
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

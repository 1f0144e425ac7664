import { Button, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/time';

/** The parts every message of the centre shows, whatever its tab: the unread mark, the time, its delete button. */
export function UnreadTag({ read }: { read: boolean }) {
  const { t } = useTranslation();
  if (read) return null;
  return (
    <Tag color="red" className="oj-message-unread" data-testid="message-unread">
      {t('message.unread')}
    </Tag>
  );
}

export function MessageTime({ at }: { at: string }) {
  return (
    <Typography.Text type="secondary" className="oj-message-time">
      {formatDateTime(at)}
    </Typography.Text>
  );
}

export function DeleteMessageButton({ id, busy, onDelete }: { id: number; busy: boolean; onDelete: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('message.delete')}>
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('message.delete')}
        loading={busy}
        onClick={() => onDelete(id)}
        data-testid={`message-delete-${id}`}
      />
    </Tooltip>
  );
}

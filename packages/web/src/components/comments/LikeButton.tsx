import { useState } from 'react';
import { Button } from 'antd';
import { LikeFilled, LikeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { loggedInOrAsk } from './loginFirst';

/**
 * A like toggle with its count (on and off). The server answers the exact count and state,
 * which replace the shown ones; one click at a time.
 */
export function LikeButton({
  liked,
  count,
  onToggle,
  testId,
}: {
  liked: boolean;
  count: number;
  onToggle: (toLike: boolean) => Promise<{ likeNum: number; hasLike: boolean }>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ liked: boolean; count: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = state ?? { liked, count };

  const toggle = async () => {
    if (!loggedInOrAsk(t)) return;
    setBusy(true);
    try {
      const r = await onToggle(!shown.liked);
      setState({ liked: r.hasLike, count: r.likeNum });
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      type="text"
      size="small"
      icon={shown.liked ? <LikeFilled style={{ color: '#1677ff' }} /> : <LikeOutlined />}
      disabled={busy}
      onClick={() => void toggle()}
      aria-pressed={shown.liked}
      title={shown.liked ? t('comment.unlike') : t('comment.like')}
      data-testid={testId}
    >
      {shown.count}
    </Button>
  );
}

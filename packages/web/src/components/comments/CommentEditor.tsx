import { useState } from 'react';
import { Alert, Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DISCUSSION_LIMITS } from '@oj/shared';
import { feedback } from '../../app/feedback';
import { loggedInOrAsk } from './loginFirst';

/**
 * The box of a new comment or reply (non-blank, at most 10000 characters). `onSend`
 * resolves when the server took it (the box empties) and rejects after the client showed a refusal.
 */
export function CommentEditor({
  placeholder,
  onSend,
  onCancel,
  testId,
  autoFocus,
  refusal,
}: {
  placeholder: string;
  onSend: (content: string) => Promise<unknown>;
  onCancel?: () => void;
  testId: string;
  autoFocus?: boolean;
  /** why the server would refuse this user (its rule, in his language): the box is disabled and says so */
  refusal?: string | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (!loggedInOrAsk(t)) return;
    if (!text.trim()) {
      feedback.warning(t('comment.empty'));
      return;
    }
    setBusy(true);
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="oj-comment-editor" data-testid={testId}>
      {refusal && <Alert type="info" showIcon className="oj-comment-refusal" message={refusal} data-testid={`${testId}-refusal`} />}
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        autoSize={{ minRows: 2, maxRows: 10 }}
        maxLength={DISCUSSION_LIMITS.commentMax}
        showCount
        autoFocus={autoFocus}
        disabled={!!refusal}
        data-testid={`${testId}-input`}
      />
      <Space className="oj-comment-editor-actions">
        {onCancel && <Button onClick={onCancel}>{t('comment.cancel')}</Button>}
        <Button type="primary" loading={busy} disabled={!!refusal} onClick={() => void send()} data-testid={`${testId}-send`}>
          {t('comment.send')}
        </Button>
      </Space>
    </div>
  );
}

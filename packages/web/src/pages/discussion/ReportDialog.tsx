import { useState } from 'react';
import { Input, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DISCUSSION_LIMITS, MSG, REPORT_TAGS, type ReportTag } from '@oj/shared';
import { discussionApi } from '../../api/discussion';
import { feedback } from '../../app/feedback';

/** Report a discussion: the six tags and a reason ≤ 200; both empty is refused here too. */
export function ReportDialog({ did, open, onClose }: { did: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [tags, setTags] = useState<ReportTag[]>([]);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!tags.length && !reason.trim()) {
      // The server's own message, said before asking it.
      feedback.warning(t('msg.reportEmpty', { defaultValue: MSG.reportEmpty }));
      return;
    }
    setBusy(true);
    try {
      await discussionApi.report({ did, tags, reason: reason.trim() });
      feedback.success(t('discussion.report.sent'));
      setTags([]);
      setReason('');
      onClose();
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('discussion.report.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('discussion.report.submit')}
      cancelText={t('comment.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'report-submit' }}
    >
      <Typography.Paragraph type="secondary">{t('discussion.report.tags')}</Typography.Paragraph>
      <Space wrap size={[4, 8]} data-testid="report-tags">
        {REPORT_TAGS.map((tag) => (
          <Tag.CheckableTag
            key={tag}
            checked={tags.includes(tag)}
            onChange={(on) => setTags((cur) => (on ? [...cur, tag] : cur.filter((x) => x !== tag)))}
            data-testid={`report-tag-${tag}`}
          >
            {t(`discussion.report.tag.${tag}`)}
          </Tag.CheckableTag>
        ))}
      </Space>
      {/* The counter of showCount sits below the field, outside its box: the wrapper keeps room for it
          so it does not run into the dialog's buttons. */}
      <div className="oj-report-reason-field">
        <Input.TextArea
          className="oj-report-reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('discussion.report.reason')}
          maxLength={DISCUSSION_LIMITS.reportReasonMax}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          data-testid="report-reason"
        />
      </div>
    </Modal>
  );
}

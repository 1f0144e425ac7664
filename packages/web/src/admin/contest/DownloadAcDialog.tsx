import { useState } from 'react';
import { Form, Modal, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminContest } from '@oj/shared';
import { adminContestApi } from '../../api/adminContest';
import { feedback } from '../../app/feedback';

/**
 * Download of the contest's accepted code (exclude-admin switch, split by
 * user or by problem) as a zip from GET /api/file/download-contest-ac-submission.
 */
export function DownloadAcDialog({ contest, onClose }: { contest: AdminContest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [excludeAdmin, setExcludeAdmin] = useState(true);
  const [splitType, setSplitType] = useState<'user' | 'problem'>('user');
  const [busy, setBusy] = useState(false);

  const download = async () => {
    if (!contest) return;
    setBusy(true);
    try {
      await adminContestApi.downloadAccepted(contest.id, excludeAdmin, splitType);
      feedback.success(t('admin.contest.download.started'));
      onClose();
    } catch {
      /* the download helper has shown the message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!contest}
      title={t('admin.contest.download.title')}
      okText={t('admin.contest.download.ok')}
      onOk={() => void download()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'download-ac-ok' }}
    >
      <p className="oj-muted" data-testid="download-ac-contest">
        {contest ? `#${contest.id} ${contest.title}` : ''}
      </p>
      <Form layout="horizontal" labelCol={{ span: 10 }} wrapperCol={{ span: 14 }}>
        <Form.Item label={t('admin.contest.download.excludeAdmin')} tooltip={t('admin.contest.download.excludeAdminHint')}>
          <Switch checked={excludeAdmin} onChange={setExcludeAdmin} data-testid="download-ac-exclude" />
        </Form.Item>
        <Form.Item label={t('admin.contest.download.splitType')}>
          <Radio.Group
            value={splitType}
            onChange={(e) => setSplitType(e.target.value as 'user' | 'problem')}
            options={[
              { value: 'user', label: t('admin.contest.download.byUser') },
              { value: 'problem', label: t('admin.contest.download.byProblem') },
            ]}
            data-testid="download-ac-split"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

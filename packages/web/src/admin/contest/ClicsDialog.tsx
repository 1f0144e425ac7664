import { useState } from 'react';
import { Button, Form, Modal, Tooltip, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdminContest } from '@oj/shared';
import { adminContestApi } from '../../api/adminContest';
import { feedback } from '../../app/feedback';

/**
 * Where contest tools read the contest through the CLICS contest API (its base URL and live event feed,
 * which take an API token: the browser's session is not theirs), and the contest package download once
 * the contest has ended. Offered for the formats whose rule has `clics`.
 */
export function ClicsDialog({ contest, onClose }: { contest: AdminContest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const base = `${window.location.origin}/api/clics/`;
  const ended = !!contest && Date.parse(contest.endTime) <= Date.now();

  const download = async () => {
    if (!contest) return;
    setBusy(true);
    try {
      await adminContestApi.downloadClicsPackage(contest.id);
      feedback.success(t('admin.contest.clics.started'));
    } catch {
      /* the download helper has shown the message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={!!contest} title={t('admin.contest.clics.title')} footer={null} onCancel={onClose} destroyOnHidden>
      <p className="oj-muted">{contest ? `#${contest.id} ${contest.title}` : ''}</p>
      <p>{t('admin.contest.clics.intro')}</p>
      <p className="oj-muted">{t('admin.contest.clics.basic')}</p>
      <Form layout="vertical">
        <Form.Item label={t('admin.contest.clics.baseUrl')}>
          <Typography.Text copyable code data-testid="clics-base-url">
            {base}
          </Typography.Text>
        </Form.Item>
        <Form.Item label={t('admin.contest.clics.eventFeed')}>
          <Typography.Text copyable code data-testid="clics-event-feed">
            {contest ? `${base}contests/${contest.id}/event-feed` : ''}
          </Typography.Text>
        </Form.Item>
      </Form>
      <Tooltip title={ended ? null : t('admin.contest.clics.packageHint')}>
        <Button icon={<DownloadOutlined />} disabled={!ended} loading={busy} onClick={() => void download()} data-testid="clics-package">
          {t('admin.contest.clics.package')}
        </Button>
      </Tooltip>
    </Modal>
  );
}

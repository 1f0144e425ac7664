import { useState } from 'react';
import { Button, Popconfirm, Space, Switch, Tooltip } from 'antd';
import { RedoOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, type SubmissionInfo } from '@oj/shared';
import { submissionApi } from '../../api/submission';
import { feedback } from '../../app/feedback';

/** Rejudge (admin role): an icon button with its name in a tooltip, so the list stays narrow. */
export function RejudgeButton({ row, onChange }: { row: SubmissionInfo; onChange: (r: SubmissionInfo) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      onChange(await submissionApi.rejudge(row.submitId));
      feedback.success(t('statusPage.rejudged'));
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={t('statusPage.rejudge')}>
      <Button size="small" icon={<RedoOutlined />} loading={busy} onClick={run} aria-label={t('statusPage.rejudge')} data-testid={`rejudge-${row.submitId}`} />
    </Tooltip>
  );
}

/**
 * A remote submission the site did not take (Submitted Failed) may be sent again by its owner or an
 * admin (whoever may rejudge): our own judges never leave a submission in that state.
 */
export const resubmittable = (row: Pick<SubmissionInfo, 'isRemote' | 'status'>, mine: boolean, admin: boolean) =>
  row.isRemote && row.status === JudgeStatus.SUBMITTED_FAILED && (mine || admin);

/** Resubmit: the submission goes to its site again and is judged anew (its row polls again). */
export function ResubmitButton({ row, onChange, size = 'small' }: { row: SubmissionInfo; onChange: (r: SubmissionInfo) => void; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      onChange(await submissionApi.resubmit(row.submitId));
      feedback.success(t('statusPage.resubmitted'));
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={t('statusPage.resubmitTip')}>
      <Button size={size} icon={<SendOutlined />} loading={busy} onClick={run} data-testid={`resubmit-${row.submitId}`}>
        {t('statusPage.resubmit')}
      </Button>
    </Tooltip>
  );
}

/** Cancel judge (super admin); disabled when already cancelled. */
export function CancelButton({ row, onChange }: { row: SubmissionInfo; onChange: (r: SubmissionInfo) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      onChange(await submissionApi.cancel(row.submitId));
      feedback.success(t('statusPage.cancelled'));
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm title={t('statusPage.cancelConfirm')} onConfirm={run} disabled={row.status === JudgeStatus.CANCELLED}>
      <Tooltip title={t('statusPage.cancelJudge')}>
        <Button
          size="small"
          danger
          icon={<StopOutlined />}
          loading={busy}
          disabled={row.status === JudgeStatus.CANCELLED}
          aria-label={t('statusPage.cancelJudge')}
          data-testid={`cancel-${row.submitId}`}
        />
      </Tooltip>
    </Popconfirm>
  );
}

/** Only submissions made outside contests can be shared. */
export const shareable = (row: Pick<SubmissionInfo, 'cid'>) => row.cid === 0;

/** The owner's share toggle; nothing for a contest submission. */
export function ShareSwitch({ row, onChange, size = 'small' }: { row: SubmissionInfo; onChange: (r: SubmissionInfo) => void; size?: 'small' | 'default' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const toggle = async (share: boolean) => {
    setBusy(true);
    try {
      await submissionApi.share(row.submitId, share);
      onChange({ ...row, share });
      feedback.success(share ? t('statusPage.shared') : t('statusPage.unshared'));
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  if (!shareable(row)) return null;
  return (
    <Tooltip title={t('statusPage.shareTip')}>
      <Switch
        size={size}
        checked={row.share}
        loading={busy}
        onChange={toggle}
        checkedChildren={t('statusPage.share')}
        unCheckedChildren={t('statusPage.share')}
        data-testid={`share-${row.submitId}`}
      />
    </Tooltip>
  );
}

export function ActionsCell({
  row,
  mine,
  canRejudge,
  canCancel,
  onChange,
}: {
  row: SubmissionInfo;
  mine: boolean;
  canRejudge: boolean;
  canCancel: boolean;
  onChange: (r: SubmissionInfo) => void;
}) {
  return (
    <Space size={4} wrap>
      {mine && <ShareSwitch row={row} onChange={onChange} />}
      {resubmittable(row, mine, canRejudge) && <ResubmitButton row={row} onChange={onChange} />}
      {canRejudge && <RejudgeButton row={row} onChange={onChange} />}
      {canCancel && <CancelButton row={row} onChange={onChange} />}
    </Space>
  );
}

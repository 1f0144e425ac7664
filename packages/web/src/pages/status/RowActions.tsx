import { useState } from 'react';
import { Button, Popconfirm, Space, Switch, Tooltip } from 'antd';
import { RedoOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, may, type SubmissionInfo } from '@oj/shared';
import { submissionApi } from '../../api/submission';
import { feedback } from '../../app/feedback';
import { useActor } from '../../app/may';

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
 * Whether the viewer may send a submission again: a remote one its site did not take (Submitted
 * Failed; our own judges never leave one in that state), for its submitter or whoever may rejudge
 * (the policy's `resubmit`, the rule the server asks).
 */
export function useResubmittable() {
  const actor = useActor();
  return (row: Pick<SubmissionInfo, 'isRemote' | 'linkedRun' | 'status' | 'uid' | 'gid'>) =>
    row.isRemote && !row.linkedRun && row.status === JudgeStatus.SUBMITTED_FAILED && may(actor, 'resubmit', { kind: 'submission', uid: row.uid, gid: row.gid });
}

/**
 * Resubmit: the submission goes to its site again and is judged anew (its row polls again). In the
 * list an icon with its name in the tooltip, as rejudge, so the list stays narrow; a labelled button
 * where there is room (the detail page's banner).
 */
export function ResubmitButton({ row, onChange, labelled = false }: { row: SubmissionInfo; onChange: (r: SubmissionInfo) => void; labelled?: boolean }) {
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
      <Button
        size={labelled ? 'middle' : 'small'}
        type={labelled ? 'default' : 'primary'}
        ghost={!labelled}
        icon={<SendOutlined />}
        loading={busy}
        onClick={run}
        aria-label={t('statusPage.resubmit')}
        data-testid={`resubmit-${row.submitId}`}
      >
        {labelled ? t('statusPage.resubmit') : null}
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
  canResubmit,
  onChange,
}: {
  row: SubmissionInfo;
  mine: boolean;
  canRejudge: boolean;
  canCancel: boolean;
  canResubmit: boolean;
  onChange: (r: SubmissionInfo) => void;
}) {
  return (
    <Space size={4} wrap>
      {mine && <ShareSwitch row={row} onChange={onChange} />}
      {canResubmit && <ResubmitButton row={row} onChange={onChange} />}
      {canRejudge && <RejudgeButton row={row} onChange={onChange} />}
      {canCancel && <CancelButton row={row} onChange={onChange} />}
    </Space>
  );
}

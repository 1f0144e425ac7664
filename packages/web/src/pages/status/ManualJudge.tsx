import { useState } from 'react';
import { Button, Form, InputNumber, Popover, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, MANUAL_JUDGE_STATUSES, type SubmissionInfo } from '@oj/shared';
import { submissionApi } from '../../api/submission';
import { feedback } from '../../app/feedback';
import { statusName } from './format';
import { StatusTag } from './StatusTag';

/** No manual verdict while judging or compiling, after a compile error, nor (popover) while pending. */
export const manualJudgeDisabled = (status: number) =>
  status === JudgeStatus.JUDGING || status === JudgeStatus.COMPILING || status === JudgeStatus.COMPILE_ERROR || status === JudgeStatus.PENDING;

interface Values {
  status: number;
  score: number;
}

/**
 * The status tag of a row; for the super admin a click opens the manual-judge form (status and score
 * both required). `onJudged` gets the row as changed.
 */
export function StatusWithManualJudge({ row, enabled, onJudged }: { row: SubmissionInfo; enabled: boolean; onJudged: (r: SubmissionInfo) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  if (!enabled || manualJudgeDisabled(row.status)) return <StatusTag status={row.status} score={row.score} />;

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const res = await submissionApi.manualJudge(row.submitId, v.status, v.score);
      onJudged({ ...row, ...res, isManual: true });
      feedback.success(t('statusPage.manualJudged'));
      setOpen(false);
    } catch {
      /* the client already showed the message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) form.setFieldsValue({ status: row.status === JudgeStatus.CANCELLED ? undefined : (row.status as never), score: row.score ?? undefined });
      }}
      title={t('statusPage.manualJudge')}
      content={
        <Form<Values> form={form} layout="vertical" onFinish={submit} className="oj-manual-judge" data-testid="manual-judge-form">
          <Form.Item name="status" label={t('statusPage.status')} rules={[{ required: true, message: t('statusPage.statusRequired') }]}>
            <Select
              data-testid="manual-judge-status"
              options={MANUAL_JUDGE_STATUSES.map((s) => ({ value: s, label: t(`judgeStatus.${statusName(s)}`) }))}
              style={{ width: 220 }}
            />
          </Form.Item>
          <Form.Item name="score" label={t('statusPage.score')} rules={[{ required: true, message: t('statusPage.scoreRequired') }]}>
            <InputNumber min={0} max={100000} precision={0} style={{ width: 220 }} data-testid="manual-judge-score" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} block data-testid="manual-judge-submit">
            {t('statusPage.confirm')}
          </Button>
        </Form>
      }
    >
      <span data-testid={`manual-judge-${row.submitId}`}>
        <StatusTag status={row.status} score={row.score} onClick={() => undefined} />
      </span>
    </Popover>
  );
}

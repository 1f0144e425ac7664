import { useState } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  onClose(): void;
  /** links the run (the submit flow's `linkRun`); a refusal is thrown */
  onLink(runId: string): Promise<void>;
}

/** The server's rule for a run id (linkRunBody): its digits only. */
const RUN_ID = /^\d{1,12}$/;

/**
 * "Link a Codeforces run": the user gives the id of a run he made on Codeforces himself instead of
 * pasting his code. The server's refusal (no Codeforces username in his settings, a run already
 * linked) is shown here and the dialog stays open, so he can fix it and try again.
 */
export default function LinkRunDialog({ open, onClose, onLink }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ runId: string }>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async () => {
    const { runId } = await form.validateFields();
    setBusy(true);
    setRefusal(null);
    try {
      await onLink(runId.trim());
      form.resetFields();
      onClose();
    } catch (err) {
      // The call is silent: its message (translated by the client) is shown here, not as a toast.
      setRefusal(err instanceof Error ? err.message : t('msg.serverError'));
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setRefusal(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('problem.linkRun.title')}
      okText={t('problem.linkRun.ok')}
      // validateFields rejects when the id is not valid: the form shows why under the input.
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={busy}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      width={440}
      okButtonProps={{ 'data-testid': 'link-run-ok' }}
      data-testid="link-run-dialog"
    >
      <Typography.Paragraph type="secondary" data-testid="link-run-hint">
        <Trans i18nKey="problem.linkRun.hint" components={{ settings: <Link to="/setting" onClick={close} /> }} />
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} onFinish={() => void submit().catch(() => undefined)}>
        <Form.Item
          name="runId"
          label={t('problem.linkRun.runId')}
          rules={[
            {
              // Spaces around a pasted id do not count (the id is sent trimmed).
              validator: (_r, v: string | undefined) =>
                RUN_ID.test((v ?? '').trim()) ? Promise.resolve() : Promise.reject(new Error(t('problem.linkRun.runIdInvalid'))),
            },
          ]}
        >
          <Input inputMode="numeric" maxLength={12} autoComplete="off" autoFocus placeholder="123456789" data-testid="link-run-id" />
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="link-run-refusal" />}
    </Modal>
  );
}

import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminContest } from '@oj/shared';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { nextDisplayId } from './nextDisplayId';
import { useUsedDisplayIds } from './useUsedDisplayIds';

interface Props {
  contest: AdminContest;
  /** the place's call: one of its own problems by problem id, under a display id */
  add: (cid: number, problemId: string, displayId: string) => Promise<{ msg: string }>;
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}

/**
 * "Add from group problems": a small dialog with the required problem id
 * and, for a contest, the problem's display id there (the next free one offered); Enter submits.
 */
export function AddGroupProblemDialog({ contest, add, open, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ problemId: string; displayId: string }>();
  const [busy, setBusy] = useState(false);
  const used = useUsedDisplayIds(contest.id, open);

  // Offer the next free display id once the used ones are known (what the admin types then stays).
  useEffect(() => {
    if (open && used.data && !form.getFieldValue('displayId')) form.setFieldsValue({ displayId: nextDisplayId(used.data) });
  }, [open, used.data, form]);

  const submit = async () => {
    let v: { problemId: string; displayId: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const res = await add(contest.id, v.problemId.trim(), v.displayId.trim());
      feedback.success(successMsg(res.msg, 'admin.contest.problemAdded'));
      onAdded();
      form.resetFields();
      onClose();
    } catch {
      /* shown by the client (no such problem in the group, a taken display id, the wrong rule) */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('groupContest.addFromGroup')}
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={onClose}
      okText={t('admin.add')}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'group-problem-add-ok' }}
    >
      <Form form={form} layout="vertical" preserve={false} data-testid="group-problem-dialog">
        <Form.Item
          name="problemId"
          label={t('admin.contest.problemId')}
          rules={[{ required: true, whitespace: true, message: t('admin.required', { field: t('admin.contest.problemId') }) }]}
          extra={t('groupContest.groupProblemHint')}
        >
          <Input maxLength={64} autoFocus onPressEnter={() => void submit()} data-testid="group-problem-id" />
        </Form.Item>
        <Form.Item
          name="displayId"
          label={t('admin.contest.displayId')}
          rules={[{ required: true, whitespace: true, message: t('admin.required', { field: t('admin.contest.displayId') }) }]}
          tooltip={t('admin.contest.displayIdHint')}
        >
          <Input maxLength={20} onPressEnter={() => void submit()} data-testid="group-problem-display-id" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

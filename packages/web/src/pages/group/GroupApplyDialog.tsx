import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { GROUP_LIMITS, GroupAuth, type Group } from '@oj/shared';
import { groupApi } from '../../api/group';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';

interface ApplyValues {
  code?: string;
  reason: string;
}

/** Apply to a protected group (reason 5–100) or a private one (code of exactly 6 + reason). */
export function GroupApplyDialog({ group, open, onClose, onDone }: { group: Group; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApplyValues>();
  const [sending, setSending] = useState(false);
  const L = GROUP_LIMITS;

  const submit = async () => {
    const v = await form.validateFields();
    setSending(true);
    try {
      const res = await groupApi.join({ gid: group.id, code: v.code?.trim(), reason: v.reason.trim() });
      feedback.success(successMsg(res.msg, 'group.applied'));
      onClose();
      onDone();
    } catch {
      // the client showed the server's message
    } finally {
      setSending(false);
    }
  };

  const lengthRule = (min: number, max: number, message: string) => [
    { required: true, whitespace: true, message },
    {
      validator: (_r: unknown, v: string | undefined) =>
        (v ?? '').trim().length >= min && (v ?? '').trim().length <= max ? Promise.resolve() : Promise.reject(new Error(message)),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('group.apply')}
      okText={t('group.applySend')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={sending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'group-apply-ok' }}
    >
      <Form form={form} layout="vertical" validateTrigger="onBlur" preserve={false} data-testid="group-apply-form">
        {group.auth === GroupAuth.PRIVATE && (
          <Form.Item name="code" label={t('group.form.code')} rules={lengthRule(L.codeLength, L.codeLength, t('msg.groupCodeInvalid'))}>
            <Input maxLength={L.codeLength} autoComplete="off" data-testid="group-apply-code" />
          </Form.Item>
        )}
        <Form.Item name="reason" label={t('group.reason')} rules={lengthRule(L.reasonMin, L.reasonMax, t('msg.groupReasonInvalid'))}>
          <Input.TextArea maxLength={L.reasonMax} showCount autoSize={{ minRows: 3, maxRows: 6 }} data-testid="group-apply-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

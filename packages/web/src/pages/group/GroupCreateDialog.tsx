import { useState } from 'react';
import { Form, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GroupAuth } from '@oj/shared';
import { groupApi } from '../../api/group';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { groupPath } from '../../components/group/GroupContext';
import { GroupFormFields, type GroupFormValues } from './GroupFormFields';

/** The create dialog of /group: the group form; on success the new group's home opens. */
export function GroupCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<GroupFormValues>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const res = await groupApi.create({ ...v, code: v.auth === GroupAuth.PUBLIC ? null : v.code });
      feedback.success(successMsg(res.msg, 'group.createdOk'));
      form.resetFields();
      onClose();
      void navigate(groupPath(res.data.id));
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('group.create')}
      okText={t('group.form.create')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      width={640}
      okButtonProps={{ 'data-testid': 'group-create-ok' }}
      data-testid="group-create-dialog"
    >
      <Form form={form} layout="vertical" validateTrigger="onBlur" initialValues={{ auth: GroupAuth.PUBLIC }} preserve={false}>
        <GroupFormFields />
      </Form>
    </Modal>
  );
}

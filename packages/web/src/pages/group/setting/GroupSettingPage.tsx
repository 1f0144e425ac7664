import { useState } from 'react';
import { Button, Card, Divider, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { GroupAuth } from '@oj/shared';
import { groupApi } from '../../../api/group';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';
import { GroupFormFields, type GroupFormValues } from '../GroupFormFields';
import { useGroup } from '../../../components/group/GroupContext';
import { GroupAvatarUpload } from './GroupAvatarUpload';

/** The settings tab (group root): the avatar with its crop, and the info form. */
export default function GroupSettingPage() {
  const { t } = useTranslation();
  const { group, access, refresh } = useGroup();
  const [form] = Form.useForm<GroupFormValues>();
  const [saving, setSaving] = useState(false);

  if (!access.root) return null;

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const res = await groupApi.update({ id: group.id, ...v, code: v.auth === GroupAuth.PUBLIC ? null : v.code });
      feedback.success(successMsg(res.msg, 'group.setting.saved'));
      refresh();
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('group.tab.setting')} data-testid="group-settings">
      <GroupAvatarUpload />
      <Divider />
      <Form
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        className="oj-group-setting-form"
        initialValues={{
          name: group.name,
          shortName: group.shortName,
          brief: group.brief,
          description: group.description,
          auth: group.auth,
          code: group.code ?? '',
        }}
      >
        <GroupFormFields />
        <Button type="primary" loading={saving} onClick={() => void save().catch(() => undefined)} data-testid="group-setting-save">
          {t('group.setting.save')}
        </Button>
      </Form>
    </Card>
  );
}

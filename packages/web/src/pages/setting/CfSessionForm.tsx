import { useState } from 'react';
import { Button, Form, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@oj/shared';
import { accountApi } from '../../api/account';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { session } from '../../app/session';

/** The Codeforces session the remote judge submits with; the value itself is never shown back. */
export function CfSessionForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ cfSession: string }>();
  const [busy, setBusy] = useState<'update' | 'delete' | null>(null);

  const update = async ({ cfSession }: { cfSession: string }) => {
    setBusy('update');
    try {
      const res = await accountApi.updateCfSession(cfSession.trim());
      session.patchUser({ hasCfSession: true });
      form.resetFields();
      feedback.success(successMsg(res.msg, 'msg.cfSessionUpdated'));
    } catch {
      /* shown by the client */
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    try {
      const res = await accountApi.deleteCfSession();
      session.patchUser({ hasCfSession: false });
      feedback.success(successMsg(res.msg, 'msg.cfSessionDeleted'));
    } catch {
      /* shown by the client */
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void update(v)} className="oj-setting-form" data-testid="cf-session-form">
      <Typography.Paragraph>
        {t('cf.status')}:{' '}
        {user.hasCfSession ? (
          <Tag color="green" data-testid="cf-session-set">
            {t('cf.set')}
          </Tag>
        ) : (
          <Tag data-testid="cf-session-unset">{t('cf.unset')}</Tag>
        )}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('cf.hint')}</Typography.Paragraph>
      <Form.Item name="cfSession" label={t('cf.value')} rules={[{ required: true, whitespace: true, message: t('cf.required') }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} autoComplete="off" data-testid="cf-session-input" />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={busy === 'update'} data-testid="cf-session-update">
          {t('cf.update')}
        </Button>
        <Popconfirm title={t('cf.deleteConfirm')} onConfirm={() => void remove()} okText={t('common.yes')} cancelText={t('common.no')}>
          <Button danger disabled={!user.hasCfSession} loading={busy === 'delete'} data-testid="cf-session-delete">
            {t('cf.delete')}
          </Button>
        </Popconfirm>
      </Space>
    </Form>
  );
}

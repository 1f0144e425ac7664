import { useState } from 'react';
import { Button, Form, Input, InputNumber, Space } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EmailConfig, EmailConfigBody } from '@oj/shared';
import { adminConfigApi, adminSiteKeys } from '../../../api/adminSite';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';
import { SettingsCard } from '../../components/SettingsCard';
import { SwitchRow } from '../../components/SwitchRow';

type Values = Omit<EmailConfig, 'hasPassword'> & { password: string };

/**
 * SMTP: the mail server the site's mails go through (empty host: mails are written to
 * DATA_DIR/mail), and "send test mail" with the stored settings. The password is never sent back:
 * blank keeps the stored one.
 */
export function SmtpConfigCard() {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const test = useMutation({
    mutationFn: (email: string) => adminConfigApi.testEmail(email),
    onSuccess: (res) => feedback.success(successMsg(res.msg, 'admin.site.conf.testSent')),
  });
  return (
    <SettingsCard<EmailConfig, Values>
      title={t('admin.site.conf.smtp')}
      testId="conf-smtp"
      queryKey={adminSiteKeys.email}
      load={adminConfigApi.email}
      toForm={({ hasPassword: _h, ...rest }) => ({ ...rest, password: '' })}
      save={(v) => {
        const body: EmailConfigBody = { host: v.host ?? '', port: v.port, secure: v.secure, username: v.username ?? '', from: v.from ?? '' };
        return adminConfigApi.setEmail(v.password ? { ...body, password: v.password } : body);
      }}
      footer={
        <Space.Compact>
          <Input
            type="email"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            placeholder={t('admin.site.conf.testTo')}
            aria-label={t('admin.site.conf.testTo')}
            style={{ width: 220 }}
            data-testid="conf-test-email"
          />
          <Button icon={<SendOutlined />} disabled={!to.trim()} loading={test.isPending} onClick={() => test.mutate(to.trim())} data-testid="conf-test-send">
            {t('admin.site.conf.testSend')}
          </Button>
        </Space.Compact>
      }
    >
      {(_form, data) => (
        <>
          <Form.Item name="host" label={t('admin.site.conf.host')} extra={t('admin.site.conf.hostHelp')} rules={[{ max: 255 }]}>
            <Input data-testid="conf-host" />
          </Form.Item>
          <Form.Item
            name="port"
            label={t('admin.site.conf.port')}
            rules={[{ required: true, type: 'integer', min: 1, max: 65535, message: t('admin.site.conf.portRange') }]}
          >
            <InputNumber min={1} max={65535} precision={0} style={{ width: 120 }} aria-label={t('admin.site.conf.port')} data-testid="conf-port" />
          </Form.Item>
          <SwitchRow name="secure" testId="conf-secure" label={t('admin.site.conf.secure')} help={t('admin.site.conf.secureHelp')} />
          <Form.Item name="username" label={t('admin.site.conf.username')} rules={[{ max: 255 }]}>
            <Input autoComplete="off" data-testid="conf-username" />
          </Form.Item>
          <Form.Item name="password" label={t('admin.site.conf.password')} extra={data.hasPassword ? t('admin.site.conf.secretKept') : undefined}>
            <Input.Password autoComplete="new-password" data-testid="conf-password" />
          </Form.Item>
          <Form.Item
            name="from"
            label={t('admin.site.conf.from')}
            extra={t('admin.site.conf.fromHelp')}
            rules={[{ type: 'email', message: t('admin.site.conf.fromInvalid') }]}
          >
            <Input data-testid="conf-from" />
          </Form.Item>
        </>
      )}
    </SettingsCard>
  );
}

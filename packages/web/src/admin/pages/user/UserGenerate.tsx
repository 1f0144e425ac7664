import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Space } from 'antd';
import { DownloadOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_USER_LIMITS, type GeneratedUsers } from '@oj/shared';
import { adminUserApi, adminUserKeys } from '../../../api/adminUser';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';

interface Values {
  prefix: string;
  suffix: string;
  number_from: number | null;
  number_to: number | null;
  password_length: number | null;
  extra_account: string;
}

/**
 * Bulk generation: usernames prefix + number + suffix for every number from start to end,
 * plus extra accounts (space-separated), each with a random password of the chosen length (6–25).
 * The list of accounts and passwords downloads at once as CSV, and can be downloaded again for an hour.
 */
export function UserGenerate() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [made, setMade] = useState<GeneratedUsers | null>(null);
  const download = useMutation({ mutationFn: adminUserApi.downloadGenerated });
  const generate = useMutation({
    mutationFn: (v: Values) =>
      adminUserApi.generate({
        prefix: v.prefix ?? '',
        suffix: v.suffix ?? '',
        number_from: v.number_from!,
        number_to: v.number_to!,
        password_length: v.password_length!,
        extra_account: v.extra_account ?? '',
      }),
    onSuccess: (r) => {
      feedback.success(successMsg(r.msg, 'admin.user.generated'));
      setMade(r.data);
      download.mutate(r.data.key);
      void client.invalidateQueries({ queryKey: adminUserKeys.users });
    },
  });
  const prefix = Form.useWatch('prefix', form) ?? '';
  const suffix = Form.useWatch('suffix', form) ?? '';
  const from = Form.useWatch('number_from', form);
  const to = Form.useWatch('number_to', form);
  const required = (field: string) => ({ required: true, message: t('admin.required', { field }) });

  return (
    <div className="oj-admin-user-generate" data-testid="admin-user-generate">
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ prefix: '', suffix: '', number_from: 0, number_to: 10, password_length: 8, extra_account: '' }}
        onFinish={(v) => generate.mutate(v)}
      >
        <Space wrap align="start">
          <Form.Item name="prefix" label={t('admin.user.prefix')}>
            <Input maxLength={20} style={{ width: 180 }} data-testid="admin-user-gen-prefix" />
          </Form.Item>
          <Form.Item name="suffix" label={t('admin.user.suffix')}>
            <Input maxLength={20} style={{ width: 180 }} data-testid="admin-user-gen-suffix" />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item name="number_from" label={t('admin.user.numberFrom')} rules={[required(t('admin.user.numberFrom'))]}>
            <InputNumber min={0} precision={0} style={{ width: 180 }} data-testid="admin-user-gen-from" />
          </Form.Item>
          <Form.Item
            name="number_to"
            label={t('admin.user.numberTo')}
            dependencies={['number_from']}
            rules={[
              required(t('admin.user.numberTo')),
              ({ getFieldValue }) => ({
                validator: (_r, v: number | null) =>
                  v == null || getFieldValue('number_from') == null || v >= getFieldValue('number_from')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('msg.generateRangeInvalid'))),
              }),
            ]}
          >
            <InputNumber min={0} precision={0} style={{ width: 180 }} data-testid="admin-user-gen-to" />
          </Form.Item>
          <Form.Item
            name="password_length"
            label={t('admin.user.passwordLengthLabel')}
            rules={[
              required(t('admin.user.passwordLengthLabel')),
              {
                type: 'number',
                min: ADMIN_USER_LIMITS.generatedPasswordMin,
                max: ADMIN_USER_LIMITS.generatedPasswordMax,
                message: t('msg.generatePasswordLength'),
              },
            ]}
          >
            <InputNumber precision={0} style={{ width: 180 }} data-testid="admin-user-gen-length" />
          </Form.Item>
        </Space>
        <Form.Item name="extra_account" label={t('admin.user.extraAccounts')} extra={t('admin.user.extraAccountsHelp')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="admin-user-gen-extra" />
        </Form.Item>
        {from != null && to != null && to >= from && (
          <p className="oj-admin-user-generate-example">
            {t('admin.user.generateExample', { first: `${prefix}${from}${suffix}`, last: `${prefix}${to}${suffix}` })}
          </p>
        )}
        <Button type="primary" htmlType="submit" icon={<UsergroupAddOutlined />} loading={generate.isPending} data-testid="admin-user-gen-submit">
          {t('admin.user.generate')}
        </Button>
      </Form>
      {made && (
        <Alert
          style={{ marginTop: 16, maxWidth: 640 }}
          type="success"
          showIcon
          data-testid="admin-user-gen-done"
          title={t('admin.user.generatedDone', { count: made.count })}
          description={t('admin.user.generatedKeep')}
          action={
            <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate(made.key)} data-testid="admin-user-gen-download">
              {t('admin.user.download')}
            </Button>
          }
        />
      )}
    </div>
  );
}

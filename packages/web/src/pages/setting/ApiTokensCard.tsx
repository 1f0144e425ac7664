import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_TOKEN_LIMITS, API_TOKEN_SCOPES, type ApiTokenRow, type ApiTokenScope } from '@oj/shared';
import { apiTokenApi, apiTokenKeys } from '../../api/apiTokens';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { useMay } from '../../app/may';
import { formatDateTime } from '../../components/time';

type Days = (typeof API_TOKEN_LIMITS.days)[number];
interface Values {
  name: string;
  scopes: ApiTokenScope[];
  days: Days;
}

/** Tokens for scripts: made here with a name, scopes and a lifetime, shown once, revoked here. */
export function ApiTokensCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  // The admin scope is offered to those the server would give it to.
  const admin = useMay('administer');
  const scopes = API_TOKEN_SCOPES.filter((s) => s !== 'admin' || admin);
  const list = useQuery({ queryKey: apiTokenKeys.list, queryFn: apiTokenApi.list });
  const [form] = Form.useForm<Values>();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (v: Values) => apiTokenApi.create({ name: v.name.trim(), scopes: v.scopes, days: v.days }),
    onSuccess: (res) => {
      setCreating(false);
      form.resetFields();
      setShown(res.data.token);
      void client.invalidateQueries({ queryKey: apiTokenKeys.list });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiTokenApi.revoke(id),
    onSuccess: (res) => {
      feedback.success(successMsg(res.msg, 'msg.apiTokenRevoked'));
      void client.invalidateQueries({ queryKey: apiTokenKeys.list });
    },
  });

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown);
      feedback.success(t('apiToken.copied'));
    } catch {
      feedback.error(t('apiToken.copyFailed'));
    }
  };

  return (
    <div data-testid="api-tokens">
      <Typography.Paragraph type="secondary">{t('apiToken.intro')}</Typography.Paragraph>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} style={{ marginBottom: 12 }} data-testid="api-token-new">
        {t('apiToken.create')}
      </Button>
      <Table<ApiTokenRow>
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('apiToken.empty') }}
        data-testid="api-token-table"
        columns={[
          { title: t('apiToken.name'), dataIndex: 'name' },
          {
            title: t('apiToken.scopes'),
            dataIndex: 'scopes',
            render: (s: ApiTokenScope[]) => s.map((x) => <Tag key={x}>{t(`apiToken.scope.${x}`)}</Tag>),
          },
          { title: t('apiToken.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
          { title: t('apiToken.expiresAt'), dataIndex: 'expiresAt', render: formatDateTime },
          { title: t('apiToken.lastUsed'), dataIndex: 'lastUsedAt', render: formatDateTime },
          {
            title: '',
            key: 'revoke',
            render: (_: unknown, row) => (
              <Popconfirm title={t('apiToken.revokeConfirm')} onConfirm={() => revoke.mutate(row.id)} okText={t('common.yes')} cancelText={t('common.no')}>
                <Button danger size="small" data-testid={`api-token-revoke-${row.name}`}>
                  {t('apiToken.revoke')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('apiToken.create')}
        okText={t('apiToken.createOk')}
        onOk={() => form.submit()}
        okButtonProps={{ loading: create.isPending, 'data-testid': 'api-token-create-ok' }}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ scopes: ['read'], days: 30 }}
          onFinish={(v) => create.mutate(v)}
          data-testid="api-token-form"
        >
          <Form.Item
            name="name"
            label={t('apiToken.name')}
            rules={[
              { required: true, whitespace: true, message: t('apiToken.nameRequired') },
              { max: API_TOKEN_LIMITS.nameMax, message: t('apiToken.nameTooLong', { max: API_TOKEN_LIMITS.nameMax }) },
            ]}
          >
            <Input autoComplete="off" data-testid="api-token-name" />
          </Form.Item>
          <Form.Item name="scopes" label={t('apiToken.scopes')} rules={[{ required: true, type: 'array', min: 1, message: t('apiToken.scopesRequired') }]}>
            <Checkbox.Group
              style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
              options={scopes.map((s) => ({ value: s, label: `${t(`apiToken.scope.${s}`)} — ${t(`apiToken.scopeHelp.${s}`)}` }))}
              data-testid="api-token-scopes"
            />
          </Form.Item>
          <Form.Item name="days" label={t('apiToken.expires')}>
            <Select<Days>
              options={API_TOKEN_LIMITS.days.map((d) => ({ value: d, label: t('apiToken.days', { count: d }) }))}
              style={{ width: 200 }}
              data-testid="api-token-days"
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={shown !== null}
        title={t('apiToken.createdTitle')}
        onCancel={() => setShown(null)}
        footer={[
          <Button key="copy" onClick={() => void copy()} data-testid="api-token-copy">
            {t('apiToken.copy')}
          </Button>,
          <Button key="done" type="primary" onClick={() => setShown(null)} data-testid="api-token-done">
            {t('apiToken.done')}
          </Button>,
        ]}
      >
        <Alert type="warning" showIcon title={t('msg.apiTokenCreated')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph code copyable={false} style={{ wordBreak: 'break-all' }} data-testid="api-token-value">
          {shown}
        </Typography.Paragraph>
      </Modal>
    </div>
  );
}

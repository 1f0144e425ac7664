import { useState } from 'react';
import { Alert, Button, Card, Select, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REMOTE_OJS, type RemoteAccountRow, type RemoteOj } from '@oj/shared';
import { quietly } from '../../api/client';
import { remoteAccountApi, remoteAccountKeys } from '../../api/remoteJudge';
import { RemoteOjTag } from '../../components/RemoteOjTag';
import { REMOTE_OJ_NAMES } from '../../components/remoteOj';
import { formatDateTime } from '../../components/time';
import { DeleteButton } from '../components/DeleteButton';
import { useCrudRemove } from '../kit/useCrudList';
import { RemoteAccountDialog } from './RemoteAccountDialog';
import { RemoteAccountStateTag } from './RemoteAccountStateTag';

/** More rows than this page in the table (a site keeps a handful of accounts). */
const PAGE_SIZE = 10;

/**
 * The remote judges' accounts (the super admin's, on the switch page): site, username, state, the last
 * error and use; add, edit (a new password only when one is typed) and delete. Each account judges one
 * submission at a time, so a site's throughput is its number of free accounts.
 */
export function RemoteAccountsCard() {
  const { t } = useTranslation();
  const [site, setSite] = useState<RemoteOj | undefined>(undefined);
  const [editing, setEditing] = useState<RemoteAccountRow | 'new' | null>(null);
  const list = useQuery({ queryKey: remoteAccountKeys.list, queryFn: quietly(remoteAccountApi.list) });
  const refresh = () => list.refetch();
  const remove = useCrudRemove({ refresh }, remoteAccountApi.remove);
  const rows = (list.data ?? []).filter((r) => !site || r.oj === site);

  const columns: TableColumnsType<RemoteAccountRow> = [
    { title: t('admin.remote.accounts.site'), dataIndex: 'oj', width: 140, render: (oj: RemoteOj) => <RemoteOjTag oj={oj} /> },
    {
      title: t('admin.remote.accounts.username'),
      dataIndex: 'username',
      render: (v: string, r) => <span data-testid={`remote-account-name-${r.id}`}>{v}</span>,
    },
    {
      title: t('admin.remote.accounts.state'),
      dataIndex: 'state',
      width: 110,
      render: (v: RemoteAccountRow['state'], r) => <RemoteAccountStateTag state={v} testId={`remote-account-state-${r.id}`} />,
    },
    {
      title: t('admin.remote.accounts.lastError'),
      dataIndex: 'lastError',
      // The site's own words can be long (a page of HTML cut short): one line, all of it on hover.
      render: (v: string | null, r) =>
        v ? (
          <Typography.Text type="danger" ellipsis={{ tooltip: v }} className="oj-remote-error" data-testid={`remote-account-error-${r.id}`}>
            {v}
          </Typography.Text>
        ) : (
          '–'
        ),
    },
    {
      title: t('admin.remote.accounts.lastUsed'),
      dataIndex: 'lastUsedAt',
      width: 170,
      render: (v: string | null) => (v ? formatDateTime(v) : t('admin.remote.accounts.never')),
    },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 90,
      render: (_v, r) => (
        <Space size={4} wrap={false}>
          <Tooltip title={t('admin.edit')}>
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing(r)}
              aria-label={t('admin.edit')}
              data-testid={`remote-account-edit-${r.id}`}
            />
          </Tooltip>
          <DeleteButton
            confirm={t('admin.remote.accounts.deleteConfirm', { username: r.username, site: REMOTE_OJ_NAMES[r.oj] ?? r.oj })}
            onConfirm={() => remove.mutate(r.id)}
            testId={`remote-account-delete-${r.id}`}
            okTestId="remote-account-delete-ok"
          />
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('admin.remote.accounts.title')}
      style={{ marginBottom: 16 }}
      data-testid="remote-accounts"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="remote-account-add">
          {t('admin.remote.accounts.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('admin.remote.accounts.intro')}</Typography.Paragraph>
      <div className="oj-admin-filters">
        <Select<RemoteOj | 'all'>
          value={site ?? 'all'}
          onChange={(v) => setSite(v === 'all' ? undefined : v)}
          options={[{ value: 'all', label: t('admin.remote.accounts.allSites') }, ...REMOTE_OJS.map((oj) => ({ value: oj, label: REMOTE_OJ_NAMES[oj] }))]}
          style={{ width: 180 }}
          aria-label={t('admin.remote.accounts.site')}
          data-testid="remote-account-filter"
        />
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()} loading={list.isFetching} data-testid="remote-account-refresh">
          {t('admin.remote.accounts.refresh')}
        </Button>
      </div>
      {list.isError ? (
        <Alert type="warning" showIcon title={list.error.message} data-testid="remote-accounts-error" />
      ) : (
        <Table<RemoteAccountRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={list.isPending}
          scroll={{ x: 'max-content' }}
          pagination={rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
          locale={{ emptyText: t(site ? 'admin.remote.accounts.emptySite' : 'admin.remote.accounts.empty') }}
          data-testid="remote-account-table"
        />
      )}
      {editing && (
        <RemoteAccountDialog
          account={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}

import { Card, Col, List, Row, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REMOTE_ACCOUNT_STATES, type RemoteAccountRow, type RemoteAccountState } from '@oj/shared';
import { DASHBOARD_REFRESH_MS } from '../../api/adminDashboard';
import { quietly } from '../../api/client';
import { remoteAccountApi, remoteAccountKeys } from '../../api/remoteJudge';
import { RemoteOjTag } from '../../components/RemoteOjTag';
import { RemoteAccountStateTag } from './RemoteAccountStateTag';

type SiteCounts = { oj: string } & Record<RemoteAccountState, number>;

/** The accounts counted per site and state, the sites in the order they first appear. */
function countBySite(rows: RemoteAccountRow[]): SiteCounts[] {
  const bySite = new Map<string, SiteCounts>();
  for (const r of rows) {
    const c = bySite.get(r.oj) ?? { oj: r.oj, free: 0, busy: 0, failing: 0 };
    c[r.state] += 1;
    bySite.set(r.oj, c);
  }
  return [...bySite.values()];
}

/**
 * The remote judges' accounts on the dashboard (super admin): free, busy and failing per site, and
 * why the failing ones failed. Shown only once the site has an account; refreshes with the dashboard.
 */
export function RemoteAccountsSummary() {
  const { t } = useTranslation();
  // Quiet: a failed call simply shows no card (the switch page is where the accounts are managed).
  const { data } = useQuery({
    queryKey: remoteAccountKeys.list,
    queryFn: quietly(remoteAccountApi.list),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  if (!data?.length) return null;
  const failing = data.filter((r) => r.state === 'failing');

  const columns: TableColumnsType<SiteCounts> = [
    { title: t('admin.remote.accounts.site'), dataIndex: 'oj', render: (oj: string) => <RemoteOjTag oj={oj} /> },
    ...REMOTE_ACCOUNT_STATES.map((state) => ({
      title: <RemoteAccountStateTag state={state} />,
      dataIndex: state,
      width: 90,
      align: 'center' as const,
      render: (n: number, c: SiteCounts) => (
        <Typography.Text
          strong={n > 0 && state === 'failing'}
          type={n > 0 && state === 'failing' ? 'danger' : undefined}
          data-testid={`remote-summary-${c.oj}-${state}`}
        >
          {n}
        </Typography.Text>
      ),
    })),
  ];

  return (
    <Row>
      <Col xs={24} lg={12}>
        <Card
          size="small"
          title={t('admin.remote.summary.title')}
          extra={<Link to="/admin/switch">{t('admin.remote.summary.manage')}</Link>}
          data-testid="dashboard-remote-accounts"
        >
          <Table<SiteCounts> rowKey="oj" size="small" columns={columns} dataSource={countBySite(data)} pagination={false} scroll={{ x: 'max-content' }} />
          {failing.length > 0 && (
            <List<RemoteAccountRow>
              size="small"
              header={<Typography.Text type="danger">{t('admin.remote.summary.failing')}</Typography.Text>}
              dataSource={failing}
              data-testid="remote-summary-failing"
              renderItem={(r) => (
                <List.Item>
                  <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
                    <Space size={6} wrap>
                      <RemoteOjTag oj={r.oj} />
                      <Typography.Text strong>{r.username}</Typography.Text>
                    </Space>
                    <Typography.Text type="secondary" className="oj-remote-summary-error">
                      {r.lastError ?? t('admin.remote.summary.noError')}
                    </Typography.Text>
                  </Space>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}

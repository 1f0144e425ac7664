import { Alert, Card, Col, Descriptions, Row, Statistic, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { ClockCircleOutlined, DatabaseOutlined, HourglassOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiNodeInfo, JudgeServerInfo } from '@oj/shared';
import { adminDashboardApi, adminDashboardKeys, DASHBOARD_REFRESH_MS } from '../../../api/adminDashboard';
import { quietly } from '../../../api/client';
import { formatDateTime } from '../../../components/time';
import { Ago, formatAge, formatBytes, Usage } from './format';

const SHOWN_LANGUAGES = 4;

const HealthTag = ({ healthy, testId }: { healthy: boolean; testId: string }) => {
  const { t } = useTranslation();
  return (
    <Tag color={healthy ? 'success' : 'error'} data-testid={testId}>
      {healthy ? t('admin.dashboard.healthy') : t('admin.dashboard.unhealthy')}
    </Tag>
  );
};

/**
 * The super admin's part (system_info_admin): HTTPS of this connection, the database, the judge queue,
 * the API nodes of the registry and the judge servers, refreshed every 10 s.
 */
export function ServicePanel() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const service = useQuery({ queryKey: adminDashboardKeys.service, queryFn: quietly(adminDashboardApi.service), refetchInterval: DASHBOARD_REFRESH_MS });
  const judges = useQuery({ queryKey: adminDashboardKeys.judges, queryFn: quietly(adminDashboardApi.judges), refetchInterval: DASHBOARD_REFRESH_MS });
  const s = service.data;
  const j = judges.data;
  const db = s?.database;

  const nodeColumns: TableColumnsType<ApiNodeInfo> = [
    {
      title: t('admin.dashboard.host'),
      key: 'host',
      render: (_v, n) => (
        <>
          {n.host}
          {n.current && (
            <Tag color="blue" className="oj-dash-current">
              {t('admin.dashboard.currentNode')}
            </Tag>
          )}
        </>
      ),
    },
    // health first: at 768 px the later columns are reached by scrolling the table
    { title: t('admin.dashboard.status'), key: 'healthy', render: (_v, n) => <HealthTag healthy={n.healthy} testId={`node-health-${n.host}-${n.port}`} /> },
    { title: t('admin.dashboard.ip'), dataIndex: 'ip', render: (v: string | null) => v ?? '–' },
    { title: t('admin.dashboard.port'), dataIndex: 'port' },
    { title: t('admin.dashboard.cores'), dataIndex: 'cpuCount' },
    { title: t('admin.dashboard.cpu'), dataIndex: 'cpuUsage', width: 130, render: (v: number | null) => <Usage percent={v} /> },
    { title: t('admin.dashboard.memory'), dataIndex: 'memoryUsage', width: 130, render: (v: number | null) => <Usage percent={v} /> },
    { title: t('admin.dashboard.nodeVersion'), dataIndex: 'nodeVersion', responsive: ['xxl'] },
    { title: t('admin.dashboard.started'), dataIndex: 'startedAt', responsive: ['lg'], render: (v: string) => formatDateTime(v) },
    { title: t('admin.dashboard.heartbeat'), dataIndex: 'lastHeartbeat', render: (v: string) => <Ago iso={v} lang={lang} now={service.dataUpdatedAt} /> },
  ];

  const judgeColumns: TableColumnsType<JudgeServerInfo> = [
    { title: t('admin.dashboard.judgeName'), dataIndex: 'name' },
    {
      title: t('admin.dashboard.status'),
      key: 'healthy',
      render: (_v, r) => (
        <>
          <HealthTag healthy={r.healthy} testId={`judge-health-${r.name}`} />
          {!r.enabled && <Tag color="default">{t('admin.dashboard.disabled')}</Tag>}
        </>
      ),
    },
    { title: t('admin.dashboard.ip'), dataIndex: 'ip', render: (v: string | null) => v ?? '–' },
    { title: t('admin.dashboard.cores'), dataIndex: 'cpuCount' },
    { title: t('admin.dashboard.cpu'), dataIndex: 'cpuUsage', width: 130, render: (v: number | null) => <Usage percent={v} /> },
    { title: t('admin.dashboard.memory'), dataIndex: 'memoryUsage', width: 130, render: (v: number | null) => <Usage percent={v} /> },
    { title: t('admin.dashboard.inFlight'), key: 'inFlight', render: (_v, r) => `${r.inFlight} / ${r.capacity}` },
    {
      title: t('admin.dashboard.judgeLanguages'),
      dataIndex: 'languages',
      responsive: ['md'],
      // A judge offers twenty languages or more: the first few, the rest in the tooltip of "+N".
      render: (v: string[]) => (
        <div className="oj-dash-langs">
          {v.slice(0, SHOWN_LANGUAGES).map((l) => (
            <Tag key={l}>{l}</Tag>
          ))}
          {v.length > SHOWN_LANGUAGES && (
            <Tooltip title={v.join(', ')}>
              <Tag color="blue">+{v.length - SHOWN_LANGUAGES}</Tag>
            </Tooltip>
          )}
        </div>
      ),
    },
    { title: t('admin.dashboard.heartbeat'), dataIndex: 'lastHeartbeat', render: (v: string) => <Ago iso={v} lang={lang} now={judges.dataUpdatedAt} /> },
  ];

  const healthyNodes = s?.nodes.filter((n) => n.healthy).length ?? 0;
  const healthyJudges = j?.judges.filter((x) => x.healthy).length ?? 0;
  return (
    <>
      {(service.isError || judges.isError) && <Alert type="warning" showIcon message={t('admin.dashboard.loadFailed')} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={8}>
          <Card title={t('admin.dashboard.connection')} size="small" loading={service.isPending} className="oj-fill" data-testid="dashboard-https">
            {s && (
              <>
                <Tag
                  className="oj-dash-https"
                  color={s.https ? 'success' : 'warning'}
                  icon={s.https ? <LockOutlined /> : <UnlockOutlined />}
                  data-testid="dashboard-https-tag"
                >
                  {s.https ? t('admin.dashboard.httpsOn') : t('admin.dashboard.httpsOff')}
                </Tag>
                <Descriptions size="small" column={1} className="oj-dash-desc">
                  <Descriptions.Item label={t('admin.dashboard.apiNodes')}>
                    {t('admin.dashboard.healthyOf', { healthy: healthyNodes, total: s.nodes.length })}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('admin.dashboard.judges')}>
                    {t('admin.dashboard.healthyOf', { healthy: healthyJudges, total: j?.judges.length ?? 0 })}
                  </Descriptions.Item>
                </Descriptions>
              </>
            )}
          </Card>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Card
            title={
              <span>
                <DatabaseOutlined /> {t('admin.dashboard.database')}
              </span>
            }
            size="small"
            loading={service.isPending}
            className="oj-fill"
            data-testid="dashboard-database"
          >
            {db && (
              <>
                <Tag color={db.reachable ? 'success' : 'error'}>{db.reachable ? t('admin.dashboard.dbReachable') : t('admin.dashboard.dbUnreachable')}</Tag>
                <Descriptions size="small" column={1} className="oj-dash-desc">
                  <Descriptions.Item label={t('admin.dashboard.dbVersion')}>{db.version ?? '–'}</Descriptions.Item>
                  <Descriptions.Item label={t('admin.dashboard.dbSize')}>{db.sizeBytes === null ? '–' : formatBytes(db.sizeBytes, lang)}</Descriptions.Item>
                  <Descriptions.Item label={t('admin.dashboard.dbConnections')}>
                    {db.connections === null ? '–' : `${db.connections} / ${db.maxConnections ?? '–'}`}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('admin.dashboard.dbLatency')}>
                    {db.latencyMs === null
                      ? '–'
                      : new Intl.NumberFormat(lang, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' }).format(db.latencyMs)}
                  </Descriptions.Item>
                </Descriptions>
              </>
            )}
          </Card>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Card title={t('admin.dashboard.queue')} size="small" loading={judges.isPending} className="oj-fill" data-testid="dashboard-queue">
            {j && (
              <Row gutter={[8, 8]}>
                <Col span={12}>
                  <Statistic title={t('admin.dashboard.queued')} value={j.queue.queued} prefix={<HourglassOutlined />} />
                </Col>
                <Col span={12}>
                  <Statistic title={t('admin.dashboard.leased')} value={j.queue.leased} />
                </Col>
                <Col span={24}>
                  <Statistic
                    title={t('admin.dashboard.oldestQueued')}
                    value={j.queue.oldestQueuedSec === null ? t('admin.dashboard.nothingWaits') : formatAge(j.queue.oldestQueuedSec, lang)}
                    prefix={<ClockCircleOutlined />}
                    valueStyle={{ fontSize: 18 }}
                  />
                </Col>
              </Row>
            )}
          </Card>
        </Col>
      </Row>
      <Card title={t('admin.dashboard.apiNodes')} size="small" data-testid="dashboard-nodes">
        <Table<ApiNodeInfo>
          size="small"
          rowKey="id"
          scroll={{ x: 'max-content' }}
          pagination={false}
          loading={service.isPending}
          dataSource={s?.nodes ?? []}
          columns={nodeColumns}
          locale={{ emptyText: t('admin.dashboard.noNodes') }}
        />
      </Card>
      <Card title={t('admin.dashboard.judges')} size="small" data-testid="dashboard-judges">
        <Table<JudgeServerInfo>
          size="small"
          rowKey="id"
          scroll={{ x: 'max-content' }}
          pagination={false}
          loading={judges.isPending}
          dataSource={j?.judges ?? []}
          columns={judgeColumns}
          locale={{ emptyText: t('admin.dashboard.noJudges') }}
        />
      </Card>
    </>
  );
}

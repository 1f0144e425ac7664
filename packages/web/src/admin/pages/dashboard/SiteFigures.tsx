import { Card, Col, Empty, List, Row, Statistic, Tag, Typography } from 'antd';
import { CalendarOutlined, LoginOutlined, SendOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContestStatus } from '@oj/shared';
import { adminDashboardApi, adminDashboardKeys, DASHBOARD_REFRESH_MS } from '../../../api/adminDashboard';
import { quietly } from '../../../api/client';
import { formatDateTime } from '../../../components/time';

/**
 * The figures every admin-area role sees: users, today's submissions, the contests of the last 14
 * days and the caller's previous login. They refresh by themselves.
 */
export function SiteFigures() {
  const { t } = useTranslation();
  const info = useQuery({ queryKey: adminDashboardKeys.info, queryFn: quietly(adminDashboardApi.info), refetchInterval: DASHBOARD_REFRESH_MS });
  const last = useQuery({ queryKey: adminDashboardKeys.lastLogin, queryFn: quietly(adminDashboardApi.lastLogin) });
  const d = info.data;
  const failed = info.isError && !d;
  const value = (n: number | undefined) => (failed ? '–' : (n ?? 0));
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card data-testid="dashboard-users" className="oj-fill">
            <Statistic title={t('admin.dashboard.users')} value={value(d?.userCount)} loading={info.isPending} prefix={<TeamOutlined />} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card data-testid="dashboard-today-submissions" className="oj-fill">
            <Statistic title={t('admin.dashboard.todaySubmissions')} value={value(d?.todaySubmissions)} loading={info.isPending} prefix={<SendOutlined />} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card data-testid="dashboard-recent-contests" className="oj-fill">
            <Statistic
              title={t('admin.dashboard.recentContests')}
              value={value(d?.recentContestCount)}
              loading={info.isPending}
              prefix={<CalendarOutlined />}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card data-testid="dashboard-last-login" className="oj-fill">
            <Statistic
              title={t('admin.dashboard.lastLogin')}
              value={last.data ? formatDateTime(last.data.time) : last.isSuccess ? t('admin.dashboard.firstLogin') : '–'}
              loading={last.isPending}
              prefix={<LoginOutlined />}
              valueStyle={{ fontSize: 16 }}
            />
            {last.data && (
              <div className="oj-dash-login">
                <div>
                  <span className="oj-dash-label">{t('admin.dashboard.ip')}</span> {last.data.ip ?? '–'}
                </div>
                {/* a user agent is long: one line, the whole text in the tooltip */}
                <Typography.Text className="oj-dash-ua" ellipsis={{ tooltip: last.data.userAgent }}>
                  <span className="oj-dash-label">{t('admin.dashboard.browser')}</span> {last.data.userAgent ?? '–'}
                </Typography.Text>
              </div>
            )}
          </Card>
        </Col>
      </Row>
      <Card title={t('admin.dashboard.recentContests')} size="small" loading={info.isPending}>
        {d?.recentContests.length ? (
          <List
            size="small"
            dataSource={d.recentContests}
            renderItem={(c) => (
              <List.Item>
                <Link to={`/admin/contest/${c.id}/edit`}>{c.title}</Link>
                <span className="oj-dash-contest-meta">
                  <Tag color={c.status === ContestStatus.RUNNING ? 'green' : 'default'}>
                    {c.status === ContestStatus.RUNNING ? t('admin.dashboard.contestRunning') : t('admin.dashboard.contestEnded')}
                  </Tag>
                  {formatDateTime(c.startTime)}
                </span>
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.dashboard.noRecentContests')} />
        )}
      </Card>
    </>
  );
}

import { Card, Col, Row, Statistic, Tag } from 'antd';
import { AppstoreOutlined, CodeOutlined, ExportOutlined, PlusOutlined, SyncOutlined, TagsOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminDashboardApi, adminDashboardKeys, DASHBOARD_REFRESH_MS } from '../../api/adminDashboard';
import { adminProblemApi } from '../../api/adminProblem';
import { quietly } from '../../api/client';
import { useLanguages } from '../../api/queries';
import { useSession } from '../../app/session';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDateTime } from '../../components/time';
import { mayIn } from '../../app/may';
import { ServicePanel } from './dashboard/ServicePanel';
import { RemoteAccountsSummary } from '../remote/RemoteAccountsSummary';
import { SiteFigures } from './dashboard/SiteFigures';
import { SiteWarnings } from './dashboard/SiteWarnings';

/** auth filter → label key; undefined = every problem. */
const PROBLEM_COUNTS = [
  { auth: undefined, key: 'all' },
  { auth: 1, key: 'public' },
  { auth: 2, key: 'private' },
  { auth: 3, key: 'contest' },
] as const;

/** Problem totals per visibility, from the admin list's `total` (one row fetched each). */
function ProblemCounts() {
  const { t } = useTranslation();
  const results = useQueries({
    queries: PROBLEM_COUNTS.map((c) => ({
      queryKey: ['admin-problem-count', c.auth ?? 0],
      queryFn: () => adminProblemApi.list({ currentPage: 1, limit: 1, auth: c.auth }),
    })),
  });
  return (
    <Row gutter={[16, 16]}>
      {PROBLEM_COUNTS.map((c, i) => (
        <Col xs={12} md={6} key={c.key}>
          <Card data-testid={`dashboard-problems-${c.key}`}>
            <Statistic
              title={t(`admin.dashboard.problems.${c.key}`)}
              value={results[i]?.data?.total ?? '–'}
              loading={results[i]?.isPending}
              prefix={<AppstoreOutlined />}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

const LINKS = [
  { to: '/admin/problems', icon: <UnorderedListOutlined />, key: 'problemList' },
  { to: '/admin/problem/create', icon: <PlusOutlined />, key: 'problemCreate' },
  { to: '/admin/problem/tag', icon: <TagsOutlined />, key: 'tags' },
  { to: '/admin/problem/batch-operation', icon: <ExportOutlined />, key: 'batch', rootOnly: true },
] as const;

/** When the figures were last fetched: the page refreshes itself every 10 s. */
function RefreshNote() {
  const { t } = useTranslation();
  const { dataUpdatedAt, isFetching } = useQuery({
    queryKey: adminDashboardKeys.info,
    queryFn: quietly(adminDashboardApi.info),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  return (
    <span className="oj-dash-refresh" data-testid="dashboard-updated">
      <SyncOutlined spin={isFetching} />{' '}
      {t('admin.dashboard.autoRefresh', { time: dataUpdatedAt ? formatDateTime(new Date(dataUpdatedAt).toISOString()) : '–' })}
    </span>
  );
}

/**
 * The admin home (dashboard): for every admin-area role the site figures (users, today's
 * submissions, contests of the last 14 days, the previous login), problem totals and shortcuts for
 * problem admins; for the super admin (system_info_admin) the API nodes, database, HTTPS of this
 * connection, the judge queue, the judge servers and the remote judges' accounts. Everything refreshes by itself.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { user, roles } = session;
  const { data: languages, isPending } = useLanguages();
  const problems = mayIn(session, 'manageProblems');
  return (
    <div className="oj-admin-page oj-stack" data-testid="admin-dashboard">
      <Card>
        <div className="oj-admin-welcome">
          <UserAvatar src={user?.avatar} name={user?.username ?? '?'} size={56} />
          <div>
            <h2>{t('admin.dashboard.welcome', { name: user?.username ?? '' })}</h2>
            <div>
              {roles.map((r) => (
                <Tag key={r} color={r === 'root' ? 'red' : 'blue'}>
                  {t(`admin.roles.${r}`, { defaultValue: r })}
                </Tag>
              ))}
            </div>
          </div>
          <RefreshNote />
        </div>
      </Card>
      <SiteWarnings canConfigure={mayIn(session, 'manageSystem')} />
      <SiteFigures />
      {mayIn(session, 'manageSystem') && <ServicePanel />}
      {mayIn(session, 'manageSystem') && <RemoteAccountsSummary />}
      {problems && <ProblemCounts />}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('admin.dashboard.languages')} value={languages?.length ?? '–'} loading={isPending} prefix={<CodeOutlined />} />
            <div className="oj-admin-lang-list">
              {(languages ?? []).map((l) => (
                <Tag key={l.id}>{l.name}</Tag>
              ))}
            </div>
          </Card>
        </Col>
        {problems && (
          <Col xs={24} md={16}>
            <Card title={t('admin.dashboard.shortcuts')}>
              <div className="oj-admin-shortcuts">
                {LINKS.filter((l) => !('rootOnly' in l) || mayIn(session, 'moveProblems')).map((l) => (
                  <Link key={l.to} to={l.to} className="oj-admin-shortcut">
                    {l.icon}
                    <span>{t(`admin.menu.${l.key}`)}</span>
                  </Link>
                ))}
              </div>
            </Card>
          </Col>
        )}
      </Row>
    </div>
  );
}

import { Card, Col, Row, Statistic, Tag } from 'antd';
import { AppstoreOutlined, CodeOutlined, ExportOutlined, PlusOutlined, TagsOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminProblemApi } from '../../api/adminProblem';
import { useLanguages } from '../../api/queries';
import { useSession } from '../../app/session';
import { UserAvatar } from '../../components/UserAvatar';
import { hasAdminAccess } from '../access';

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

/**
 * The admin home (spec 3 §2 dashboard). It shows only what the server can tell today: who is
 * logged in, problem totals and the languages the judges offer; the rest of HOJ's dashboard
 * (users, submissions, judge servers) comes with the endpoints of a later issue.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, roles } = useSession();
  const { data: languages, isPending } = useLanguages();
  const problems = hasAdminAccess(roles, 'problem');
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
        </div>
      </Card>
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
                {LINKS.filter((l) => !('rootOnly' in l) || hasAdminAccess(roles, 'root')).map((l) => (
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

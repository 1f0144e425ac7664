import { lazy, Suspense } from 'react';
import './group.css';
import { Avatar, Button, Card, Col, Result, Row, Space, Tabs, Typography } from 'antd';
import { LockOutlined, TeamOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/queries';
import { GroupContext, groupPath } from '../../components/group/GroupContext';
import { GroupInfoCard } from './GroupInfoCard';
import { GROUP_TABS, groupSideOf, groupTabOfPath } from './tabs';
import { useGroupData } from './useGroupData';
import { PageLoading } from '../../app/layout/PageLoading';

// The leaderboard (its rank call and table) is fetched with the first tab that shows it.
const GroupLeaderboard = lazy(() => import('./rank/GroupLeaderboard'));

function ShellMessage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="oj-page" data-testid="group-unavailable">
      <Result
        status="warning"
        title={title}
        extra={
          <Link to="/group">
            <Button type="primary">{t('group.backToList')}</Button>
          </Link>
        }
      />
    </div>
  );
}

/**
 * /group/:groupID (GroupDetails): the group's header and its tabs bound to the child
 * routes, and the GroupContext they read. Tabs the viewer may not see are left out (announcements for
 * group admins, settings for its root, discussions while the site keeps them closed); a non-member has
 * only the home (where he joins or applies): the other tabs are disabled and their routes say so.
 */
export default function GroupShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const gid = Number(useParams().groupID);
  const validId = Number.isInteger(gid) && gid > 0;
  const { value, error } = useGroupData(validId ? gid : 0);
  const { data: site } = useWebsiteConfig();

  if (!validId) return <ShellMessage title={t('msg.groupNotFound')} />;
  if (error !== null) return <ShellMessage title={error || t('group.loadFailed')} />;
  if (!value) return <PageLoading />;

  const base = groupPath(gid);
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  const active = groupTabOfPath(rest);
  const { group, access } = value;
  const tabs = GROUP_TABS.filter((tab) => tab.shown(access, { openGroupDiscussion: !!site?.openGroupDiscussion }));

  const body =
    active !== '' && !access.member ? (
      <Result
        icon={<LockOutlined />}
        title={t('msg.groupNotMember')}
        extra={
          <Button type="primary" onClick={() => navigate(base)} data-testid="group-go-home">
            {t('group.goHome')}
          </Button>
        }
        data-testid="group-locked"
      />
    ) : (
      <Outlet />
    );
  // The home's info card; on the other tabs (members only) the group leaderboard of pages/group/rank.
  const sideKind = groupSideOf(active);
  const side =
    sideKind === 'info' ? (
      <GroupInfoCard />
    ) : sideKind === 'leaderboard' && access.member ? (
      <Suspense fallback={null}>
        <GroupLeaderboard />
      </Suspense>
    ) : null;

  return (
    <GroupContext.Provider value={value}>
      <div className="oj-page oj-group-shell" data-testid="group-shell" data-gid={gid}>
        <Card className="oj-group-header" data-testid="group-header">
          <Space size={16} align="center">
            <Avatar shape="square" size={56} src={group.avatar ?? undefined} icon={<TeamOutlined />} />
            <div>
              <Typography.Title level={3} className="oj-group-title" data-testid="group-title">
                {group.name}
              </Typography.Title>
              <Typography.Text type="secondary">{group.brief}</Typography.Text>
            </div>
          </Space>
        </Card>
        <Tabs
          className="oj-group-tabs"
          activeKey={active || 'home'}
          onChange={(key) => navigate(key === 'home' ? base : `${base}/${key}`)}
          items={tabs.map((tab) => ({
            key: tab.key || 'home',
            disabled: tab.key !== '' && !access.member,
            label: (
              <span data-testid={`group-tab-${tab.key || 'home'}`}>
                {tab.icon}
                {t(`group.tab.${tab.key || 'home'}`)}
              </span>
            ),
          }))}
        />
        {side ? (
          <Row gutter={[16, 16]} className="oj-group-body">
            <Col xs={24} lg={17} xl={18}>
              {body}
            </Col>
            <Col xs={24} lg={7} xl={6} data-testid="group-side">
              {side}
            </Col>
          </Row>
        ) : (
          <div className="oj-group-body">{body}</div>
        )}
      </div>
    </GroupContext.Provider>
  );
}

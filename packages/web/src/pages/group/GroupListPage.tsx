import './group.css';
import { useEffect, useState } from 'react';
import { Avatar, Button, Card, Col, Empty, Input, Pagination, Radio, Row, Space, Spin, Switch, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GROUP_AUTHS, GROUP_LIMITS, groupListQuery, type Group, type GroupAuthValue } from '@oj/shared';
import { useGroupList } from '../../api/group';
import { useListState } from '../../components/list/useListState';
import { listPager } from '../../components/list/listPager';
import { GroupCreateDialog } from './GroupCreateDialog';
import { groupPath } from '../../components/group/GroupContext';
import { GroupAuthTag } from './GroupAuthTag';
import { loggedInOrAsk } from '../../components/comments/loginFirst';
import { useSession } from '../../app/session';
import { abilityReason } from '../../components/abilityReason';

/** The pager's sizes: another `limit` in the address falls back to the default. */
const PAGER = { pageSizes: GROUP_LIMITS.pageSizes };
/** "Only mine" is sent either way, as false when unset. */
const DEFAULTS = { onlyMine: false };

function GroupCard({ group }: { group: Group }) {
  const { t } = useTranslation();
  return (
    <Link to={groupPath(group.id)} data-testid={`group-card-${group.id}`} className="oj-group-card-link">
      <Card hoverable className="oj-group-card" size="small">
        <Space align="start" size={12} className="oj-group-card-body">
          <Avatar shape="square" size={64} src={group.avatar ?? undefined} icon={<TeamOutlined />} />
          <div className="oj-group-card-text">
            <Typography.Text strong ellipsis className="oj-group-card-name">
              {group.name}
            </Typography.Text>
            <Space size={4} wrap>
              <Tag>{group.shortName}</Tag>
              <GroupAuthTag auth={group.auth} />
            </Space>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="oj-group-card-brief">
              {group.brief}
            </Typography.Paragraph>
            <Space size={12} wrap>
              <Typography.Text type="secondary">
                <UserOutlined /> {group.owner}
              </Typography.Text>
              <Typography.Text type="secondary" data-testid={`group-card-members-${group.id}`}>
                <TeamOutlined /> {t('group.memberCount', { count: group.memberCount })}
              </Typography.Text>
            </Space>
          </div>
        </Space>
      </Card>
    </Link>
  );
}

/** /group: cards of the groups, filters auth / keyword / only mine, 15 a page (9–120), the create dialog. */
export default function GroupListPage() {
  const { t } = useTranslation();
  // The list's state lives in the address bar (GroupList: auth, keyword, onlyMine, currentPage, limit).
  const [filter, update] = useListState(groupListQuery, DEFAULTS, PAGER);
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  const [creating, setCreating] = useState(false);
  useEffect(() => setKeyword(filter.keyword ?? ''), [filter.keyword]);
  const { user } = useSession();
  const list = useGroupList(filter, user?.uid ?? '');
  const records = list.data?.records ?? [];
  // The server's group rules (solved problems, groups a day, groups owned), said before the form opens.
  const refusal = user ? abilityReason(t, list.data?.mayCreate) : null;

  return (
    <div className="oj-page" data-testid="group-list">
      <Card
        title={t('group.list.heading')}
        extra={
          <Space size={8} className="oj-group-create">
            {refusal && (
              <Typography.Text type="secondary" className="oj-group-create-reason" data-testid="group-create-reason">
                {refusal}
              </Typography.Text>
            )}
            <Tooltip title={refusal}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!!refusal}
                onClick={() => loggedInOrAsk(t) && setCreating(true)}
                data-testid="group-create"
              >
                {t('group.create')}
              </Button>
            </Tooltip>
          </Space>
        }
      >
        <Space wrap size={[16, 8]} className="oj-group-filters">
          <Radio.Group
            optionType="button"
            size="small"
            value={filter.auth ?? 0}
            onChange={(e) => update({ auth: e.target.value === 0 ? undefined : (e.target.value as GroupAuthValue) })}
            options={[{ value: 0, label: t('group.list.all') }, ...GROUP_AUTHS.map((a) => ({ value: a, label: t(`group.auth.${a}`) }))]}
            data-testid="group-filter-auth"
          />
          <Input.Search
            allowClear
            placeholder={t('group.list.keyword')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => update({ keyword: v.trim() || undefined })}
            className="oj-group-search"
            data-testid="group-keyword"
          />
          <Space size={6}>
            <Switch size="small" checked={filter.onlyMine} onChange={(onlyMine) => update({ onlyMine })} disabled={!user} data-testid="group-only-mine" />
            <Typography.Text>{t('group.list.onlyMine')}</Typography.Text>
          </Space>
        </Space>
        <Spin spinning={list.isPending || (list.isFetching && list.isPlaceholderData)}>
          {/* Nothing is said about an empty list before the list has come ("no groups" under the spinner). */}
          {list.isPending ? (
            <div className="oj-group-loading" data-testid="group-loading" />
          ) : records.length ? (
            <Row gutter={[16, 16]} className="oj-group-grid">
              {records.map((g) => (
                <Col key={g.id} xs={24} md={12} xl={8}>
                  <GroupCard group={g} />
                </Col>
              ))}
            </Row>
          ) : (
            <Empty className="oj-group-empty" description={list.isError ? list.error.message || t('group.loadFailed') : t('group.list.empty')} />
          )}
        </Spin>
        <Pagination
          className="oj-group-pagination"
          {...listPager(filter, update, list.data?.total ?? 0, GROUP_LIMITS.pageSizes)}
          hideOnSinglePage={false}
          size="small"
          data-testid="group-pagination"
        />
      </Card>
      <GroupCreateDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

import { useMemo, useState } from 'react';
import { Button, Card, Empty, Popconfirm, Popover, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, CloseOutlined, DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GROUP_LIMITS, GroupLevel, groupMemberListQuery, type GroupLevelValue, type GroupMemberRow, may } from '@oj/shared';
import { groupApi, groupKeys, useGroupMembers } from '../../../api/group';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';
import { formatDateTime } from '../../../components/time';
import { useGroup } from '../../../components/group/GroupContext';
import { usePageWithRows } from '../../../components/list/usePageWithRows';
import { useListState } from '../../../components/list/useListState';
import { GroupAddMemberDialog } from './GroupAddMemberDialog';
import { GroupLevelSelect, memberResource } from './GroupLevelSelect';
import { actorInGroup, useActor } from '../../../app/may';

const LEVEL_COLOR: Record<GroupLevelValue, string> = { 1: 'processing', 2: 'error', 3: 'default', 4: 'blue', 5: 'gold' };

function LevelTag({ row }: { row: GroupMemberRow }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Tag color={LEVEL_COLOR[row.auth]}>{t(`group.level.${row.auth}`)}</Tag>
      {row.owner && <Tag color="purple">{t('group.owner')}</Tag>}
    </Space>
  );
}

/**
 * Each table's page in the address bar (the size is fixed), read through the list endpoint's schema:
 * the members' as `currentPage`, the applications', the page's second list, under the `apply` prefix
 * (`applyPage`), so that paging one table leaves the other's page alone.
 */
const pageAddress = groupMemberListQuery.pick({ currentPage: true });
const MEMBERS = {};
const APPLICATIONS = { prefix: 'apply' };

/** A table's page: `go` pushes a history entry like any pager, `fix` replaces the one on show. */
interface TablePage {
  page: number;
  go(page: number): void;
  fix(page: number | undefined): void;
}

function useTablePage(address: { prefix?: string }): TablePage {
  const [{ currentPage }, go] = useListState(pageAddress, undefined, address);
  // Moving off a page past the end replaces its history entry (Back would only land on it again).
  const [, fix] = useListState(pageAddress, undefined, { ...address, replace: true });
  return useMemo(() => ({ page: currentPage, go: (p) => go({ currentPage: p }), fix: (p) => fix({ currentPage: p }) }), [currentPage, go, fix]);
}

/** One paged table of members (3–5) or applications (1, 2). */
function MemberTable({
  kind,
  paging: { page, go, fix },
  columns,
  testId,
}: {
  kind: 'member' | 'apply';
  paging: TablePage;
  columns: TableColumnsType<GroupMemberRow>;
  testId: string;
}) {
  const { t } = useTranslation();
  const { group } = useGroup();
  const rows = useGroupMembers(kind, { gid: group.id, currentPage: page, limit: GROUP_LIMITS.memberPageSize });
  const total = rows.data?.total ?? 0;
  // A page past the end (its last rows accepted or deleted, an old link) shows the last page with rows.
  usePageWithRows(rows, page, GROUP_LIMITS.memberPageSize, fix);
  return (
    <Table<GroupMemberRow>
      rowKey="uid"
      size="middle"
      className="oj-group-table"
      columns={columns}
      dataSource={rows.data?.records ?? []}
      loading={rows.isPending || (rows.isFetching && rows.isPlaceholderData)}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={rows.isError ? rows.error.message || t('group.loadFailed') : t(`group.member.empty.${kind}`)} /> }}
      pagination={{
        current: page,
        pageSize: GROUP_LIMITS.memberPageSize,
        total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: go,
      }}
      data-testid={testId}
    />
  );
}

/**
 * The members tab: username, join time, change time, level. Group admins get
 * Add Group Member (the all-users search) and the Member Admin switch: the level select with the rules
 * of §4, the application's reason, delete (never oneself or the owner; only below one's level), and
 * the applications to accept or refuse.
 */
export default function GroupMemberPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { group, access, refresh } = useGroup();
  const [admin, setAdmin] = useState(false);
  const [adding, setAdding] = useState(false);
  const memberPage = useTablePage(MEMBERS);
  const applyPage = useTablePage(APPLICATIONS);
  const viewer = useActor();
  // The viewer as the policy sees him in this group (his level and ownership from the group's access).
  const actor = actorInGroup(viewer, access);

  const reload = () => {
    void client.invalidateQueries({ queryKey: groupKeys.all(group.id) });
    refresh();
  };

  const act = async (work: () => Promise<{ msg: string }>, fallbackKey: string) => {
    try {
      const res = await work();
      feedback.success(successMsg(res.msg, fallbackKey));
      reload();
    } catch {
      // the client showed the server's message
    }
  };

  const manageable = (row: GroupMemberRow) => may(actor, 'delete', memberResource(row));

  const base: TableColumnsType<GroupMemberRow> = [
    {
      title: t('group.member.username'),
      dataIndex: 'username',
      render: (username: string) => (
        <Link to={`/user-home?username=${encodeURIComponent(username)}`} data-testid={`group-member-${username}`}>
          {username}
        </Link>
      ),
    },
    ...(admin ? [{ title: t('group.member.realname'), dataIndex: 'realname', responsive: ['md' as const] }] : []),
    { title: t('group.member.joined'), dataIndex: 'gmtCreate', responsive: ['sm'], render: (iso: string) => formatDateTime(iso) },
    { title: t('group.member.changed'), dataIndex: 'gmtModified', responsive: ['md'], render: (iso: string) => formatDateTime(iso) },
  ];

  const levelColumn: TableColumnsType<GroupMemberRow>[number] = admin
    ? { title: t('group.member.level'), key: 'auth', render: (_v, row) => <GroupLevelSelect gid={group.id} row={row} actor={actor} onChanged={reload} /> }
    : { title: t('group.member.level'), key: 'auth', render: (_v, row) => <LevelTag row={row} /> };

  const actions = (withDecision: boolean): TableColumnsType<GroupMemberRow>[number] => ({
    title: t('group.member.action'),
    key: 'actions',
    render: (_v, row) => (
      <Space size={4} wrap>
        {withDecision && row.auth === GroupLevel.APPLYING && (
          <>
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined />}
              onClick={() => void act(() => groupApi.updateMember({ gid: group.id, uid: row.uid, auth: GroupLevel.MEMBER }), 'group.member.updated')}
              data-testid={`group-accept-${row.username}`}
            >
              {t('group.member.accept')}
            </Button>
            <Button
              size="small"
              icon={<CloseOutlined />}
              onClick={() => void act(() => groupApi.updateMember({ gid: group.id, uid: row.uid, auth: GroupLevel.REFUSED }), 'group.member.updated')}
              data-testid={`group-refuse-${row.username}`}
            >
              {t('group.member.refuse')}
            </Button>
          </>
        )}
        <Popover
          title={t('group.reason')}
          content={<Typography.Paragraph className="oj-group-reason">{row.reason || t('group.member.noReason')}</Typography.Paragraph>}
          trigger="click"
        >
          <Button size="small" data-testid={`group-reason-${row.username}`}>
            {t('group.member.viewReason')}
          </Button>
        </Popover>
        <Popconfirm
          title={t('group.member.deleteConfirm', { username: row.username })}
          okButtonProps={{ danger: true, 'data-testid': `group-delete-${row.username}-ok` }}
          onConfirm={() => act(() => groupApi.deleteMember(group.id, row.uid), 'group.member.deleted')}
          disabled={!manageable(row)}
        >
          <Button size="small" danger icon={<DeleteOutlined />} disabled={!manageable(row)} data-testid={`group-delete-${row.username}`}>
            {t('group.member.delete')}
          </Button>
        </Popconfirm>
      </Space>
    ),
  });

  return (
    <Card
      title={t('group.tab.member')}
      data-testid="group-members"
      extra={
        access.admin && (
          <Space wrap>
            <Button icon={<UserAddOutlined />} onClick={() => setAdding(true)} data-testid="group-add-member">
              {t('group.member.addTitle')}
            </Button>
            <Space size={6}>
              <Switch
                size="small"
                checked={admin}
                onChange={(on) => {
                  setAdmin(on);
                  // the applications' page leaves the address with their table
                  if (!on) applyPage.fix(undefined);
                }}
                data-testid="group-member-admin"
              />
              <Typography.Text>{t('group.member.admin')}</Typography.Text>
            </Space>
          </Space>
        )
      }
    >
      <MemberTable kind="member" paging={memberPage} columns={[...base, levelColumn, ...(admin ? [actions(false)] : [])]} testId="group-member-table" />
      {admin && (
        <>
          <Typography.Title level={5} className="oj-group-subtitle">
            {t('group.member.applications')}
          </Typography.Title>
          <MemberTable kind="apply" paging={applyPage} columns={[...base, levelColumn, actions(true)]} testId="group-apply-table" />
        </>
      )}
      {access.admin && <GroupAddMemberDialog gid={group.id} open={adding} onClose={() => setAdding(false)} onAdded={reload} />}
    </Card>
  );
}

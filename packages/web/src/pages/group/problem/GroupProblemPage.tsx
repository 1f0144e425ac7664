import { Button, Card, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined, EditOutlined, PlusOutlined, SettingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { GroupProblemApply, groupProblemListQuery, type GroupAdminProblemRow, type GroupProblemRow } from '@oj/shared';
import { groupProblemApi, groupProblemKeys } from '../../../api/groupProblem';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';
import { DeleteButton } from '../../../admin/components/DeleteButton';
import { ADMIN_PAGE_SIZES, PROBLEM_AUTHS } from '../../../admin/problemOptions';
import { formatDateTime } from '../../../components/time';
import { useListState } from '../../../components/list/useListState';
import { groupPath, useGroup } from '../../../components/group/GroupContext';
import { ProblemTable, type ProblemColumnSlot, type ProblemTableScope } from '../../problem/ProblemTable';

/**
 * The address bar's state: the list's page and size (the group comes from the route) and which table,
 * `?admin=true` for the admin one.
 */
const addressQuery = groupProblemListQuery.omit({ gid: true }).extend({ admin: z.stringbool().optional() });
const PAGER = { pageSizes: ADMIN_PAGE_SIZES };
const DEFAULTS = { limit: ADMIN_PAGE_SIZES[0] };

/**
 * The group's problems tab, /group/:groupID/problem (spec 3 §2 GroupProblemList): the members' list of
 * the group's public problems; group admins switch to the admin table (`?admin=true`) to create, edit,
 * change auth, apply to the public bank, download test data and delete. Paging lives in the address bar.
 */
export default function GroupProblemPage() {
  const { t } = useTranslation();
  const { group, access } = useGroup();
  const [state, update] = useListState(addressQuery, DEFAULTS, PAGER);
  const admin = access.admin && !!state.admin;
  const gid = group.id;

  return (
    <Card
      title={t(admin ? 'groupProblem.adminTitle' : 'groupProblem.title')}
      data-testid="group-problem-page"
      extra={
        access.admin && (
          <Space wrap>
            {admin && (
              <Link to={groupPath(gid, 'problem', 'admin', 'create')}>
                <Button type="primary" icon={<PlusOutlined />} data-testid="group-problem-create">
                  {t('groupProblem.create')}
                </Button>
              </Link>
            )}
            <Button
              icon={admin ? <UnorderedListOutlined /> : <SettingOutlined />}
              onClick={() => update({ admin: !admin || undefined })}
              data-testid="group-problem-admin-toggle"
            >
              {t(admin ? 'groupProblem.backToList' : 'groupProblem.admin')}
            </Button>
          </Space>
        )
      }
    >
      {admin ? <AdminTable gid={gid} state={state} update={update} /> : <ProblemTable scope={memberScope(gid)} state={state} update={update} />}
    </Card>
  );
}

type State = z.output<typeof addressQuery>;
type Update = (patch: Partial<State>) => void;

/** What the group's two tables share: its problems' pages, the group's words for the headers, its pager. */
const groupTable = (gid: number) => ({
  rowKey: 'id' as const,
  problemPath: (problemId: string) => groupPath(gid, 'problem', encodeURIComponent(problemId)),
  labels: {
    id: 'groupProblem.problemId',
    title: 'groupProblem.problemTitle',
    level: 'groupProblem.difficulty',
    tags: 'groupProblem.tags',
    acRate: 'groupProblem.acRate',
  },
  pageSizes: ADMIN_PAGE_SIZES,
  totalKey: 'groupProblem.total',
  emptyKey: 'groupProblem.empty',
});

/** The members' list: the site's problem table on the group's list call (its public problems). */
const memberScope = (gid: number): ProblemTableScope<GroupProblemRow, State> => ({
  ...groupTable(gid),
  testId: 'group-problem-table',
  query: (q) => ({ queryKey: groupProblemKeys.list(gid, q.currentPage, q.limit), queryFn: () => groupProblemApi.list(gid, q.currentPage, q.limit) }),
  columns: ['id', 'title', 'type', 'level', 'tags', 'acRate'],
});

/**
 * The admins' list: the site's problem table on the group's admin call (every problem of the group),
 * with the group's own cells: author, change time, auth, the public-bank application and the actions.
 */
function AdminTable({ gid, state, update }: { gid: number; state: State; update: Update }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const reload = () => void client.invalidateQueries({ queryKey: groupProblemKeys.all(gid) });
  const act = useMutation({
    mutationFn: (run: () => Promise<{ msg: string }>) => run(),
    onSuccess: (res) => {
      feedback.success(successMsg(res.msg, 'groupProblem.updated'));
      reload();
    },
  });

  const progressTag = (p: number | null) => {
    if (p === GroupProblemApply.APPLYING) return <Tag color="processing">{t('groupProblem.apply.applying')}</Tag>;
    if (p === GroupProblemApply.REFUSED) return <Tag color="error">{t('groupProblem.apply.refused')}</Tag>;
    return <Tag>{t('groupProblem.apply.none')}</Tag>;
  };

  const columns: ProblemColumnSlot<GroupAdminProblemRow>[] = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    'id',
    'title',
    { title: t('groupProblem.author'), dataIndex: 'author', width: 110, responsive: ['md'] },
    { title: t('groupProblem.modified'), dataIndex: 'gmtModified', width: 170, responsive: ['xl'], render: (v: string) => formatDateTime(v) },
    {
      title: t('groupProblem.auth'),
      dataIndex: 'auth',
      width: 130,
      render: (value: number, row) => (
        <Select<number>
          size="small"
          value={value}
          style={{ width: 110 }}
          disabled={!row.editable || act.isPending}
          // Contest-only problems come from the group's contests (spec 3 §2): shown, never chosen here.
          options={PROBLEM_AUTHS.map((a) => ({ value: a.value, label: t(`admin.auth.${a.key}`), disabled: a.value === 3 }))}
          onChange={(next) => act.mutate(() => groupProblemApi.changeAuth(row.id, next as 1 | 2))}
          data-testid={`group-problem-auth-${row.id}`}
        />
      ),
    },
    {
      title: t('groupProblem.apply.title'),
      key: 'apply',
      width: 200,
      render: (_v, row) => (
        <Space size={4} wrap>
          {progressTag(row.applyPublicProgress)}
          {row.editable &&
            (row.applyPublicProgress === GroupProblemApply.APPLYING ? (
              <Popconfirm title={t('groupProblem.apply.cancelConfirm')} onConfirm={() => act.mutate(() => groupProblemApi.applyPublic(row.id, false))}>
                <Button size="small" data-testid={`group-problem-cancel-${row.id}`}>
                  {t('groupProblem.apply.cancel')}
                </Button>
              </Popconfirm>
            ) : (
              <Popconfirm title={t('groupProblem.apply.confirm')} onConfirm={() => act.mutate(() => groupProblemApi.applyPublic(row.id, true))}>
                <Button size="small" type="primary" ghost data-testid={`group-problem-apply-${row.id}`}>
                  {t('groupProblem.apply.apply')}
                </Button>
              </Popconfirm>
            ))}
        </Space>
      ),
    },
    {
      title: t('groupProblem.actions'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_v, row) =>
        row.editable ? (
          <Space size={4}>
            <Tooltip title={t('admin.edit')}>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => navigate(groupPath(gid, 'problem', 'admin', 'edit', row.id))}
                data-testid={`group-problem-edit-${row.id}`}
              />
            </Tooltip>
            <Tooltip title={t('admin.problemList.downloadCases')}>
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={() =>
                  void groupProblemApi.downloadCases(row.id).then(
                    () => feedback.success(t('admin.problemList.downloaded')),
                    () => undefined,
                  )
                }
              />
            </Tooltip>
            <DeleteButton
              confirm={t('admin.problemList.deleteConfirm')}
              warning={t('admin.problemList.deleteWarning')}
              onConfirm={() => act.mutate(() => groupProblemApi.remove(row.id))}
              testId={`group-problem-delete-${row.id}`}
            />
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('groupProblem.notYours')}</Typography.Text>
        ),
    },
  ];
  const scope: ProblemTableScope<GroupAdminProblemRow, State> = {
    ...groupTable(gid),
    testId: 'group-problem-admin-table',
    query: (q) => ({
      queryKey: groupProblemKeys.adminList(gid, q.currentPage, q.limit),
      queryFn: () => groupProblemApi.adminList(gid, q.currentPage, q.limit),
    }),
    columns,
  };
  return <ProblemTable scope={scope} state={state} update={update} />;
}

import { Button, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, FileSearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GroupProblemApply, groupProblemListQuery, type GroupAdminProblemRow } from '@oj/shared';
import { groupProblemApi, groupProblemKeys } from '../../../api/groupProblem';
import { useSearchFilters } from '../../../admin/components/adminPaging';
import { DeleteButton } from '../../../admin/components/DeleteButton';
import { DownloadCasesButton } from '../../../admin/components/DownloadCasesButton';
import { CrudTable } from '../../../admin/kit/CrudTable';
import { useCrudAction, useCrudList } from '../../../admin/kit/useCrudList';
import { PROBLEM_AUTHS } from '../../../admin/problemOptions';
import { groupPath } from '../../../components/group/GroupContext';
import { formatDateTime } from '../../../components/time';
import { type ProblemColumnSlot, useProblemColumns } from '../../problem/problemColumns';
import { groupProblemTable } from './groupProblemTable';

/** The page and size in the address bar, beside `?admin=true`; the group comes from the route. */
const adminQuery = groupProblemListQuery.omit({ gid: true });

/**
 * The admins' list of a group's problems tab: the site's problem cells (`useProblemColumns`) on the
 * group's admin call (every problem of the group) in the admin kit's table, with the group's own
 * cells: author, change time, auth, the public-bank application and the actions.
 */
export function GroupProblemAdminTable({ gid }: { gid: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paging = useSearchFilters(adminQuery);
  const crud = useCrudList({
    key: groupProblemKeys.adminLists(gid),
    query: { currentPage: paging.page, limit: paging.limit },
    list: (q) => groupProblemApi.adminList(gid, q.currentPage, q.limit),
    paging,
    remove: groupProblemApi.remove,
    // the members' list, a problem's page and the group's pickers show the same problems
    alsoRefresh: [groupProblemKeys.all(gid)],
  });
  const { remove } = crud;
  // An auth change or a public-bank application: one at a time, the auth menus wait for it.
  const act = useCrudAction(crud, (run: () => Promise<unknown>) => run(), 'groupProblem.updated');
  const shared = groupProblemTable(gid);

  const progressTag = (p: number | null) => {
    if (p === GroupProblemApply.APPLYING) return <Tag color="processing">{t('groupProblem.apply.applying')}</Tag>;
    if (p === GroupProblemApply.REFUSED) return <Tag color="error">{t('groupProblem.apply.refused')}</Tag>;
    return <Tag>{t('groupProblem.apply.none')}</Tag>;
  };

  const slots: ProblemColumnSlot<GroupAdminProblemRow>[] = [
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
          // Contest-only problems come from the group's contests: shown, never chosen here.
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
      width: 160,
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
            <Tooltip title={t('admin.problemList.plagiarism')}>
              <Button
                size="small"
                icon={<FileSearchOutlined />}
                onClick={() => navigate(`/plagiarism?pid=${row.id}`)}
                data-testid={`group-problem-plagiarism-${row.id}`}
              />
            </Tooltip>
            <DownloadCasesButton download={() => groupProblemApi.downloadCases(row.id)} />
            <DeleteButton
              confirm={t('admin.problemList.deleteConfirm')}
              warning={t('admin.problemList.deleteWarning')}
              onConfirm={() => remove.mutate(row.id)}
              testId={`group-problem-delete-${row.id}`}
            />
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('groupProblem.notYours')}</Typography.Text>
        ),
    },
  ];
  const columns = useProblemColumns(slots, crud.list.data?.records ?? [], shared);
  return (
    <CrudTable<GroupAdminProblemRow>
      rowKey={shared.rowKey}
      columns={columns}
      crud={crud}
      paging={paging}
      totalKey={shared.totalKey}
      locale={{ emptyText: t(shared.emptyKey) }}
      data-testid="group-problem-admin-table"
    />
  );
}

import '../../training/training.css';
import './groupTraining.css';
import { useMemo, useState } from 'react';
import { Button, Card, Empty, Form, Input, Modal, Popconfirm, Space, Switch, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SettingOutlined, TagsOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { groupAdminTrainingListQuery, groupTrainingListQuery, may, TRAINING_LIMITS, type AdminTrainingListRow, type TrainingListRow } from '@oj/shared';
import { quietly } from '../../../api/client';
import { groupTrainingApi, groupTrainingKeys } from '../../../api/groupTraining';
import { trainingKeys } from '../../../api/training';
import { feedback } from '../../../app/feedback';
import { useSearchFilters } from '../../../admin/components/adminPaging';
import { CrudTable } from '../../../admin/kit/CrudTable';
import { useCrudAction, useCrudList } from '../../../admin/kit/useCrudList';
import TrainingCategoryPage from '../../../admin/pages/training/TrainingCategoryPage';
import { TrainingEditor } from '../../../admin/pages/training/TrainingEditPage';
import { TrainingProblemsManager } from '../../../admin/pages/training/TrainingProblemsPage';
import { TrainingAdminScopeContext } from '../../../admin/training/trainingAdminScope';
import { useListState } from '../../../components/list/useListState';
import { useTrainingActor } from '../../../components/training/policy';
import { TrainingPlaceContext } from '../../../components/training/TrainingPlace';
import { TrainingTable, type TrainingTableScope } from '../../training/TrainingTable';
import { type TrainingColumnSlot, useTrainingColumns } from '../../training/trainingColumns';
import { useSession } from '../../../app/session';
import { useGroup } from '../../../components/group/GroupContext';
import { groupTrainingAdminScope, groupTrainingPlace, groupTrainingTab } from './groupTrainingPlace';

type View =
  | { kind: 'list' }
  | { kind: 'admin' }
  | { kind: 'create' }
  | { kind: 'edit'; tid: number }
  | { kind: 'problems'; tid: number }
  | { kind: 'categories' };

const idParam = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The lists' page (and the admin list's size) in the address bar, beside the view; the group comes from
 * the route. One list is on show at a time, and the links between the views start a fresh address.
 */
const memberQuery = groupTrainingListQuery.omit({ gid: true });
const MEMBER_PAGER = { pageSizes: [TRAINING_LIMITS.pageSize] };
const adminQuery = groupAdminTrainingListQuery.omit({ gid: true, keyword: true });
/** The admin list's headers in the admin area's words. */
const ADMIN_LABELS = {
  labels: {
    title: 'admin.training.title',
    category: 'admin.training.category',
    auth: 'admin.training.auth',
    author: 'admin.training.author',
    updated: 'admin.training.modified',
  },
};

/** Which view of the tab the address bar asks for (admin views only for the group's admins). */
function viewOf(params: URLSearchParams, admin: boolean): View {
  if (!admin) return { kind: 'list' };
  const edit = idParam(params.get('edit'));
  const problems = idParam(params.get('problems'));
  if (edit) return { kind: 'edit', tid: edit };
  if (problems) return { kind: 'problems', tid: problems };
  if (params.get('create')) return { kind: 'create' };
  if (params.get('categories')) return { kind: 'categories' };
  if (params.get('admin')) return { kind: 'admin' };
  return { kind: 'list' };
}

/** The members' list: the site's training table on the group's list call, 15 a page. */
function MemberList() {
  const { group } = useGroup();
  const [state, update] = useListState(memberQuery, undefined, MEMBER_PAGER);
  const gid = group.id;
  const scope: TrainingTableScope<TrainingListRow, typeof state> = {
    testId: 'group-training-table',
    query: (q) => {
      const query = { ...q, gid };
      return { queryKey: groupTrainingKeys.list(query), queryFn: quietly(() => groupTrainingApi.list(query)) };
    },
    columns: ['rank', 'title', 'auth', 'category', 'progress', 'problemCount', 'author', 'updated'],
    pageSizes: MEMBER_PAGER.pageSizes,
    hideOnSinglePage: true,
  };
  return <TrainingTable scope={scope} state={state} update={update} />;
}

/**
 * The admins' list: the site's training cells (`useTrainingColumns`) on the group's admin call (every
 * training of the group, hidden ones too) in the admin kit's table, with the group's own cells: the
 * visible switch; edit, problems and delete for the trainings the viewer administers (author while a
 * group admin, group root, super admin), as the policy says.
 */
function AdminList() {
  const { t } = useTranslation();
  const { group } = useGroup();
  const actor = useTrainingActor();
  const paging = useSearchFilters(adminQuery);
  const gid = group.id;
  const crud = useCrudList({
    key: groupTrainingKeys.adminLists,
    query: { gid, currentPage: paging.page, limit: paging.limit },
    // the table says why the list failed to load, so the call makes no toast
    list: (q) => quietly(() => groupTrainingApi.adminList(q))(),
    paging,
    remove: groupTrainingApi.remove,
    // the site's admin lists and the members' lists show the same trainings
    alsoRefresh: [trainingKeys.admin.all, ['training-list']],
  });
  const { remove } = crud;
  const status = useCrudAction(crud, ({ tid, visible }: { tid: number; visible: boolean }) => groupTrainingApi.changeStatus(tid, visible), 'admin.updated');
  const mayDo = (row: AdminTrainingListRow, action: 'administer' | 'delete') => may(actor, action, { kind: 'training', uid: row.uid, gid: row.gid });

  const visible: TrainingColumnSlot<AdminTrainingListRow> = {
    title: t('admin.training.visible'),
    dataIndex: 'status',
    width: 90,
    render: (on: boolean, row) => (
      <Switch
        size="small"
        checked={on}
        disabled={!mayDo(row, 'administer')}
        loading={status.isPending && status.variables?.tid === row.id}
        onChange={(v) => status.mutate({ tid: row.id, visible: v })}
        data-testid={`group-training-visible-${row.id}`}
      />
    ),
  };
  const actions: TrainingColumnSlot<AdminTrainingListRow> = {
    title: t('admin.actions'),
    key: 'actions',
    width: 130,
    render: (_v, row) =>
      mayDo(row, 'administer') ? (
        <Space size={4}>
          <Tooltip title={t('admin.training.edit')}>
            <Link to={groupTrainingTab(gid, { edit: row.id })}>
              <Button size="small" icon={<EditOutlined />} data-testid={`group-training-edit-${row.id}`} />
            </Link>
          </Tooltip>
          <Tooltip title={t('admin.training.problems')}>
            <Link to={groupTrainingTab(gid, { problems: row.id })}>
              <Button size="small" icon={<UnorderedListOutlined />} data-testid={`group-training-problems-${row.id}`} />
            </Link>
          </Tooltip>
          {mayDo(row, 'delete') && (
            <Popconfirm
              title={t('admin.training.deleteConfirm')}
              description={t('admin.training.deleteWarning')}
              okButtonProps={{ danger: true, 'data-testid': 'group-training-delete-ok' }}
              onConfirm={() => remove.mutate(row.id)}
            >
              <Tooltip title={t('admin.delete')}>
                <Button size="small" danger icon={<DeleteOutlined />} data-testid={`group-training-delete-${row.id}`} />
              </Tooltip>
            </Popconfirm>
          )}
        </Space>
      ) : null,
  };
  const columns = useTrainingColumns<AdminTrainingListRow>(['rank', 'title', 'category', 'auth', visible, 'author', 'updated', actions], ADMIN_LABELS);
  return (
    <CrudTable<AdminTrainingListRow>
      rowKey="id"
      columns={columns}
      crud={crud}
      paging={paging}
      locale={{ emptyText: <Empty description={crud.list.isError ? crud.list.error.message || t('common.loadFailed') : t('training.list.empty')} /> }}
      data-testid="group-admin-training-table"
    />
  );
}

/** Add from group problems: a small dialog with the problem's id; Enter submits. */
function AddFromGroup({ tid, onAdded }: { tid: number; onAdded(): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ problemId: string }>();
  const add = useMutation({
    mutationFn: (problemId: string) => groupTrainingApi.addFromGroup(tid, problemId),
    onSuccess: () => {
      feedback.success(t('admin.added'));
      onAdded();
      form.resetFields();
      setOpen(false);
    },
  });
  return (
    <>
      <Button icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="group-training-add-group">
        {t('groupTraining.addFromGroup')}
      </Button>
      <Modal
        open={open}
        title={t('groupTraining.addFromGroup')}
        okText={t('admin.add')}
        cancelText={t('admin.cancel')}
        confirmLoading={add.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        okButtonProps={{ 'data-testid': 'group-training-add-group-ok' }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => add.mutate(v.problemId.trim())}>
          <Form.Item
            name="problemId"
            label={t('groupTraining.problemId')}
            rules={[{ required: true, whitespace: true, message: t('admin.required', { field: t('groupTraining.problemId') }) }]}
          >
            <Input autoFocus maxLength={255} placeholder={t('groupTraining.problemIdHint')} data-testid="group-training-problem-id" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/**
 * The group's training tab (/group/:groupID/training): the members' list; for
 * the group's admins the Create and Training Admin buttons, the admin list, the site's training form
 * and problem list on the group's calls (views kept in the address bar: ?admin, ?create, ?edit=,
 * ?problems=), with back buttons.
 */
export default function GroupTrainingPage() {
  const { t } = useTranslation();
  const { group, access } = useGroup();
  const [params] = useSearchParams();
  const view = viewOf(params, access.admin);
  const place = useMemo(() => groupTrainingPlace(group.id, access), [group.id, access]);
  const username = useSession().user?.username ?? null;
  const adminScope = useMemo(() => groupTrainingAdminScope(group.id, { root: access.root, username }), [group.id, access.root, username]);
  const client = useQueryClient();

  const back = (to: string) => (
    <Link to={to}>
      <Button icon={<ArrowLeftOutlined />} data-testid="group-training-back">
        {t('groupTraining.back')}
      </Button>
    </Link>
  );
  const buttons =
    view.kind === 'list' ? (
      access.admin && (
        <Space wrap>
          <Link to={groupTrainingTab(group.id, { create: true })}>
            <Button type="primary" icon={<PlusOutlined />} data-testid="group-training-create">
              {t('groupTraining.create')}
            </Button>
          </Link>
          <Link to={groupTrainingTab(group.id, { admin: true })}>
            <Button icon={<SettingOutlined />} data-testid="group-training-admin">
              {t('groupTraining.admin')}
            </Button>
          </Link>
        </Space>
      )
    ) : view.kind === 'admin' ? (
      <Space wrap>
        <Link to={groupTrainingTab(group.id, { create: true })}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="group-training-create">
            {t('groupTraining.create')}
          </Button>
        </Link>
        <Link to={groupTrainingTab(group.id, { categories: true })}>
          <Button icon={<TagsOutlined />} data-testid="group-training-categories">
            {t('admin.menu.trainingCategory')}
          </Button>
        </Link>
        {back(groupTrainingTab(group.id))}
      </Space>
    ) : (
      back(groupTrainingTab(group.id, { admin: true }))
    );

  const title = {
    list: t('groupTraining.heading'),
    admin: t('groupTraining.admin'),
    create: t('admin.menu.trainingCreate'),
    edit: t('admin.training.edit'),
    problems: t('admin.training.problems'),
    categories: t('admin.menu.trainingCategory'),
  }[view.kind];

  let body = <MemberList />;
  if (view.kind === 'admin') body = <AdminList />;
  if (view.kind === 'create' || view.kind === 'edit')
    body = <TrainingEditor key={view.kind === 'edit' ? view.tid : 'new'} tid={view.kind === 'edit' ? view.tid : undefined} />;
  if (view.kind === 'categories') body = <TrainingCategoryPage />;
  if (view.kind === 'problems')
    body = (
      <TrainingProblemsManager
        tid={view.tid}
        extra={(refresh) => (
          <AddFromGroup
            tid={view.tid}
            onAdded={() => {
              refresh();
              void client.invalidateQueries({ queryKey: ['training-list'] });
            }}
          />
        )}
      />
    );

  const sub = view.kind !== 'list' && view.kind !== 'admin';
  return (
    <TrainingPlaceContext.Provider value={place}>
      <TrainingAdminScopeContext.Provider value={adminScope}>
        {sub ? (
          <div className="oj-group-training-sub" data-testid={`group-training-view-${view.kind}`}>
            <div>{buttons}</div>
            {body}
          </div>
        ) : (
          <Card
            className="oj-group-training"
            title={<Typography.Text strong>{title}</Typography.Text>}
            extra={buttons}
            data-testid={`group-training-view-${view.kind}`}
          >
            {body}
          </Card>
        )}
      </TrainingAdminScopeContext.Provider>
    </TrainingPlaceContext.Provider>
  );
}

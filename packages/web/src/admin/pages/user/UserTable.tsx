import { useState } from 'react';
import { Button, Input, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { adminUserListQuery, UserStatus, type AdminUserRow, type RoleId } from '@oj/shared';
import { adminUserApi, adminUserKeys } from '../../../api/adminUser';
import { feedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/time';
import { useSearchFilters } from '../../components/adminPaging';
import { roleColor, roleOptions } from './roles';
import { UserEditDialog } from './UserEditDialog';
import { DeleteButton, DeleteSelectedButton } from '../../components/DeleteButton';
import { CrudTable } from '../../kit/CrudTable';
import { useCrudList } from '../../kit/useCrudList';

/**
 * Every account: keyword and role filters, the edit dialog, delete one or the
 * selected ones. The confirmation says what deleting does (modules/admin-user/service.ts deleteUsers).
 */
export function UserTable() {
  const { t } = useTranslation();
  const { user } = useSession();
  const paging = useSearchFilters(adminUserListQuery);
  const { keyword, onlyAdmin, role } = paging.state;
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const q = { currentPage: paging.page, limit: paging.limit, keyword: keyword || undefined, onlyAdmin: onlyAdmin || undefined, role };
  const crud = useCrudList({
    key: adminUserKeys.users,
    query: q,
    list: adminUserApi.list,
    paging,
    remove: adminUserApi.remove,
    onRemoved: (ids: string[]) => setSelected((s) => s.filter((id) => !ids.includes(id))),
  });
  const { refresh, remove } = crud;
  const removeSelected = () => {
    if (selected.length === 0) {
      feedback.error(t('msg.usersSelectEmpty'));
      return;
    }
    remove.mutate(selected);
  };
  const warning = <div className="oj-admin-user-delete-warning">{t('admin.user.deleteWarning')}</div>;

  const columns: TableColumnsType<AdminUserRow> = [
    {
      title: t('admin.user.username'),
      dataIndex: 'username',
      render: (v: string, r) => (
        <Space size={4} wrap={false}>
          <span data-testid={`admin-user-name-${v}`}>{v}</span>
          {r.titleName && <Tag color={r.titleColor ?? undefined}>{r.titleName}</Tag>}
        </Space>
      ),
    },
    { title: t('admin.user.realname'), dataIndex: 'realname', width: 120, ellipsis: true },
    { title: t('admin.user.email'), dataIndex: 'email', width: 200, ellipsis: true },
    {
      title: t('admin.user.roleCol'),
      dataIndex: 'role',
      width: 150,
      render: (v: RoleId) => <Tag color={roleColor(v)}>{t(`admin.user.role.${v}`)}</Tag>,
    },
    {
      title: t('admin.user.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: number, r) => (
        <Tag color={v === UserStatus.DISABLED ? 'red' : 'green'} data-testid={`admin-user-status-${r.username}`}>
          {v === UserStatus.DISABLED ? t('admin.user.statusDisabled') : t('admin.user.statusNormal')}
        </Tag>
      ),
    },
    { title: t('admin.user.created'), dataIndex: 'gmtCreate', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 96,
      fixed: 'right',
      render: (_v, r) => (
        <Space size={4} wrap={false}>
          <Tooltip title={t('admin.edit')}>
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing(r)}
              aria-label={t('admin.edit')}
              data-testid={`admin-user-edit-${r.username}`}
            />
          </Tooltip>
          {r.uid !== user?.uid && (
            <DeleteButton
              confirm={t('admin.user.deleteConfirm', { username: r.username })}
              warning={warning}
              onConfirm={() => remove.mutate([r.uid])}
              testId={`admin-user-delete-${r.username}`}
              okTestId="admin-user-delete-ok"
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="oj-admin-filters">
        <Space wrap>
          <Input.Search
            allowClear
            defaultValue={keyword}
            placeholder={t('admin.user.keyword')}
            // a new filter starts at page 1 (the patch does not name the page)
            onSearch={(v) => paging.setFilter({ keyword: v.trim() || undefined })}
            style={{ width: 260, maxWidth: '100%' }}
            data-testid="admin-user-keyword"
          />
          <Select<RoleId | 'admins' | 'all'>
            value={onlyAdmin ? 'admins' : (role ?? 'all')}
            style={{ width: 200 }}
            // one select, two of the query's filters: the admins, or one role
            onChange={(v) => paging.setFilter({ onlyAdmin: v === 'admins' || undefined, role: typeof v === 'number' ? v : undefined })}
            options={[{ value: 'all', label: t('admin.user.roleAll') }, { value: 'admins', label: t('admin.user.roleAdmins') }, ...roleOptions(t)]}
            aria-label={t('admin.user.roleCol')}
            data-testid="admin-user-role-filter"
          />
          <DeleteSelectedButton
            count={selected.length}
            confirm={t('admin.user.deleteSelectedConfirm', { count: selected.length })}
            warning={warning}
            onConfirm={removeSelected}
            pending={remove.isPending}
            label={t('admin.user.deleteSelected')}
            testId="admin-user-delete-selected"
          />
        </Space>
      </div>
      <CrudTable<AdminUserRow>
        rowKey="uid"
        columns={columns}
        crud={crud}
        paging={paging}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
          preserveSelectedRowKeys: true,
          // Root cannot delete himself (the server refuses too).
          getCheckboxProps: (r) => ({ disabled: r.uid === user?.uid }),
        }}
      />
      {editing && (
        <UserEditDialog
          user={editing}
          self={editing.uid === user?.uid}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}

import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Popconfirm, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSION_CODE_MAX, PERMISSION_NAME_MAX, ROLE_IDS, ROLE_NAMES, Role, type PermissionInfo, type RoleId } from '@oj/shared';
import { adminPermissionApi, adminPermissionKey } from '../../../api/adminPermission';
import { feedback } from '../../../app/feedback';

interface FormValues {
  code: string;
  name: string;
}

/**
 * Roles 1000–1008 and their named permissions (Auth / Role auth): one row
 * per permission, one checkbox per role. A tick saves that role's whole set at once; the server's
 * guards read it on every node without a restart.
 */
export function RolePermissionPanel() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const list = useQuery({ queryKey: adminPermissionKey, queryFn: adminPermissionApi.list });
  const [editing, setEditing] = useState<PermissionInfo | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();
  const refresh = (data?: PermissionInfo[]) => {
    if (data) client.setQueryData(adminPermissionKey, data);
    else void client.invalidateQueries({ queryKey: adminPermissionKey });
    // The admin's own permissions may have changed with it.
    void client.invalidateQueries({ queryKey: ['auth-info'] });
  };

  const setRole = useMutation({
    mutationFn: ({ roleId, ids }: { roleId: RoleId; ids: number[] }) => adminPermissionApi.setRole({ roleId, permissionIds: ids }),
    onSuccess: (data) => {
      feedback.success(t('admin.updated'));
      refresh(data);
    },
  });
  const save = useMutation({
    mutationFn: (v: FormValues) => (editing && editing !== 'new' ? adminPermissionApi.edit({ id: editing.id, ...v }) : adminPermissionApi.add(v)),
    onSuccess: () => {
      feedback.success(t(editing === 'new' ? 'admin.added' : 'admin.updated'));
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => adminPermissionApi.remove(id),
    onSuccess: () => {
      feedback.success(t('admin.deleted'));
      refresh();
    },
  });

  const toggle = (p: PermissionInfo, roleId: RoleId, on: boolean) => {
    const ids = (list.data ?? []).filter((x) => (x.id === p.id ? on : x.roles.includes(roleId))).map((x) => x.id);
    setRole.mutate({ roleId, ids });
  };
  const open = (p: PermissionInfo | 'new') => {
    form.setFieldsValue(p === 'new' ? { code: '', name: '' } : { code: p.code, name: p.name });
    setEditing(p);
  };
  const label = (p: PermissionInfo) => (p.builtIn && i18n.exists(`admin.permission.builtIn.${p.code}`) ? t(`admin.permission.builtIn.${p.code}`) : p.name);

  const columns: TableColumnsType<PermissionInfo> = [
    {
      title: t('admin.permission.permission'),
      key: 'name',
      fixed: 'left',
      width: 240,
      render: (_v, p) => (
        <div className="oj-permission-name">
          <div className="oj-ellipsis" title={label(p)}>
            {label(p)}
          </div>
          <Space size={4} className="oj-permission-code">
            <code className="oj-ellipsis" title={p.code}>
              {p.code}
            </code>
            {p.builtIn && <Tag>{t('admin.permission.builtInTag')}</Tag>}
          </Space>
        </div>
      ),
    },
    ...ROLE_IDS.map((roleId) => ({
      title: (
        <Tooltip title={`${t(`admin.permission.role.${ROLE_NAMES[roleId]}`)} (${roleId})`}>
          <span className="oj-permission-role">{t(`admin.permission.role.${ROLE_NAMES[roleId]}`)}</span>
        </Tooltip>
      ),
      key: String(roleId),
      width: 96,
      align: 'center' as const,
      render: (_v: unknown, p: PermissionInfo) => (
        <Checkbox
          checked={p.roles.includes(roleId)}
          disabled={setRole.isPending || roleId === Role.ROOT}
          onChange={(e) => toggle(p, roleId, e.target.checked)}
          aria-label={`${ROLE_NAMES[roleId]} ${p.code}`}
          data-testid={`perm-${p.code}-${roleId}`}
        />
      ),
    })),
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 96,
      render: (_v, p) => (
        <Space size={4}>
          <Button size="small" icon={<EditOutlined />} onClick={() => open(p)} aria-label={t('admin.edit')} data-testid={`perm-edit-${p.code}`} />
          {!p.builtIn && (
            <Popconfirm title={t('admin.permission.deleteConfirm')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(p.id)}>
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('admin.delete')} data-testid={`perm-delete-${p.code}`} />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('admin.permission.help', { root: t(`admin.permission.role.${ROLE_NAMES[Role.ROOT]}`) })}
      />
      <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} style={{ marginBottom: 16 }} data-testid="perm-add">
        {t('admin.permission.add')}
      </Button>
      {/* Fixed column widths: nine role columns are wider than the card at 1280 px, so the table scrolls
          inside the card with the permission column held on the left, and the page itself never does. */}
      <Table<PermissionInfo>
        className="oj-permission-table"
        rowKey="id"
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 240 + 96 * (ROLE_IDS.length + 1) }}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        columns={columns}
        pagination={false}
        data-testid="permission-table"
      />
      <Modal
        open={editing !== null}
        title={t(editing === 'new' ? 'admin.permission.add' : 'admin.permission.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        okButtonProps={{ 'data-testid': 'perm-save' }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate({ code: v.code.trim(), name: v.name.trim() })}>
          <Form.Item
            name="code"
            label={t('admin.permission.code')}
            extra={t('admin.permission.codeHelp')}
            rules={[
              { required: true, message: t('admin.required', { field: t('admin.permission.code') }) },
              { pattern: /^[a-z][a-z0-9_]*$/, message: t('admin.permission.codeInvalid') },
              { max: PERMISSION_CODE_MAX },
            ]}
          >
            <Input maxLength={PERMISSION_CODE_MAX} disabled={editing !== 'new' && editing?.builtIn} data-testid="perm-code" />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('admin.permission.name')}
            rules={[{ required: true, whitespace: true, message: t('admin.required', { field: t('admin.permission.name') }) }]}
          >
            <Input maxLength={PERMISSION_NAME_MAX} data-testid="perm-name" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

import { useState } from 'react';
import { Button, Card, ColorPicker, Form, Input, Modal, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TRAINING_LIMITS, type TrainingCategory } from '@oj/shared';
import { quietly } from '../../../api/client';
import { trainingKeys } from '../../../api/training';
import { feedback } from '../../../app/feedback';
import { colorString, DEFAULT_TAG_COLOR } from '../../components/tagColor';
import { useTrainingAdminScope } from '../../training/trainingAdminScope';

interface FormValues {
  name: string;
  color: unknown;
}

/**
 * Training categories (training/category): name and colour, add, edit, delete. The server
 * refuses to delete a category trainings still use; its message comes as the client's toast. The
 * categories and calls are the enclosing admin scope's (the site's, or a group's own categories).
 */
export default function TrainingCategoryPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { categoryAdmin } = useTrainingAdminScope();
  const categories = useQuery({ queryKey: categoryAdmin.list.queryKey, queryFn: quietly(categoryAdmin.list.queryFn), staleTime: 60_000 });
  const [editing, setEditing] = useState<TrainingCategory | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: trainingKeys.categories });
    void client.invalidateQueries({ queryKey: trainingKeys.admin.all });
  };

  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body = { name: v.name.trim(), color: colorString(v.color) ?? DEFAULT_TAG_COLOR };
      return editing && editing !== 'new' ? categoryAdmin.update({ id: editing.id, ...body }) : categoryAdmin.add(body);
    },
    onSuccess: () => {
      feedback.success(t(editing === 'new' ? 'admin.added' : 'admin.updated'));
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => categoryAdmin.remove(id),
    onSuccess: () => {
      feedback.success(t('admin.deleted'));
      refresh();
    },
  });

  const open = (c: TrainingCategory | 'new') => {
    form.setFieldsValue(c === 'new' ? { name: '', color: DEFAULT_TAG_COLOR } : { name: c.name, color: c.color });
    setEditing(c);
  };

  const columns: TableColumnsType<TrainingCategory> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: t('admin.training.categoryName'),
      dataIndex: 'name',
      render: (name: string, c) => (
        <Tag color={c.color} data-testid={`category-${name}`}>
          {name}
        </Tag>
      ),
    },
    { title: t('admin.training.categoryColor'), dataIndex: 'color', width: 140 },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 100,
      render: (_v, c) => (
        <Space size={4}>
          <Button size="small" icon={<EditOutlined />} onClick={() => open(c)} aria-label={t('admin.edit')} data-testid={`category-edit-${c.name}`} />
          <Popconfirm
            title={t('admin.training.categoryDeleteConfirm')}
            okButtonProps={{ danger: true, 'data-testid': 'category-delete-ok' }}
            onConfirm={() => remove.mutate(c.id)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('admin.delete')} data-testid={`category-delete-${c.name}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="oj-admin-page" data-testid="admin-training-categories">
      <Card
        title={t('admin.menu.trainingCategory')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="category-add">
            {t('admin.add')}
          </Button>
        }
      >
        <Table<TrainingCategory>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={categories.data ?? []}
          loading={categories.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="category-table"
        />
      </Card>
      <Modal
        open={!!editing}
        title={editing === 'new' ? t('admin.training.categoryNew') : t('admin.training.categoryEdit')}
        onOk={() => void form.validateFields().then((v) => save.mutate(v))}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        okButtonProps={{ 'data-testid': 'category-save' }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={t('admin.training.categoryName')}
            rules={[{ required: true, whitespace: true, message: t('admin.required', { field: t('admin.training.categoryName') }) }]}
          >
            <Input maxLength={TRAINING_LIMITS.categoryNameMax} data-testid="category-name" />
          </Form.Item>
          <Form.Item name="color" label={t('admin.training.categoryColor')}>
            <ColorPicker showText format="hex" disabledAlpha />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

import { useState } from 'react';
import { Button, Card, Col, ColorPicker, Form, Input, Modal, Popconfirm, Row, Select, Space, Table, Tag as AntTag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { classificationBody, OWN_OJ, tagBody, type Tag, type TagClassification } from '@oj/shared';
import { adminTagApi } from '../../api/adminProblem';
import { adminTagKeys } from '../components/TagPicker';
import { colorString, DEFAULT_TAG_COLOR } from '../components/tagColor';
import { EndpointForm } from '../kit/EndpointForm';
import { useCrudAction, useCrudRemove } from '../kit/useCrudList';

/** Tag classifications: name and rank (display order). Deleting one moves its tags to unclassified. */
function Classifications({ list, loading }: { list: TagClassification[]; loading: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState<TagClassification | 'new' | null>(null);
  const [form] = Form.useForm<{ name: string; rank: number }>();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: adminTagKeys.classifications });
    void client.invalidateQueries({ queryKey: adminTagKeys.all });
    void client.invalidateQueries({ queryKey: adminTagKeys.grouped });
  };
  const save = useCrudAction(
    { refresh },
    (v: { id?: number; name: string; rank: number }) => adminTagApi.saveClassification({ id: v.id, name: v.name.trim(), rank: v.rank, oj: OWN_OJ }),
    (v) => (v.id ? 'admin.updated' : 'admin.added'),
    () => setEditing(null),
  );
  const remove = useCrudRemove({ refresh }, (id: number) => adminTagApi.removeClassification(id));
  const open = (c: TagClassification | 'new') => {
    form.setFieldsValue(c === 'new' ? { name: '', rank: list.length ? Math.max(...list.map((x) => x.rank)) + 1 : 0 } : { name: c.name, rank: c.rank });
    setEditing(c);
  };
  const columns: TableColumnsType<TagClassification> = [
    { title: t('admin.tag.name'), dataIndex: 'name' },
    { title: t('admin.tag.rank'), dataIndex: 'rank', width: 80 },
    {
      title: t('admin.actions'),
      key: 'a',
      width: 100,
      render: (_v, c) => (
        <Space size={4}>
          <Button size="small" icon={<EditOutlined />} onClick={() => open(c)} aria-label={t('admin.edit')} />
          <Popconfirm title={t('admin.tag.deleteClassificationConfirm')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(c.id)}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('admin.delete')} />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={t('admin.tag.classifications')}
      extra={
        <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="classification-add">
          {t('admin.add')}
        </Button>
      }
    >
      <Table<TagClassification>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list}
        loading={loading}
        pagination={false}
        data-testid="classification-table"
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? t('admin.tag.newClassification') : t('admin.tag.editClassification')}
        onOk={() => void form.validateFields().then((v) => save.mutate({ ...v, id: editing && editing !== 'new' ? editing.id : undefined }))}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <EndpointForm
          body={classificationBody}
          form={form}
          overrides={{
            id: { hidden: true },
            oj: { hidden: true },
            name: { label: t('admin.tag.name'), requiredMessage: t('admin.tag.nameRequired'), testId: 'classification-name' },
            // the order is asked for: an empty rank would quietly become 0
            rank: { label: t('admin.tag.rank'), item: { rules: [{ required: true, message: t('admin.required', { field: t('admin.tag.rank') }) }] } },
          }}
        />
      </Modal>
    </Card>
  );
}

interface TagValues {
  name: string;
  color: unknown;
  tcid?: number | null;
}

/** Tags of the own bank: colour and classification; add, edit, delete. */
function Tags({ classifications }: { classifications: TagClassification[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const tags = useQuery({ queryKey: adminTagKeys.all, queryFn: adminTagApi.all });
  const [filter, setFilter] = useState<{ keyword: string; tcid: number | 'none' | undefined }>({ keyword: '', tcid: undefined });
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const [form] = Form.useForm<TagValues>();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: adminTagKeys.all });
    void client.invalidateQueries({ queryKey: adminTagKeys.grouped });
  };
  const save = useCrudAction(
    { refresh },
    (v: TagValues & { id?: number }) => adminTagApi.save({ id: v.id, name: v.name.trim(), color: colorString(v.color), oj: OWN_OJ, tcid: v.tcid ?? null }),
    (v) => (v.id ? 'admin.updated' : 'admin.added'),
    () => setEditing(null),
  );
  const remove = useCrudRemove({ refresh }, (id: number) => adminTagApi.remove(id));
  const open = (tag: Tag | 'new') => {
    form.setFieldsValue(
      tag === 'new' ? { name: '', color: DEFAULT_TAG_COLOR, tcid: null } : { name: tag.name, color: tag.color || DEFAULT_TAG_COLOR, tcid: tag.tcid },
    );
    setEditing(tag);
  };
  const nameOf = new Map(classifications.map((c) => [c.id, c.name]));
  const keyword = filter.keyword.trim().toLowerCase();
  const rows = (tags.data ?? []).filter(
    (tag) =>
      (!keyword || tag.name.toLowerCase().includes(keyword)) &&
      (filter.tcid === undefined || (filter.tcid === 'none' ? tag.tcid === null || !nameOf.has(tag.tcid) : tag.tcid === filter.tcid)),
  );
  const columns: TableColumnsType<Tag> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('admin.tag.name'), dataIndex: 'name', render: (name: string, tag) => <AntTag color={tag.color || DEFAULT_TAG_COLOR}>{name}</AntTag> },
    { title: t('admin.tag.color'), dataIndex: 'color', width: 110, responsive: ['md'], render: (c: string | null) => <code>{c ?? '-'}</code> },
    {
      title: t('admin.tag.classification'),
      dataIndex: 'tcid',
      render: (tcid: number | null) => (tcid !== null && nameOf.has(tcid) ? nameOf.get(tcid) : <span className="oj-muted">{t('admin.tag.unclassified')}</span>),
    },
    {
      title: t('admin.actions'),
      key: 'a',
      width: 100,
      render: (_v, tag) => (
        <Space size={4}>
          <Button size="small" icon={<EditOutlined />} onClick={() => open(tag)} aria-label={t('admin.edit')} data-testid={`tag-edit-${tag.name}`} />
          <Popconfirm title={t('admin.tag.deleteConfirm')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(tag.id)}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('admin.delete')} data-testid={`tag-delete-${tag.name}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={t('admin.menu.tags')}
      extra={
        <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="tag-add">
          {t('admin.add')}
        </Button>
      }
    >
      <div className="oj-admin-filters">
        <Input.Search
          allowClear
          placeholder={t('admin.tag.search')}
          onChange={(e) => setFilter((f) => ({ ...f, keyword: e.target.value }))}
          style={{ maxWidth: 240 }}
        />
        <Select
          allowClear
          placeholder={t('admin.tag.classification')}
          value={filter.tcid}
          onChange={(v) => setFilter((f) => ({ ...f, tcid: v }))}
          options={[{ value: 'none', label: t('admin.tag.unclassified') }, ...classifications.map((c) => ({ value: c.id, label: c.name }))]}
          style={{ width: 200 }}
        />
      </div>
      <Table<Tag>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={tags.isPending}
        pagination={{ pageSize: 30, hideOnSinglePage: true }}
        data-testid="tag-table"
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? t('admin.tag.new') : t('admin.tag.edit')}
        onOk={() => void form.validateFields().then((v) => save.mutate({ ...v, id: editing && editing !== 'new' ? editing.id : undefined }))}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <EndpointForm
          body={tagBody}
          form={form}
          overrides={{
            id: { hidden: true },
            oj: { hidden: true },
            name: { label: t('admin.tag.name'), requiredMessage: t('admin.tag.nameRequired'), testId: 'tag-name' },
            color: { label: t('admin.tag.color'), widget: <ColorPicker showText /> },
            tcid: {
              label: t('admin.tag.classification'),
              widget: 'select',
              options: classifications.map((c) => ({ value: c.id, label: c.name })),
              control: { placeholder: t('admin.tag.unclassified') },
            },
          }}
        />
      </Modal>
    </Card>
  );
}

/** Tag admin (problem/tag): tags with colour and classification, and classification CRUD. */
export default function TagAdminPage() {
  const classifications = useQuery({ queryKey: adminTagKeys.classifications, queryFn: adminTagApi.classifications });
  const list = [...(classifications.data ?? [])].sort((a, b) => a.rank - b.rank || a.id - b.id);
  return (
    <div className="oj-admin-page" data-testid="admin-tags">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Tags classifications={list} />
        </Col>
        <Col xs={24} lg={9}>
          <Classifications list={list} loading={classifications.isPending} />
        </Col>
      </Row>
    </div>
  );
}

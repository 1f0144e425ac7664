import { useState } from 'react';
import { Button, ColorPicker, Form, Input, Modal, Select, Space, Tag as AntTag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OWN_OJ, type Tag } from '@oj/shared';
import { adminTagApi } from '../../api/adminProblem';
import { feedback } from '../../app/feedback';
import { colorString, DEFAULT_TAG_COLOR } from './tagColor';
import { ADMIN_TAGS_KEY, useProblemEditorCalls } from '../problemEditorCalls';

export const adminTagKeys = { all: ADMIN_TAGS_KEY, classifications: ['admin-tag-classifications'] as const, grouped: ['admin-tags-grouped'] as const };

/** Picks the problem's tags from the own bank; a new one (name, colour, classification) is created on the spot. */
export function TagPicker({ value, onChange }: { value?: Tag[]; onChange?: (v: Tag[]) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const selected = value ?? [];
  // The tags this place offers (the bank's; in a group also the group's own), and whether new ones may be made here.
  const { tags: offered } = useProblemEditorCalls();
  const all = useQuery({ queryKey: offered.key, queryFn: offered.all });
  const [creating, setCreating] = useState(false);
  const classifications = useQuery({ queryKey: adminTagKeys.classifications, queryFn: adminTagApi.classifications, enabled: creating });
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string; color: unknown; tcid?: number }>();
  const byId = new Map((all.data ?? []).map((tag) => [tag.id, tag]));

  const setIds = (ids: number[]) => onChange?.(ids.map((id) => byId.get(id) ?? selected.find((s) => s.id === id)!).filter(Boolean));

  const create = async () => {
    const values = await form.validateFields();
    const name = values.name.trim();
    const lower = name.toLowerCase();
    if (selected.some((s) => s.name.toLowerCase() === lower)) {
      feedback.warning(t('admin.tag.duplicate'));
      return;
    }
    const existing = (all.data ?? []).find((s) => s.name.toLowerCase() === lower);
    if (existing) {
      onChange?.([...selected, existing]);
      setCreating(false);
      return;
    }
    setSaving(true);
    try {
      const res = await adminTagApi.save({ name, color: colorString(values.color), oj: OWN_OJ, tcid: values.tcid ?? null });
      const fresh = await client.fetchQuery({ queryKey: adminTagKeys.all, queryFn: adminTagApi.all, staleTime: 0 });
      const created = res.data?.id ? res.data : fresh.find((s) => s.name === name);
      if (created) onChange?.([...selected, created]);
      void client.invalidateQueries({ queryKey: adminTagKeys.grouped });
      setCreating(false);
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space.Compact block className="oj-admin-tag-picker">
      <Select<number[]>
        mode="multiple"
        value={selected.map((s) => s.id)}
        onChange={setIds}
        loading={all.isPending}
        placeholder={t('admin.tag.pick')}
        optionFilterProp="label"
        options={(all.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
        tagRender={({ value: id, closable, onClose }) => {
          const tag = byId.get(id as number) ?? selected.find((s) => s.id === id);
          return (
            <AntTag color={tag?.color || DEFAULT_TAG_COLOR} closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
              {tag?.name ?? id}
            </AntTag>
          );
        }}
        style={{ flex: 1 }}
        data-testid="problem-tags"
      />
      {offered.canCreate && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => {
            form.resetFields();
            setCreating(true);
          }}
          data-testid="problem-tag-new"
        >
          {t('admin.tag.new')}
        </Button>
      )}
      <Modal open={creating} title={t('admin.tag.new')} onOk={() => void create()} confirmLoading={saving} onCancel={() => setCreating(false)} destroyOnHidden>
        <Form form={form} layout="vertical" initialValues={{ color: DEFAULT_TAG_COLOR }}>
          <Form.Item name="name" label={t('admin.tag.name')} rules={[{ required: true, whitespace: true, message: t('admin.tag.nameRequired') }, { max: 50 }]}>
            <Input maxLength={50} data-testid="new-tag-name" />
          </Form.Item>
          <Form.Item name="color" label={t('admin.tag.color')}>
            <ColorPicker showText />
          </Form.Item>
          <Form.Item name="tcid" label={t('admin.tag.classification')}>
            <Select
              allowClear
              placeholder={t('admin.tag.unclassified')}
              loading={classifications.isPending}
              options={(classifications.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space.Compact>
  );
}

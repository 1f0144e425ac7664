import { useEffect, useState } from 'react';
import { Button, Input, Modal, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DISCUSSION_LIMITS } from '@oj/shared';
import { discussionApi, discussionKeys, useDiscussionCategories } from '../../api/discussion';
import { feedback } from '../../app/feedback';

type Row = { key: string; id?: number; name: string };
let nextKey = 0;

/**
 * Super admins edit the categories (spec 2 §6): rename, add, remove; saved as the whole list. A
 * category that discussions still use cannot go: the server says so and nothing changes.
 */
export function CategoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const categories = useDiscussionCategories();
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) setRows((categories.data ?? []).map((c) => ({ key: `c${c.id}`, id: c.id, name: c.name })));
  }, [open, categories.data]);

  const save = async () => {
    if (rows.some((r) => !r.name.trim())) {
      feedback.warning(t('discussion.categories.empty'));
      return;
    }
    setBusy(true);
    try {
      const saved = await discussionApi.saveCategories(rows.map((r) => ({ ...(r.id ? { id: r.id } : {}), name: r.name.trim() })));
      client.setQueryData(discussionKeys.categories, saved);
      void client.invalidateQueries({ queryKey: discussionKeys.lists });
      feedback.success(t('discussion.categories.saved'));
      onClose();
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('discussion.categories.title')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('discussion.categories.save')}
      cancelText={t('comment.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'categories-save' }}
    >
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="categories-dialog">
        {rows.map((r, i) => (
          <Space.Compact key={r.key} style={{ width: '100%' }}>
            <Input
              value={r.name}
              maxLength={DISCUSSION_LIMITS.categoryNameMax}
              onChange={(e) => setRows((cur) => cur.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
              data-testid={`category-name-${i}`}
            />
            <Button
              icon={<DeleteOutlined />}
              danger
              aria-label={t('comment.delete')}
              onClick={() => setRows((cur) => cur.filter((_, j) => j !== i))}
              data-testid={`category-remove-${i}`}
            />
          </Space.Compact>
        ))}
        <Button
          icon={<PlusOutlined />}
          block
          type="dashed"
          disabled={rows.length >= DISCUSSION_LIMITS.categoriesMax}
          onClick={() => setRows((cur) => [...cur, { key: `n${nextKey++}`, name: '' }])}
          data-testid="category-add"
        >
          {t('discussion.categories.add')}
        </Button>
      </Space>
    </Modal>
  );
}

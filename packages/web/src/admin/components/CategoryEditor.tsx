import { useState } from 'react';
import { Alert, Button, Input, List, Skeleton, Space, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DISCUSSION_LIMITS, type DiscussionCategory } from '@oj/shared';
import { quietly } from '../../api/client';
import { discussionApi, discussionKeys } from '../../api/discussion';
import { feedback } from '../../app/feedback';

/** A row being edited: the stored category (id) or a new one (key only). */
interface Draft {
  key: string;
  id?: number;
  name: string;
}

let nextKey = 0;
const draftsOf = (list: DiscussionCategory[]): Draft[] => list.map((c) => ({ key: `c${c.id}`, id: c.id, name: c.name }));

/**
 * Discussion categories (the super admin adds, renames and deletes them). The whole list
 * is saved at once, as HOJ's call takes it; the server refuses to delete a category still used by
 * discussions (MSG.discussionCategoryInUse) and two with one name, and nothing changes then.
 */
function Editor({ stored }: { stored: DiscussionCategory[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [rows, setRows] = useState(() => draftsOf(stored));
  const save = useMutation({
    mutationFn: () => discussionApi.saveCategories(rows.map((r) => ({ id: r.id, name: r.name.trim() }))),
    onSuccess: (list) => {
      client.setQueryData(discussionKeys.categories, list);
      void client.invalidateQueries({ queryKey: discussionKeys.lists });
      setRows(draftsOf(list));
      feedback.success(t('admin.updated'));
    },
  });
  const rename = (key: string, name: string) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, name } : r)));
  const blank = rows.some((r) => !r.name.trim());
  return (
    <>
      <List<Draft>
        dataSource={rows}
        rowKey="key"
        locale={{ emptyText: t('admin.discussion.categoryEmpty') }}
        renderItem={(r, i) => (
          <List.Item>
            <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
              <Input
                value={r.name}
                maxLength={DISCUSSION_LIMITS.categoryNameMax}
                status={r.name.trim() ? undefined : 'error'}
                placeholder={t('admin.discussion.categoryName')}
                aria-label={t('admin.discussion.categoryName')}
                onChange={(e) => rename(r.key, e.target.value)}
                data-testid={`category-name-${i}`}
              />
              <Tooltip title={t('admin.delete')}>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('admin.delete')}
                  onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                  data-testid={`category-delete-${i}`}
                />
              </Tooltip>
            </Space.Compact>
          </List.Item>
        )}
      />
      {blank && <Alert type="warning" showIcon title={t('admin.discussion.categoryNameRequired')} style={{ marginBottom: 12 }} />}
      <Space wrap style={{ marginTop: 12 }}>
        <Button
          icon={<PlusOutlined />}
          disabled={rows.length >= DISCUSSION_LIMITS.categoriesMax}
          onClick={() => setRows((rs) => [...rs, { key: `n${++nextKey}`, name: '' }])}
          data-testid="category-add"
        >
          {t('admin.discussion.categoryAdd')}
        </Button>
        <Button type="primary" icon={<SaveOutlined />} disabled={blank} loading={save.isPending} onClick={() => save.mutate()} data-testid="category-save">
          {t('admin.save')}
        </Button>
        <Button icon={<UndoOutlined />} onClick={() => setRows(draftsOf(stored))} data-testid="category-reset">
          {t('admin.discussion.categoryReset')}
        </Button>
      </Space>
    </>
  );
}

/** The one category editor: the admin discussion page's tab and the discussion list's dialog for the super admin. */
export function CategoryEditor() {
  const list = useQuery({ queryKey: discussionKeys.categories, queryFn: quietly(discussionApi.categories) });
  if (list.isPending) return <Skeleton active />;
  if (list.isError) return <Alert type="error" showIcon title={list.error.message} />;
  return <Editor stored={list.data} />;
}

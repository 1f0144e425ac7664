// The Markdown editor's look (write/preview bar) lives in the admin stylesheet; its rules are all
// scoped to the editor's own classes.
import '../../admin/admin.css';
import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DISCUSSION_LIMITS, may, type DiscussionDetail } from '@oj/shared';
import { MarkdownEditor } from '../../admin/components/MarkdownEditor';
import { useDiscussionCategories } from '../../api/discussion';
import { useDiscussionPlace } from '../../components/discussion/place';
import { categoryLabel } from './categoryLabel';

interface Fields {
  title: string;
  description: string;
  categoryId: number;
  topPriority: boolean;
  content: string;
}

/**
 * The full-screen create/edit dialog: title and description
 * ≤ 255, category, top switch for moderators only, content ≤ 65535 in the Markdown editor with
 * preview, math and image upload. `editing` null: a new discussion, bound to `pid` when given.
 */
export function DiscussionEditor({
  open,
  editing,
  pid,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: DiscussionDetail | null;
  pid: string | null;
  onClose: () => void;
  onSaved: (d: DiscussionDetail) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const categories = useDiscussionCategories();
  const place = useDiscussionPlace();
  const actor = place.actor;
  const moderator = may(actor, 'moderate', { kind: 'discussion', uid: editing?.uid ?? null, gid: editing ? editing.gid : place.gid });

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      editing
        ? { title: editing.title, description: editing.description, categoryId: editing.categoryId, topPriority: editing.topPriority, content: editing.content }
        : { title: '', description: '', categoryId: categories.data?.[0]?.id, topPriority: false, content: '' },
    );
  }, [open, editing, form, categories.data]);

  const save = async (v: Fields) => {
    setBusy(true);
    try {
      const body = {
        title: v.title,
        description: v.description,
        categoryId: v.categoryId,
        content: v.content,
        pid: editing ? editing.pid : pid,
        ...(moderator ? { topPriority: v.topPriority } : {}),
      };
      onSaved(editing ? await place.update({ ...body, id: editing.id }) : await place.add(body));
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };

  const required = (label: string, max: number) => [
    { required: true, whitespace: true, message: t('discussion.form.required', { field: label }) },
    { max, message: t('discussion.form.tooLong', { field: label, max }) },
  ];

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={editing ? t('discussion.form.editTitle') : pid ? t('discussion.form.newProblemTitle', { pid }) : t('discussion.form.newTitle')}
      width="100%"
      className="oj-discussion-modal"
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('comment.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => form.submit()} data-testid="discussion-save">
          {t('discussion.form.submit')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="discussion-form">
        <Form.Item name="title" label={t('discussion.form.title')} rules={required(t('discussion.form.title'), DISCUSSION_LIMITS.titleMax)}>
          <Input maxLength={DISCUSSION_LIMITS.titleMax} showCount data-testid="discussion-title-input" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('discussion.form.description')}
          rules={required(t('discussion.form.description'), DISCUSSION_LIMITS.descriptionMax)}
        >
          <Input maxLength={DISCUSSION_LIMITS.descriptionMax} showCount data-testid="discussion-description-input" />
        </Form.Item>
        <Form.Item name="categoryId" label={t('discussion.form.category')} rules={[{ required: true, message: t('discussion.form.categoryRequired') }]}>
          <Select
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: categoryLabel(t, c.name) }))}
            loading={categories.isPending}
            data-testid="discussion-category-select"
          />
        </Form.Item>
        {moderator && (
          <Form.Item name="topPriority" label={t('discussion.top')} valuePropName="checked">
            <Switch data-testid="discussion-top-switch" />
          </Form.Item>
        )}
        <Form.Item name="content" label={t('discussion.form.content')} rules={required(t('discussion.form.content'), DISCUSSION_LIMITS.contentMax)}>
          {/* upload-md-img / upload-md-file answer only the admin area's roles (file/routes.ts) */}
          <MarkdownEditor
            rows={14}
            testId="discussion-content"
            uploads={may(actor, 'administer', { kind: 'site' }) ? 'all' : may(actor, 'uploadImages', { kind: 'site' }) ? 'images' : 'none'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

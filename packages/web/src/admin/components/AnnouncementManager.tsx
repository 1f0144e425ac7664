import { useState } from 'react';
import { Button, Card, Form, Modal, Space, Switch, Tooltip, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { announcementBody, type AnnouncementRow, type Page } from '@oj/shared';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { formatDateTime } from '../../components/time';
import { CrudTable } from '../kit/CrudTable';
import { EndpointForm } from '../kit/EndpointForm';
import { useCrudAction, useCrudRemove, type CrudPaging } from '../kit/useCrudList';
import { DeleteButton } from './DeleteButton';
import { MarkdownEditor } from './MarkdownEditor';

export interface AnnouncementInput {
  id?: number;
  title: string;
  content: string;
  status: number;
}

type DialogValues = Omit<AnnouncementInput, 'id'>;

interface AnnouncementManagerProps<T extends AnnouncementRow> {
  title: string;
  /** the page's `useCrudList` (whose list leaves a page its deletes emptied) */
  list: { data?: Page<T>; isFetching: boolean };
  paging: CrudPaging;
  /** creates (no id) or edits; answers the server's msg */
  save(a: AnnouncementInput): Promise<{ msg: string }>;
  remove(id: number): Promise<{ msg: string }>;
  /** after any change: reload the list (and whatever shows the announcements) */
  onChanged(): void;
  /** whether the viewer may edit, switch and delete this one (a group's: its root any, other admins their own); default all */
  canChange?(a: T): boolean;
}

/**
 * Announcements of a contest, a group or the site (announcement, contest/{contestId}/announcement):
 * list, create and edit in a dialog (title + Markdown content), delete after confirming, and the
 * visible/hidden switch (status 0 shown, 1 hidden) saved at once.
 */
export function AnnouncementManager<T extends AnnouncementRow>({
  title,
  list,
  paging,
  save,
  remove,
  onChanged,
  canChange = () => true,
}: AnnouncementManagerProps<T>) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [form] = Form.useForm<DialogValues>();

  const crud = { list, refresh: onChanged };
  const saving = useCrudAction(
    crud,
    save,
    (a) => (a.id ? 'admin.updated' : 'admin.contest.posted'),
    () => setEditing(null),
  );
  const toggle = useCrudAction(crud, (a: T) => save({ id: a.id, title: a.title, content: a.content, status: a.status === 0 ? 1 : 0 }), 'admin.updated');
  const removing = useCrudRemove(crud, remove);

  const submit = async () => {
    let v: DialogValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    saving.mutate({ id: editing && editing !== 'new' ? editing.id : undefined, title: v.title.trim(), content: v.content, status: v.status });
  };

  const columns: TableColumnsType<T> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    {
      title: t('admin.contest.announcement.title'),
      dataIndex: 'title',
      minWidth: 180,
      render: (v: string, a) => <span data-testid={`ann-title-${a.id}`}>{v}</span>,
    },
    { title: t('admin.contest.announcement.author'), dataIndex: 'username', width: 110, responsive: ['md'] },
    { title: t('admin.contest.created'), dataIndex: 'gmtCreate', width: 170, responsive: ['lg'], render: (v: string) => formatDateTime(v) },
    { title: t('admin.contest.announcement.modified'), dataIndex: 'gmtModified', width: 170, responsive: ['xl'], render: (v: string) => formatDateTime(v) },
    {
      title: t('admin.contest.visible'),
      dataIndex: 'status',
      width: 80,
      render: (v: number, a) => (
        <Switch
          size="small"
          checked={v === 0}
          disabled={!canChange(a)}
          loading={toggle.isPending && toggle.variables?.id === a.id}
          onChange={() => toggle.mutate(a)}
          aria-label={t('admin.contest.visible')}
          data-testid={`ann-visible-${a.id}`}
        />
      ),
    },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_v, a) => (
        <Space size={4}>
          <Tooltip title={t('admin.edit')}>
            <Button
              size="small"
              icon={<EditOutlined />}
              disabled={!canChange(a)}
              onClick={() => setEditing(a)}
              aria-label={t('admin.edit')}
              data-testid={`ann-edit-${a.id}`}
            />
          </Tooltip>
          {canChange(a) && (
            <DeleteButton
              confirm={t('admin.contest.announcement.deleteConfirm')}
              onConfirm={() => removing.mutate(a.id)}
              testId={`ann-delete-${a.id}`}
              okTestId="ann-delete-ok"
            />
          )}
        </Space>
      ),
    },
  ];

  const initial: DialogValues =
    editing && editing !== 'new' ? { title: editing.title, content: editing.content, status: editing.status } : { title: '', content: '', status: 0 };

  return (
    <>
      <Card
        title={title}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="ann-create">
            {t('admin.contest.announcement.create')}
          </Button>
        }
      >
        <CrudTable<T>
          rowKey="id"
          columns={columns}
          crud={crud}
          paging={paging}
          locale={{ emptyText: t('admin.contest.announcement.empty') }}
          data-testid="ann-table"
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('admin.contest.announcement.create') : t('admin.contest.announcement.edit')}
        width={isMobile ? '100%' : 760}
        onOk={() => void submit()}
        confirmLoading={saving.isPending}
        onCancel={() => setEditing(null)}
        okText={t('admin.save')}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'ann-save' }}
      >
        <EndpointForm
          key={editing === 'new' ? 'new' : (editing?.id ?? 'none')}
          body={announcementBody}
          form={form}
          initialValues={initial}
          overrides={{
            id: { hidden: true },
            title: { label: t('admin.contest.announcement.title'), testId: 'ann-field-title' },
            content: { label: t('admin.contest.announcement.content'), widget: <MarkdownEditor rows={6} testId="ann-field-content" /> },
            // status 0 is visible: the switch shows "visible" on
            status: {
              label: t('admin.contest.visible'),
              widget: 'switch',
              testId: 'ann-field-visible',
              item: { getValueProps: (v: number) => ({ checked: v === 0 }), normalize: (on: boolean) => (on ? 0 : 1) },
            },
          }}
        />
      </Modal>
    </>
  );
}

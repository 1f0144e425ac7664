import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Result, Space, Switch, Tooltip, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContestAnnouncement } from '@oj/shared';
import { adminContestApi, type ContestAnnouncementInput } from '../../../api/adminContest';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';
import { useIsMobile } from '../../../app/layout/useIsMobile';
import { formatDateTime } from '../../../components/time';
import { AdminTable } from '../../components/AdminTable';
import { usePaging } from '../../components/adminPaging';
import { DeleteButton } from '../../components/DeleteButton';
import { MarkdownEditor } from '../../components/MarkdownEditor';
import { ContestHeader } from '../../contest/ContestHeader';
import '../../contest/contest-admin.css';
import { quietly } from '../../../api/client';

interface DialogValues {
  title: string;
  content: string;
  visible: boolean;
}

/**
 * A contest's announcements (spec 3 §2 contest/{contestId}/announcement, "Group announcements"):
 * list, create and edit in a dialog (title + Markdown content), delete after confirming, and the
 * visible/hidden switch (status 0 shown, 1 hidden) saved at once.
 */
export default function ContestAnnouncementsPage() {
  const { contestId } = useParams();
  const cid = Number(contestId);
  const valid = Number.isInteger(cid) && cid > 0;
  const { t } = useTranslation();
  const client = useQueryClient();
  const isMobile = useIsMobile();
  const paging = usePaging();
  const { page, limit, setPage } = paging;
  const [editing, setEditing] = useState<ContestAnnouncement | 'new' | null>(null);
  const [form] = Form.useForm<DialogValues>();

  const contest = useQuery({ queryKey: ['admin-contest', cid], queryFn: quietly(() => adminContestApi.get(cid)), enabled: valid, retry: false });
  const list = useQuery({
    queryKey: ['admin-contest-announcements', cid, page, limit],
    queryFn: () => adminContestApi.announcements({ cid, currentPage: page, limit }),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['admin-contest-announcements', cid] });

  const save = useMutation({
    mutationFn: (a: ContestAnnouncementInput) => adminContestApi.saveAnnouncement(cid, a),
    onSuccess: (res, a) => {
      feedback.success(successMsg(res.msg, a.id ? 'admin.updated' : 'admin.contest.posted'));
      setEditing(null);
      void refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: (a: ContestAnnouncement) =>
      adminContestApi.saveAnnouncement(cid, { id: a.id, title: a.title, content: a.content, status: a.status === 0 ? 1 : 0 }),
    onSuccess: (res) => {
      feedback.success(successMsg(res.msg, 'admin.updated'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (aid: number) => adminContestApi.removeAnnouncement(aid),
    onSuccess: (res) => {
      feedback.success(successMsg(res.msg, 'admin.deleted'));
      if (list.data && list.data.records.length === 1 && page > 1) setPage(page - 1);
      void refresh();
    },
  });

  if (!valid) return <Result status="404" title={t('msg.contestNotFound')} />;
  if (contest.isError) return <Result status="warning" title={(contest.error as Error).message} />;

  const submit = async () => {
    let v: DialogValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    save.mutate({ id: editing && editing !== 'new' ? editing.id : undefined, title: v.title.trim(), content: v.content, status: v.visible ? 0 : 1 });
  };

  const required = (field: string) => [{ required: true, whitespace: true, message: t('admin.required', { field }) }];

  const columns: TableColumnsType<ContestAnnouncement> = [
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
          loading={toggle.isPending && toggle.variables?.id === a.id}
          onChange={() => toggle.mutate(a)}
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
              onClick={() => {
                setEditing(a);
              }}
              data-testid={`ann-edit-${a.id}`}
            />
          </Tooltip>
          <DeleteButton
            confirm={t('admin.contest.announcement.deleteConfirm')}
            onConfirm={() => remove.mutate(a.id)}
            testId={`ann-delete-${a.id}`}
            okTestId="ann-delete-ok"
          />
        </Space>
      ),
    },
  ];

  const initial: DialogValues =
    editing && editing !== 'new'
      ? { title: editing.title, content: editing.content, visible: editing.status === 0 }
      : { title: '', content: '', visible: true };

  return (
    <div className="oj-admin-page oj-stack" data-testid="admin-contest-announcements">
      <ContestHeader contest={contest.data} section="announcement" />
      <Card
        title={t('admin.contest.announcements')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="ann-create">
            {t('admin.contest.announcement.create')}
          </Button>
        }
      >
        <AdminTable<ContestAnnouncement>
          rowKey="id"
          columns={columns}
          list={list}
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
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        okText={t('admin.save')}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'ann-save' }}
      >
        <Form key={editing === 'new' ? 'new' : (editing?.id ?? 'none')} form={form} layout="vertical" initialValues={initial}>
          <Form.Item name="title" label={t('admin.contest.announcement.title')} rules={required(t('admin.contest.announcement.title'))}>
            <Input maxLength={255} data-testid="ann-field-title" />
          </Form.Item>
          <Form.Item name="content" label={t('admin.contest.announcement.content')} rules={required(t('admin.contest.announcement.content'))}>
            <MarkdownEditor rows={6} testId="ann-field-content" />
          </Form.Item>
          <Form.Item name="visible" label={t('admin.contest.visible')} valuePropName="checked">
            <Switch data-testid="ann-field-visible" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

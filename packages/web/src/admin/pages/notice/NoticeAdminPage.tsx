import { useState } from 'react';
import { Button, Card, Popconfirm, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { noticeListQuery, type AdminNotice } from '@oj/shared';
import { adminCommunityKeys, adminNoticeApi } from '../../../api/adminCommunity';
import { formatDateTime } from '../../../components/time';
import { useSearchFilters } from '../../components/adminPaging';
import { DeleteButton } from '../../components/DeleteButton';
import { CrudTable } from '../../kit/CrudTable';
import { useCrudAction, useCrudList } from '../../kit/useCrudList';
import { NoticeDialog } from './NoticeDialog';

/** The list in the address bar: page and size (the screen has no type filter). */
const addressQuery = noticeListQuery.pick({ currentPage: true, limit: true });

/**
 * System notices (super admin): the list with recipients and delivery state, the
 * write / edit dialog, delete (which also takes the delivered copies away). A job delivers each
 * notice to its recipients' "sys" tab within the hour; "send now" delivers a waiting one at once.
 */
export default function NoticeAdminPage() {
  const { t } = useTranslation();
  const paging = useSearchFilters(addressQuery);
  const [editing, setEditing] = useState<AdminNotice | 'new' | null>(null);
  const q = { currentPage: paging.page, limit: paging.limit };
  const crud = useCrudList({ key: adminCommunityKeys.notices, query: q, list: adminNoticeApi.list, paging, remove: adminNoticeApi.remove });
  const { refresh, remove } = crud;
  const sendNow = useCrudAction(crud, adminNoticeApi.sendNow, 'admin.notice.sent');

  const columns: TableColumnsType<AdminNotice> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('admin.notice.title'), dataIndex: 'title', render: (v: string) => <span className="oj-admin-notice-title">{v}</span> },
    {
      title: t('admin.notice.type'),
      dataIndex: 'type',
      width: 220,
      render: (v: AdminNotice['type'], r) => (
        <>
          <Tag color={v === 'All' ? 'blue' : v === 'Admin' ? 'purple' : 'cyan'}>{t(`admin.notice.type${v}`)}</Tag>
          {v === 'Single' && <span className="oj-admin-notice-recipients">{r.recipients.join(', ')}</span>}
        </>
      ),
    },
    {
      title: t('admin.notice.state'),
      dataIndex: 'state',
      width: 110,
      render: (v: boolean, r) => (
        <Tag color={v ? 'green' : 'orange'} data-testid={`notice-state-${r.id}`}>
          {v ? t('admin.notice.delivered') : t('admin.notice.waiting')}
        </Tag>
      ),
    },
    { title: t('admin.notice.author'), dataIndex: 'adminName', width: 110 },
    { title: t('admin.notice.created'), dataIndex: 'gmtCreate', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_v, r) => (
        <Space size={4} wrap={false}>
          {!r.state && (
            <Popconfirm title={t('admin.notice.sendNowConfirm')} okButtonProps={{ 'data-testid': 'notice-send-ok' }} onConfirm={() => sendNow.mutate(r.id)}>
              <Tooltip title={t('admin.notice.sendNow')}>
                <Button
                  size="small"
                  icon={<SendOutlined />}
                  loading={sendNow.isPending && sendNow.variables === r.id}
                  aria-label={t('admin.notice.sendNow')}
                  data-testid={`notice-send-${r.id}`}
                />
              </Tooltip>
            </Popconfirm>
          )}
          <Tooltip title={t('admin.edit')}>
            <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} aria-label={t('admin.edit')} data-testid={`notice-edit-${r.id}`} />
          </Tooltip>
          <DeleteButton
            confirm={t('admin.notice.deleteConfirm')}
            onConfirm={() => remove.mutate(r.id)}
            testId={`notice-delete-${r.id}`}
            okTestId="notice-delete-ok"
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="oj-admin-page" data-testid="admin-notice">
      <Card
        title={t('admin.menu.notice')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="notice-create">
            {t('admin.notice.create')}
          </Button>
        }
      >
        <CrudTable<AdminNotice> rowKey="id" columns={columns} crud={crud} paging={paging} />
      </Card>
      {editing && (
        <NoticeDialog
          notice={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </div>
  );
}

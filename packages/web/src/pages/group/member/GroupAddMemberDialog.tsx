import { useState } from 'react';
import { Button, Input, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { GROUP_LIMITS, GroupLevel, type GroupUserRow, type RoleId } from '@oj/shared';
import { groupApi, useGroupUserSearch } from '../../../api/group';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';
import { GroupBulkAdd } from './GroupBulkAdd';

/** Add a member: search all users by username or nickname (real names and schools are not shown to a group); username, nickname, user type, add. */
export function GroupAddMemberDialog({ gid, open, onClose, onAdded }: { gid: number; open: boolean; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState<string | null>(null);
  const query = { gid, currentPage: page, limit: GROUP_LIMITS.memberPageSize, keyword: keyword || undefined };
  const users = useGroupUserSearch(query, open);

  const add = async (row: GroupUserRow) => {
    setAdding(row.uid);
    try {
      const res = await groupApi.join({ gid, uid: row.uid });
      feedback.success(successMsg(res.msg, 'group.member.added'));
      void users.refetch();
      onAdded();
    } catch {
      // the client showed the server's message
    } finally {
      setAdding(null);
    }
  };

  const columns: TableColumnsType<GroupUserRow> = [
    { title: t('group.member.username'), dataIndex: 'username' },
    { title: t('group.member.nickname'), dataIndex: 'nickname', responsive: ['sm'] },
    { title: t('group.member.userType'), dataIndex: 'role', render: (role: RoleId) => <Tag>{t(`group.role.${role}`)}</Tag> },
    {
      title: t('group.member.action'),
      key: 'add',
      width: 110,
      render: (_v, row) =>
        row.level >= GroupLevel.MEMBER ? (
          <Tag color="success">{t(`group.level.${row.level}`)}</Tag>
        ) : (
          <Button size="small" type="primary" loading={adding === row.uid} onClick={() => void add(row)} data-testid={`group-add-${row.username}`}>
            {t('group.member.add')}
          </Button>
        ),
    },
  ];

  return (
    <Modal open={open} title={t('group.member.addTitle')} onCancel={onClose} footer={null} width="80%" destroyOnHidden data-testid="group-add-dialog">
      <GroupBulkAdd
        gid={gid}
        onAdded={() => {
          void users.refetch();
          onAdded();
        }}
      />
      <Input.Search
        allowClear
        placeholder={t('group.member.search')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        className="oj-group-search"
        data-testid="group-add-search"
      />
      <Table<GroupUserRow>
        rowKey="uid"
        size="small"
        className="oj-group-table"
        columns={columns}
        dataSource={users.data?.records ?? []}
        loading={users.isPending || users.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: GROUP_LIMITS.memberPageSize,
          total: users.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
      />
    </Modal>
  );
}

import { useState } from 'react';
import { Button, Card, Input, Modal, Popconfirm, Space, Typography, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { groupProblemApplyListQuery, type GroupProblemApplyRow } from '@oj/shared';
import { adminGroupProblemApi, groupProblemKeys } from '../../api/groupProblem';
import { formatDateTime } from '../../components/time';
import { useSearchFilters } from '../components/adminPaging';
import { CrudTable } from '../kit/CrudTable';
import { useCrudList } from '../kit/useCrudList';

/** Agree (2, with the bank's display id) or refuse (3) one application. */
interface Decision {
  pid: number;
  progress: 2 | 3;
  problemId?: string;
}

/**
 * /admin/group-problem/apply: the group problems waiting to join
 * the public bank. Agree asks for the bank's display id (the id without the group's short name by
 * default) and moves the problem there; refuse keeps it in its group. The author is told either way.
 */
export default function GroupProblemApplyPage() {
  const { t } = useTranslation();
  const paging = useSearchFilters(groupProblemApplyListQuery);
  const { page, limit, setFilter } = paging;
  const keyword = paging.state.keyword ?? '';
  const [agreeing, setAgreeing] = useState<{ row: GroupProblemApplyRow; problemId: string } | null>(null);
  // Agreed or refused, the application leaves the list: a decision is this list's delete (the last-row rule).
  const crud = useCrudList({
    key: groupProblemKeys.applications,
    query: { currentPage: page, limit, keyword },
    list: (q) => adminGroupProblemApi.list(q.currentPage, q.limit, q.keyword),
    paging,
    remove: (d: Decision) => adminGroupProblemApi.decide(d.pid, d.progress, d.problemId),
    removedKey: (d) => (d.progress === 2 ? 'groupProblem.review.agreed' : 'groupProblem.review.refusedDone'),
    onRemoved: () => setAgreeing(null),
  });
  const decide = crud.remove;

  const columns: ColumnsType<GroupProblemApplyRow> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('groupProblem.problemId'), dataIndex: 'problemId', width: 150 },
    { title: t('groupProblem.problemTitle'), dataIndex: 'title', ellipsis: true },
    { title: t('groupProblem.author'), dataIndex: 'author', width: 110 },
    {
      title: t('groupProblem.review.group'),
      key: 'group',
      render: (_v, r) => (
        <span>
          {r.groupName} <Typography.Text type="secondary">({r.groupShortName})</Typography.Text>
        </span>
      ),
    },
    { title: t('groupProblem.modified'), dataIndex: 'gmtModified', width: 170, responsive: ['lg'], render: (v: string) => formatDateTime(v) },
    {
      title: t('groupProblem.actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_v, r) => (
        <Space size={4}>
          <Button size="small" type="primary" onClick={() => setAgreeing({ row: r, problemId: r.suggestedProblemId })} data-testid={`review-agree-${r.id}`}>
            {t('groupProblem.review.agree')}
          </Button>
          <Popconfirm
            title={t('groupProblem.review.refuseConfirm')}
            okButtonProps={{ danger: true, 'data-testid': `review-refuse-ok-${r.id}` } as ButtonProps}
            onConfirm={() => decide.mutate({ pid: r.id, progress: 3 })}
          >
            <Button size="small" danger data-testid={`review-refuse-${r.id}`}>
              {t('groupProblem.review.refuse')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="oj-admin-page" data-testid="group-problem-apply-page">
      <Card
        title={t('groupProblem.review.title')}
        extra={
          <Input.Search
            allowClear
            defaultValue={keyword}
            placeholder={t('groupProblem.review.keyword')}
            onSearch={(v) => setFilter({ keyword: v.trim() || undefined })}
            style={{ width: 240 }}
          />
        }
      >
        <CrudTable<GroupProblemApplyRow> rowKey="id" crud={crud} paging={paging} columns={columns} locale={{ emptyText: t('groupProblem.review.empty') }} />
      </Card>
      <Modal
        open={agreeing !== null}
        title={t('groupProblem.review.agreeTitle')}
        okText={t('groupProblem.review.agree')}
        confirmLoading={decide.isPending}
        okButtonProps={{ disabled: !agreeing?.problemId.trim(), 'data-testid': 'review-agree-ok' } as ButtonProps}
        onOk={() => agreeing && decide.mutate({ pid: agreeing.row.id, progress: 2, problemId: agreeing.problemId.trim() })}
        onCancel={() => setAgreeing(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('groupProblem.review.agreeText', { problemId: agreeing?.row.problemId ?? '' })}</Typography.Paragraph>
        <Input
          value={agreeing?.problemId}
          maxLength={50}
          onChange={(e) => setAgreeing((a) => (a ? { ...a, problemId: e.target.value } : a))}
          addonBefore={t('groupProblem.review.newId')}
          data-testid="review-new-id"
        />
      </Modal>
    </div>
  );
}

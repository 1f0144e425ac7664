import { useState } from 'react';
import { Button, Card, Input, Modal, Popconfirm, Space, Typography, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { groupProblemApplyListQuery, type GroupProblemApplyRow } from '@oj/shared';
import { adminGroupProblemApi, groupProblemKeys } from '../../api/groupProblem';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { formatDateTime } from '../../components/time';
import { AdminTable } from '../components/AdminTable';
import { useSearchFilters } from '../components/adminPaging';

/**
 * /admin/group-problem/apply (spec 3 §2 "group problem examination"): the group problems waiting to join
 * the public bank. Agree asks for the bank's display id (the id without the group's short name by
 * default) and moves the problem there; refuse keeps it in its group. The author is told either way.
 */
export default function GroupProblemApplyPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const paging = useSearchFilters(groupProblemApplyListQuery);
  const { page, limit, setFilter } = paging;
  const keyword = paging.state.keyword ?? '';
  const list = useQuery({
    queryKey: [...groupProblemKeys.applications, page, limit, keyword],
    queryFn: () => adminGroupProblemApi.list(page, limit, keyword),
    placeholderData: keepPreviousData,
  });
  const [agreeing, setAgreeing] = useState<{ row: GroupProblemApplyRow; problemId: string } | null>(null);
  const decide = useMutation({
    mutationFn: (d: { pid: number; progress: 2 | 3; problemId?: string }) => adminGroupProblemApi.decide(d.pid, d.progress, d.problemId),
    onSuccess: (res, d) => {
      feedback.success(successMsg(res.msg, d.progress === 2 ? 'groupProblem.review.agreed' : 'groupProblem.review.refusedDone'));
      setAgreeing(null);
      void client.invalidateQueries({ queryKey: groupProblemKeys.applications });
    },
  });

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
        <AdminTable<GroupProblemApplyRow> rowKey="id" list={list} paging={paging} columns={columns} locale={{ emptyText: t('groupProblem.review.empty') }} />
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

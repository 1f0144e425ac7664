import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type AdminContest, type EligibleProblemRow, contestRule, type ContestRule } from '@oj/shared';
import { useContestAdminScope } from '../../api/contestAdminScope';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { ProblemSearchTable } from '../components/ProblemSearchTable';
import { usePaging } from '../components/adminPaging';
import { ContestTypeTag } from '../../components/contest/meta';
import { nextDisplayId } from './nextDisplayId';
import { useUsedDisplayIds } from './useUsedDisplayIds';

/** The tip per contest format (rule key). */
const PUBLIC_TIP: Record<ContestRule['key'], string> = {
  acm: 'admin.contest.publicTipAcm',
  oi: 'admin.contest.publicTipOi',
  ioi: 'admin.contest.publicTipIoi',
};

interface Props {
  contest: AdminContest;
  open: boolean;
  onClose: () => void;
  /** reloads the contest's problems (the used display ids among them) */
  onAdded: () => void;
}

/**
 * "Add from public" (the "Add public problem" dialog): a 90 % wide dialog
 * with keyword search over the bank problems the contest's rule accepts, then a prompt for the
 * display id in the contest (required) and an optional display title.
 */
export function AddPublicProblemDialog({ contest, open, onClose, onAdded }: Props) {
  const cid = contest.id;
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const paging = usePaging();
  const { page, limit, setPage } = paging;
  const [picking, setPicking] = useState<EligibleProblemRow | null>(null);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<{ displayId: string; displayTitle: string }>();
  const used = useUsedDisplayIds(cid, open);
  const { api } = useContestAdminScope();

  const list = useQuery({
    queryKey: ['admin-contest-eligible', cid, page, limit, keyword],
    queryFn: () => api.eligible({ cid, currentPage: page, limit, keyword: keyword || undefined }),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  /** The prompt starts from the next free display id, computed once here: what the admin types then stays. */
  const pick = async (row: EligibleProblemRow) => {
    const ids = used.data ?? (await used.refetch({ cancelRefetch: false })).data ?? [];
    form.resetFields();
    form.setFieldsValue({ displayId: nextDisplayId(ids), displayTitle: '' });
    setPicking(row);
  };

  const add = async () => {
    if (!picking) return;
    let v: { displayId: string; displayTitle: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setAdding(true);
    try {
      const res = await api.addFromPublic({ cid, pid: picking.pid, displayId: v.displayId.trim(), displayTitle: v.displayTitle?.trim() || null });
      feedback.success(successMsg(res.msg, 'admin.contest.problemAdded'));
      onAdded();
      void list.refetch();
      // The next pick is offered the next free id only once the used ids include this one.
      await used.refetch({ cancelRefetch: false });
      setPicking(null);
    } catch {
      /* shown by the client (a taken display id, the wrong rule) */
    } finally {
      setAdding(false);
    }
  };

  const columns: TableColumnsType<EligibleProblemRow> = [
    { title: t('admin.contest.problemId'), dataIndex: 'problemId', width: 140 },
    { title: t('admin.problem.title'), dataIndex: 'title' },
    {
      title: t('admin.problem.type'),
      dataIndex: 'type',
      width: 110,
      render: (v: number, row) => (
        <>
          <ContestTypeTag contest={{ type: v, oiRankScoreType: contest.oiRankScoreType }} testId={`public-type-${row.problemId}`} />
          {row.isRemote && <Tag>{t('admin.contest.remote')}</Tag>}
        </>
      ),
    },
    {
      title: t('admin.actions'),
      key: 'add',
      width: 90,
      render: (_v, row) => (
        <Button size="small" type="primary" ghost icon={<PlusOutlined />} onClick={() => void pick(row)} data-testid={`public-add-${row.problemId}`}>
          {t('admin.add')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Modal open={open} title={t('admin.contest.addFromPublic')} width="90%" footer={null} onCancel={onClose} destroyOnHidden>
        <div data-testid="public-problem-dialog">
          <Alert type="info" showIcon className="oj-contest-tip" title={t(PUBLIC_TIP[contestRule(contest.type).key])} data-testid="public-problem-tip" />
          <ProblemSearchTable<EligibleProblemRow>
            rowKey="pid"
            columns={columns}
            list={list}
            paging={paging}
            onSearch={(v) => {
              setKeyword(v);
              setPage(1);
            }}
          />
        </div>
      </Modal>
      <Modal
        open={!!picking}
        title={picking ? t('admin.contest.addProblemTitle', { problemId: picking.problemId }) : ''}
        onOk={() => void add()}
        confirmLoading={adding}
        onCancel={() => setPicking(null)}
        okText={t('admin.add')}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'public-add-ok' }}
      >
        <Form form={form} layout="vertical">
          <p className="oj-muted">{picking?.title}</p>
          <Form.Item
            name="displayId"
            label={t('admin.contest.displayId')}
            rules={[{ required: true, whitespace: true, message: t('admin.required', { field: t('admin.contest.displayId') }) }]}
            tooltip={t('admin.contest.displayIdHint')}
          >
            <Input maxLength={20} autoFocus onPressEnter={() => void add()} data-testid="public-display-id" />
          </Form.Item>
          <Form.Item name="displayTitle" label={t('admin.contest.displayTitle')} extra={t('admin.contest.displayTitleHint')}>
            <Input maxLength={255} placeholder={picking?.title} onPressEnter={() => void add()} data-testid="public-display-title" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

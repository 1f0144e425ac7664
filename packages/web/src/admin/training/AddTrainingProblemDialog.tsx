import { useState } from 'react';
import { Button, Modal, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TrainingAdminProblem } from '@oj/shared';
import { trainingKeys } from '../../api/training';
import { feedback } from '../../app/feedback';
import { DifficultyTag } from '../../components/problemStatus';
import { ProblemSearchTable } from '../components/ProblemSearchTable';
import { usePaging } from '../components/adminPaging';
import { useTrainingAdminScope } from './trainingAdminScope';

/**
 * "Add from public" for a training (the group trainings' dialog): a 90 % wide dialog searching the
 * bank problems the caller may add and that are not in the training yet (get-problem-list with
 * queryExisted false), pages of 10/30/50/100; a problem keeps its own id in the training.
 */
export function AddTrainingProblemDialog({ tid, open, onClose, onAdded }: { tid: number; open: boolean; onClose(): void; onAdded(): void }) {
  const { t } = useTranslation();
  const scope = useTrainingAdminScope();
  const [keyword, setKeyword] = useState('');
  const paging = usePaging();
  const { page, limit, setPage } = paging;
  const q = { tid, queryExisted: false, currentPage: page, limit, keyword: keyword || undefined };
  const list = useQuery({
    queryKey: trainingKeys.admin.problems(q),
    queryFn: () => scope.problems(q).then((r) => r.problemList),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const add = useMutation({
    mutationFn: (p: TrainingAdminProblem) => scope.addFromPublic(tid, p.id, p.problemId),
    onSuccess: () => {
      feedback.success(t('admin.added'));
      onAdded();
      void list.refetch();
    },
  });

  const columns: TableColumnsType<TrainingAdminProblem> = [
    { title: t('admin.training.displayId'), dataIndex: 'problemId', width: 140 },
    { title: t('admin.problem.title'), dataIndex: 'title' },
    { title: t('admin.problem.difficulty'), dataIndex: 'difficulty', width: 110, render: (d: number) => <DifficultyTag level={d} /> },
    { title: t('admin.training.author'), dataIndex: 'author', width: 120 },
    {
      title: t('admin.actions'),
      key: 'add',
      width: 90,
      render: (_v, row) => (
        <Button
          size="small"
          type="primary"
          ghost
          icon={<PlusOutlined />}
          loading={add.isPending && add.variables?.id === row.id}
          onClick={() => add.mutate(row)}
          data-testid={`public-add-${row.problemId}`}
        >
          {t('admin.add')}
        </Button>
      ),
    },
  ];

  return (
    <Modal open={open} title={t('admin.training.addFromPublic')} width="90%" footer={null} onCancel={onClose} destroyOnHidden>
      <div data-testid="public-problem-dialog">
        <ProblemSearchTable<TrainingAdminProblem>
          rowKey="id"
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
  );
}

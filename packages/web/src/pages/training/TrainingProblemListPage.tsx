import { Card, Empty, Table, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TrainingProblemRow } from '@oj/shared';
import { useTrainingProblems } from '../../api/training';
import { DifficultyTag, OwnStatusIcon } from '../../components/problemStatus';
import { percent } from '../problem/PassRateBar';
import { useTraining } from './TrainingContext';
import { useTrainingProblemPath } from '../../components/training/TrainingPlace';

/** The problems tab (get-training-problem-list): own state, id, title, level, tags, AC / total. */
export default function TrainingProblemListPage() {
  const { t } = useTranslation();
  const { training } = useTraining();
  const tid = training.id;
  const problems = useTrainingProblems(tid);
  const trainingProblemPath = useTrainingProblemPath();

  const columns: TableColumnsType<TrainingProblemRow> = [
    { key: 'own', width: 40, align: 'center', render: (_v, r) => <OwnStatusIcon status={r.myStatus ?? undefined} /> },
    {
      title: t('problem.list.id'),
      dataIndex: 'problemId',
      width: 100,
      render: (id: string) => <Link to={trainingProblemPath(tid, id)}>{id}</Link>,
    },
    {
      title: t('problem.list.title'),
      dataIndex: 'title',
      render: (title: string, r) => (
        <Link to={trainingProblemPath(tid, r.problemId)} data-testid={`training-problem-${r.problemId}`}>
          {title}
        </Link>
      ),
    },
    { title: t('problem.list.level'), dataIndex: 'difficulty', width: 104, render: (d: number) => <DifficultyTag level={d} /> },
    {
      title: t('problem.list.tags'),
      key: 'tags',
      responsive: ['md'],
      render: (_v, r) => (
        <div className="oj-problem-row-tags">
          {r.tags.map((tag) => (
            <Tag key={tag.id} color={tag.color || undefined}>
              {tag.name}
            </Tag>
          ))}
        </div>
      ),
    },
    {
      title: t('training.problems.acTotal'),
      key: 'ac',
      width: 130,
      align: 'right',
      render: (_v, r) => (
        <span title={`${percent(r.ac, r.total)}%`}>
          {r.ac} / {r.total}
        </span>
      ),
    },
  ];

  return (
    <Card data-testid="training-problems">
      <Table<TrainingProblemRow>
        rowKey="pid"
        size="middle"
        columns={columns}
        dataSource={problems.data ?? []}
        loading={problems.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty description={problems.isError ? problems.error.message || t('common.loadFailed') : t('training.problems.empty')} />,
        }}
      />
    </Card>
  );
}

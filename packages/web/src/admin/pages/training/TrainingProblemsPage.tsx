import { useState, type ReactNode } from 'react';
import { Button, Card, Input, InputNumber, Popconfirm, Result, Select, Space, Tooltip, type TableColumnsType } from 'antd';
import { EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminTrainingProblemListQuery, TRAINING_LIMITS, type TrainingAdminProblem, type TrainingProblemAdminList, type TrainingProblemLink } from '@oj/shared';
import { quietly } from '../../../api/client';
import { trainingKeys } from '../../../api/training';
import { DeleteButton } from '../../components/DeleteButton';
import { DownloadCasesButton } from '../../components/DownloadCasesButton';
import { PROBLEM_AUTHS } from '../../problemOptions';
import { useSearchFilters } from '../../components/adminPaging';
import { CrudTable } from '../../kit/CrudTable';
import { useCrudAction, useCrudList } from '../../kit/useCrudList';
import { AddTrainingProblemDialog } from '../../training/AddTrainingProblemDialog';
import { ImportRemoteButton } from '../../remote/ImportRemoteButton';
import { useTrainingAdminScope } from '../../training/trainingAdminScope';

/** The order of a problem in the training, saved when the number is left or Enter is pressed (if it changed). */
function RankInput({ link, onSave }: { link: TrainingProblemLink; onSave(rank: number): void }) {
  const [value, setValue] = useState<number | null>(link.rank);
  const commit = () => {
    if (value !== null && value !== link.rank) onSave(value);
  };
  return (
    <InputNumber
      size="small"
      min={TRAINING_LIMITS.rankMin}
      max={TRAINING_LIMITS.rankMax}
      precision={0}
      value={value}
      onChange={setValue}
      onBlur={commit}
      onPressEnter={commit}
      style={{ width: 110 }}
      data-testid={`training-problem-rank-${link.displayId}`}
    />
  );
}

/** The list in the address bar: page, size and keyword (the training comes from the route or the group's view). */
const addressQuery = adminTrainingProblemListQuery.pick({ currentPage: true, limit: true, keyword: true });

/** A problem of the training with its link (order and link id), which the endpoint answers beside the page. */
type Row = TrainingAdminProblem & { link?: TrainingProblemLink };

/** The endpoint's page with each problem carrying its link, so the list is one page of rows like any other. */
const withLinks = (answer: TrainingProblemAdminList) => ({
  ...answer.problemList,
  records: answer.problemList.records.map((p): Row => ({ ...p, link: answer.trainingProblemMap[String(p.id)] })),
});

/**
 * The problems of a training (training/{trainingId}/problems): display id, title, author,
 * rank (its order), a link to edit the problem, removing it from the training, and adding bank problems
 * or a problem of a remote judge.
 */
export default function TrainingProblemsPage() {
  const tid = Number(useParams().trainingId);
  // A problem of a remote judge straight into the training (the admin area's call; a group's training has none).
  return <TrainingProblemsManager tid={tid} extra={(refresh) => <ImportRemoteButton target={{ kind: 'training', tid }} onImported={refresh} />} />;
}

/**
 * A training's problems with the calls of the enclosing admin scope (site or group); `extra`: more
 * buttons next to "add from public" (a group adds its own problems by id), given a way to reload.
 */
export function TrainingProblemsManager({ tid, extra }: { tid: number; extra?: (refresh: () => void) => ReactNode }) {
  const { t } = useTranslation();
  const scope = useTrainingAdminScope();
  const valid = Number.isInteger(tid) && tid > 0;
  // Kept in the address (replacing its entry): back from the problem editor, the list is where it was left.
  const paging = useSearchFilters(addressQuery);
  const keyword = paging.state.keyword ?? '';
  const [adding, setAdding] = useState(false);

  const training = useQuery({ queryKey: trainingKeys.admin.one(tid), queryFn: quietly(() => scope.get(tid)), enabled: valid, retry: false });
  const crud = useCrudList({
    key: ['admin-trainings', 'problems', tid],
    query: { tid, queryExisted: true, currentPage: paging.page, limit: paging.limit, keyword: keyword || undefined },
    list: (q) => scope.problems(q).then(withLinks),
    paging,
    enabled: valid,
    remove: (pid: number) => scope.removeProblem(tid, pid),
    removedKey: 'admin.training.removed',
    // the training's count of problems and its problem list outside the admin area
    alsoRefresh: [trainingKeys.admin.all, trainingKeys.all(tid)],
  });
  const { remove } = crud;
  const refresh = () => void crud.refresh();

  const updateRank = useCrudAction(
    crud,
    ({ link, rank }: { link: TrainingProblemLink; rank: number }) => scope.updateProblem({ id: link.id, tid, pid: link.pid, rank }),
    'admin.updated',
  );

  // A group's own problems: visibility, test cases and deletion from here (the scope's ownProblems).
  const own = scope.ownProblems;
  const ownAction = useCrudAction(crud, (run: () => Promise<unknown>) => run(), 'admin.updated');

  if (!valid) return <Result status="404" title={t('training.detail.notFound')} />;
  if (training.isError) return <Result status="warning" title={training.error.message} />;

  const columns: TableColumnsType<Row> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('admin.training.displayId'), dataIndex: 'problemId', width: 130 },
    { title: t('admin.problem.title'), dataIndex: 'title' },
    { title: t('admin.training.author'), dataIndex: 'author', width: 120 },
    {
      title: t('admin.training.rank'),
      key: 'rank',
      width: 130,
      render: (_v, { link }) => {
        return link ? <RankInput key={`${link.id}-${link.rank}`} link={link} onSave={(rank) => updateRank.mutate({ link, rank })} /> : null;
      },
    },
    ...(own
      ? [
          {
            title: t('admin.problem.auth'),
            key: 'auth',
            width: 130,
            render: (_v: unknown, p: Row) => (
              <Select<number>
                size="small"
                value={p.auth}
                style={{ width: 110 }}
                // Only the group that owns a problem changes it; contest-only is shown, never chosen.
                disabled={!own.manages(p) || ownAction.isPending}
                options={PROBLEM_AUTHS.map((a) => ({ value: a.value, label: t(`admin.auth.${a.key}`), disabled: a.value === 3 }))}
                onChange={(next) => ownAction.mutate(() => own.changeAuth(p.id, next as 1 | 2))}
                data-testid={`training-problem-auth-${p.problemId}`}
              />
            ),
          },
        ]
      : []),
    {
      title: t('admin.actions'),
      key: 'actions',
      width: own ? 150 : 100,
      fixed: 'right',
      render: (_v, p) => (
        <Space size={4}>
          {scope.problemEditPath(p) && (
            <Tooltip title={t('admin.problem.edit')}>
              <Link to={scope.problemEditPath(p)!} target="_blank" rel="noopener noreferrer" data-testid={`training-problem-edit-${p.problemId}`}>
                <Button size="small" icon={<EditOutlined />} />
              </Link>
            </Tooltip>
          )}
          {own?.manages(p) && <DownloadCasesButton download={() => own.downloadCases(p.id)} testId={`training-problem-download-${p.problemId}`} />}
          <Popconfirm
            title={t('admin.training.removeConfirm')}
            okButtonProps={{ danger: true, 'data-testid': 'training-problem-remove-ok' }}
            onConfirm={() => remove.mutate(p.id)}
          >
            <Tooltip title={t('admin.training.remove')}>
              <Button size="small" danger icon={<MinusCircleOutlined />} data-testid={`training-problem-remove-${p.problemId}`} />
            </Tooltip>
          </Popconfirm>
          {own?.manages(p) && (
            <DeleteButton
              confirm={t('admin.problemList.deleteConfirm')}
              warning={t('admin.problemList.deleteWarning')}
              onConfirm={() => ownAction.mutate(() => own.remove(p.id))}
              testId={`training-problem-delete-${p.problemId}`}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="oj-admin-page" data-testid="admin-training-problems">
      <Card
        title={t('admin.training.problemsTitle', { title: training.data?.training.title ?? '' })}
        extra={
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="training-add-public">
              {t('admin.training.addFromPublic')}
            </Button>
            {extra?.(refresh)}
          </Space>
        }
      >
        <div className="oj-admin-filters">
          <Input.Search
            allowClear
            placeholder={t('admin.problemList.keyword')}
            defaultValue={keyword}
            onSearch={(v) => paging.setFilter({ keyword: v.trim() || undefined })}
            style={{ maxWidth: 320 }}
            data-testid="training-problem-keyword"
          />
        </div>
        <CrudTable<Row> rowKey="id" columns={columns} crud={crud} paging={paging} data-testid="training-problem-table" />
      </Card>
      <AddTrainingProblemDialog tid={tid} open={adding} onClose={() => setAdding(false)} onAdded={refresh} />
    </div>
  );
}

import './training.css';
import { useEffect, useState } from 'react';
import { Card, Empty, Input, Radio, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAINING_LIMITS, TrainingAuth, trainingListQuery, type TrainingAuthValue, type TrainingListRow } from '@oj/shared';
import { useTrainingCategories, useTrainingList } from '../../api/training';
import { useListState } from '../../components/list/useListState';
import { RelativeTime } from '../../components/RelativeTime';
import { TrainingAuthTag, TrainingCategoryTag, TrainingLink, TrainingProgress } from '../../components/training/meta';

/** The list's size is fixed: a `limit` in the address is not read. */
const PAGER = { pageSizes: [TRAINING_LIMITS.pageSize] };

/**
 * The columns of a training list (spec 3 "Group trainings": number, title, auth, category in its
 * colour, progress, problem count, author, recent update), for the site's list and a group's.
 * `onCategory`: a click on a category tag filters by it.
 */
export function useTrainingListColumns(onCategory?: (categoryId: number) => void): TableColumnsType<TrainingListRow> {
  const { t } = useTranslation();
  return [
    // On a phone: number, title, category and progress; the rest from wider screens on.
    { title: '#', dataIndex: 'rank', width: 64, align: 'center' },
    {
      title: t('training.list.title'),
      dataIndex: 'title',
      render: (title: string, row) => (
        <TrainingLink tid={row.id} testId={`training-title-${row.id}`}>
          {title}
        </TrainingLink>
      ),
    },
    { title: t('training.list.auth'), dataIndex: 'auth', width: 110, responsive: ['sm'], render: (auth: TrainingAuthValue) => <TrainingAuthTag auth={auth} /> },
    {
      title: t('training.list.category'),
      dataIndex: 'categoryName',
      width: 130,
      render: (_v, row) => (
        <TrainingCategoryTag
          name={row.categoryName}
          color={row.categoryColor}
          onClick={row.categoryId && onCategory ? () => onCategory(row.categoryId!) : undefined}
        />
      ),
    },
    {
      title: t('training.list.progress'),
      key: 'progress',
      width: 170,
      render: (_v, row) => (
        <span data-testid={`training-progress-${row.id}`}>
          <TrainingProgress acCount={row.acCount} problemCount={row.problemCount} />
        </span>
      ),
    },
    { title: t('training.list.problemCount'), dataIndex: 'problemCount', width: 100, align: 'center', responsive: ['md'] },
    { title: t('training.list.author'), dataIndex: 'author', width: 120, responsive: ['lg'] },
    { title: t('training.list.updated'), dataIndex: 'gmtModified', width: 160, responsive: ['md'], render: (iso: string) => <RelativeTime iso={iso} /> },
  ];
}

/** /training (spec 2 §2; columns of spec 3 "Group trainings"): 15 a page, keyword, category and auth filters. */
export default function TrainingListPage() {
  const { t } = useTranslation();
  // The filters live in the address bar (spec 2 §2: keyword, categoryId, auth, currentPage).
  const [filter, update] = useListState(trainingListQuery, undefined, PAGER);
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  useEffect(() => setKeyword(filter.keyword ?? ''), [filter.keyword]);
  const categories = useTrainingCategories();
  const list = useTrainingList(filter);

  const columns = useTrainingListColumns((categoryId) => update({ categoryId }));

  return (
    <div className="oj-page" data-testid="training-list">
      <Card title={t('training.list.heading')}>
        <Space orientation="vertical" size={8} className="oj-training-filters">
          <Input.Search
            allowClear
            placeholder={t('training.list.keyword')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => update({ keyword: v.trim() || undefined })}
            className="oj-training-search"
            data-testid="training-keyword"
          />
          <Space wrap size={8}>
            <Typography.Text type="secondary">{t('training.list.category')}</Typography.Text>
            <Tag.CheckableTag checked={filter.categoryId === undefined} onChange={() => update({ categoryId: undefined })} data-testid="training-category-all">
              {t('training.list.all')}
            </Tag.CheckableTag>
            {(categories.data ?? []).map((c) => (
              <Tag.CheckableTag
                key={c.id}
                checked={filter.categoryId === c.id}
                onChange={() => update({ categoryId: c.id })}
                style={filter.categoryId === c.id ? { backgroundColor: c.color } : { color: c.color, borderColor: c.color }}
                data-testid={`training-category-${c.id}`}
              >
                {c.name}
              </Tag.CheckableTag>
            ))}
          </Space>
          <Space wrap size={8}>
            <Typography.Text type="secondary">{t('training.list.auth')}</Typography.Text>
            <Radio.Group
              size="small"
              optionType="button"
              value={filter.auth ?? 'all'}
              onChange={(e) => update({ auth: e.target.value === 'all' ? undefined : (e.target.value as TrainingAuthValue) })}
              options={[
                { value: 'all', label: t('training.list.all') },
                { value: TrainingAuth.PUBLIC, label: t('training.auth.public') },
                { value: TrainingAuth.PRIVATE, label: t('training.auth.private') },
              ]}
              data-testid="training-filter-auth"
            />
          </Space>
        </Space>
        <Table<TrainingListRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={list.isError ? list.error.message || t('common.loadFailed') : t('training.list.empty')} /> }}
          pagination={{
            current: filter.currentPage,
            pageSize: TRAINING_LIMITS.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (currentPage) => update({ currentPage }),
          }}
          data-testid="training-table"
        />
      </Card>
    </div>
  );
}

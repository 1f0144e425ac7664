import './training.css';
import { useEffect, useState } from 'react';
import { Card, Input, Radio, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRAINING_LIMITS, TrainingAuth, trainingListQuery, type TrainingAuthValue, type TrainingListRow } from '@oj/shared';
import { quietly } from '../../api/client';
import { trainingApi, trainingKeys, useTrainingCategories } from '../../api/training';
import { useListState } from '../../components/list/useListState';
import { TrainingTable, type TrainingTableScope } from './TrainingTable';

/** The list's size is fixed: a `limit` in the address is not read. */
const PAGER = { pageSizes: [TRAINING_LIMITS.pageSize] };

/** /training (the group trainings' columns): 15 a page, keyword, category and auth filters. */
export default function TrainingListPage() {
  const { t } = useTranslation();
  // The filters live in the address bar (keyword, categoryId, auth, currentPage).
  const [filter, update] = useListState(trainingListQuery, undefined, PAGER);
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  useEffect(() => setKeyword(filter.keyword ?? ''), [filter.keyword]);
  const categories = useTrainingCategories();
  // The site's training table under the site's scope: a click on a category tag filters by it.
  const scope: TrainingTableScope<TrainingListRow, typeof filter> = {
    testId: 'training-table',
    query: (q, uid) => ({ queryKey: trainingKeys.list(q, uid), queryFn: quietly(() => trainingApi.list(q)) }),
    columns: ['rank', 'title', 'auth', 'category', 'progress', 'problemCount', 'author', 'updated'],
    pageSizes: PAGER.pageSizes,
    hideOnSinglePage: true,
    onCategory: (categoryId) => update({ categoryId }),
  };

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
        <TrainingTable scope={scope} state={filter} update={update} />
      </Card>
    </div>
  );
}

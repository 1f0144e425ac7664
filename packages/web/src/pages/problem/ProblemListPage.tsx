import './problem.css';
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Checkbox, Col, Input, List, Radio, Row, Select, Space, Tag, Typography } from 'antd';
import { ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OWN_OJ, PAGE_SIZES, REMOTE_OJS, problemListQuery, type ProblemListRow, type Tag as ProblemTag } from '@oj/shared';
import { problemApi, problemKeys, useProblemTags } from '../../api/problem';
import { useSession } from '../../app/session';
import { readStorage, writeStorage } from '../../app/storage';
import { breakdownText } from './PassRateBar';
import { ProblemTable, type ProblemTableScope } from './ProblemTable';
import { TagPanel } from './TagPanel';
import { useListState } from '../../components/list/useListState';
import { useMay } from '../../app/may';
import { REMOTE_OJ_NAMES } from '../../components/remoteOj';

const SHOW_TAGS_KEY = 'problemListShowTags';
/**
 * Narrower than this (phones) the list scrolls sideways inside its card. Below the card's ~640 px of
 * table at a 768 px tablet, so the list fits there with its AC-rate column.
 */
const LIST_MIN_WIDTH = 600;

/** The pager's sizes: another `limit` in the address falls back to the default. */
const PAGER = { pageSizes: PAGE_SIZES.options };

export default function ProblemListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const superAdmin = useMay('listHiddenProblems');
  // The filters live in the address bar (its query fields), so a filtered list can be shared.
  const [filter, update] = useListState(problemListQuery, undefined, PAGER);
  const [showTags, setShowTags] = useState(() => readStorage(SHOW_TAGS_KEY) !== 'false');
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  // Back/forward or a shared link changes the URL: the search box follows it.
  useEffect(() => setKeyword(filter.keyword ?? ''), [filter.keyword]);
  const tagBank = !filter.oj || filter.oj === 'All' ? OWN_OJ : filter.oj;
  const tags = useProblemTags(tagBank);
  const recent = useQuery({ queryKey: problemKeys.recent, queryFn: problemApi.recentUpdated, staleTime: 60_000 });

  const selectedTags = useMemo(() => filter.tagId ?? [], [filter.tagId]);
  const tagById = useMemo(() => new Map((tags.data ?? []).flatMap((g) => g.tagList).map((tag) => [tag.id, tag])), [tags.data]);
  const toggleTag = (tag: ProblemTag) => {
    const next = selectedTags.includes(tag.id) ? selectedTags.filter((id) => id !== tag.id) : [...selectedTags, tag.id];
    update({ tagId: next.length ? next : undefined });
  };

  const pickRandom = async () => {
    const { problemId } = await problemApi.randomProblem();
    // The router's promise settles once the next page is shown; nothing here waits for that.
    void navigate(`/problem/${encodeURIComponent(problemId)}`);
  };

  const reset = () => {
    setKeyword('');
    update({ keyword: undefined, tagId: undefined, difficulty: undefined, oj: undefined, auth: undefined });
  };

  // The site's problem table under the bank's scope: every column of the problem list, tags by the checkbox.
  const scope: ProblemTableScope<ProblemListRow, typeof filter> = {
    testId: 'problem-table',
    rowKey: 'pid',
    query: (q) => {
      const f = { ...q, tagId: q.tagId?.join(',') };
      return { queryKey: problemKeys.list(f), queryFn: () => problemApi.list(f) };
    },
    problemPath: (id) => `/problem/${encodeURIComponent(id)}`,
    columns: [...(user ? ['own' as const] : []), 'id', 'title', 'level', ...(showTags ? ['tags' as const] : []), 'total', 'rate'],
    pageSizes: PAGE_SIZES.options,
    totalKey: 'problem.list.totalCount',
    quickJumper: true,
    minWidth: LIST_MIN_WIDTH,
    authTag: true,
    onTag: toggleTag,
    // Hovering a row shows the verdict percentages (the bar has a richer tooltip).
    rowTitle: (r) => breakdownText(t, r),
  };

  return (
    <div className="oj-page" data-testid="problem-list">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={18}>
          <Card
            title={t('problem.list.heading')}
            extra={
              <Button icon={<ThunderboltOutlined />} onClick={() => void pickRandom()} data-testid="random-problem">
                {t('problem.list.random')}
              </Button>
            }
          >
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              <Space wrap>
                <Input.Search
                  allowClear
                  placeholder={t('problem.list.keyword')}
                  value={keyword}
                  onChange={(e) => setKeyword(e.target.value)}
                  onSearch={(v) => update({ keyword: v.trim() || undefined })}
                  style={{ width: 240 }}
                  data-testid="problem-keyword"
                />
                <Checkbox
                  checked={showTags}
                  onChange={(e) => {
                    setShowTags(e.target.checked);
                    writeStorage(SHOW_TAGS_KEY, String(e.target.checked));
                  }}
                >
                  {t('problem.list.showTags')}
                </Checkbox>
                <Button icon={<ReloadOutlined />} onClick={reset} data-testid="problem-reset">
                  {t('problem.list.reset')}
                </Button>
              </Space>
              <Space wrap align="center">
                <Typography.Text type="secondary">{t('problem.list.bank')}</Typography.Text>
                <Select
                  value={filter.oj ?? 'All'}
                  style={{ width: 150 }}
                  onChange={(oj) => update({ oj: oj === 'All' ? undefined : oj, tagId: undefined })}
                  options={[
                    { value: 'All', label: t('problem.list.all') },
                    { value: OWN_OJ, label: t('problem.list.own') },
                    ...REMOTE_OJS.map((oj) => ({ value: oj, label: REMOTE_OJ_NAMES[oj] })),
                  ]}
                  data-testid="problem-bank"
                />
                {superAdmin && (
                  <>
                    <Typography.Text type="secondary">{t('problem.list.authority')}</Typography.Text>
                    <Select
                      value={filter.auth ?? 0}
                      style={{ width: 150 }}
                      onChange={(auth) => update({ auth: auth || undefined })}
                      options={[
                        { value: 0, label: t('problem.list.all') },
                        { value: 1, label: t('problem.auth.public') },
                        { value: 2, label: t('problem.auth.hidden') },
                        { value: 3, label: t('problem.auth.contest') },
                      ]}
                      data-testid="problem-auth"
                    />
                  </>
                )}
              </Space>
              <Space wrap align="center">
                <Typography.Text type="secondary">{t('problem.list.level')}</Typography.Text>
                <Radio.Group
                  size="small"
                  optionType="button"
                  value={filter.difficulty ?? -1}
                  onChange={(e) => update({ difficulty: e.target.value === -1 ? undefined : e.target.value })}
                  options={[{ value: -1, label: t('problem.list.all') }, ...[0, 1, 2, 3, 4, 5].map((d) => ({ value: d, label: t(`difficulty.${d}`) }))]}
                />
              </Space>
              {selectedTags.length > 0 && (
                <Space wrap data-testid="selected-tags">
                  <Typography.Text type="secondary">{t('problem.list.tags')}</Typography.Text>
                  {selectedTags.map((id) => (
                    <Tag key={id} closable color="blue" onClose={() => toggleTag({ id } as ProblemTag)}>
                      {tagById.get(id)?.name ?? `#${id}`}
                    </Tag>
                  ))}
                </Space>
              )}
              <ProblemTable scope={scope} state={filter} update={update} />
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={6} className="oj-stack">
          <TagPanel oj={tagBank} selected={selectedTags} onToggle={toggleTag} />
          <Card title={t('problem.list.latest')} size="small" data-testid="latest-problems">
            <List
              size="small"
              loading={recent.isPending}
              dataSource={recent.data ?? []}
              locale={{ emptyText: t('problem.list.noLatest') }}
              renderItem={(p) => (
                <List.Item>
                  <Link to={`/problem/${encodeURIComponent(p.problemId)}`}>
                    {p.problemId} {p.title}
                  </Link>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

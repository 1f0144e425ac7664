import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Progress, Select, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PLAGIARISM_MODES, type PlagiarismCheckView, type PlagiarismMode, type PlagiarismPairRow } from '@oj/shared';
import { feedback } from '../../app/feedback';
import { plagiarismApi, plagiarismKeys, type PlagiarismScope } from '../../api/plagiarism';
import { useLanguages } from '../../api/queries';
import './plagiarism.css';

const PAGE_SIZE = 20;
const running = (c: PlagiarismCheckView | undefined) => !!c && (c.status === 'queued' || c.status === 'running');

/** The scope from the address: `?cid=` (a contest) or `?pid=` (a problem). */
function scopeOf(params: URLSearchParams): PlagiarismScope | null {
  const cid = Number(params.get('cid'));
  const pid = Number(params.get('pid'));
  if (Number.isInteger(cid) && cid > 0) return { cid };
  if (Number.isInteger(pid) && pid > 0) return { pid };
  return null;
}

/** Checks of a contest or a problem: start one, follow its progress, read its pairs by similarity. */
export default function PlagiarismPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const scope = scopeOf(params);
  if (!scope) return <Alert type="error" message={t('plagiarism.noScope')} />;
  return <Checks scope={scope} params={params} setParams={setParams} key={`${scope.cid ?? ''}-${scope.pid ?? ''}`} />;
}

function Checks({ scope, params, setParams }: { scope: PlagiarismScope; params: URLSearchParams; setParams: ReturnType<typeof useSearchParams>[1] }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<PlagiarismMode>('accepted');
  const [languages, setLanguages] = useState<string[]>([]);
  const [starting, setStarting] = useState(false);
  const siteLanguages = useLanguages();
  const checks = useQuery({
    queryKey: plagiarismKeys.checks(scope),
    queryFn: () => plagiarismApi.checks(scope),
    // Progress while a check runs: it moves on a judge host.
    refetchInterval: (q) => (q.state.data?.some(running) ? 1000 : false),
  });
  const chosenId = Number(params.get('check')) || checks.data?.[0]?.id;
  const chosen = checks.data?.find((c) => c.id === chosenId);
  const pid = Number(params.get('problem')) || undefined;
  const language = params.get('language') || undefined;
  const page = Number(params.get('page')) || 1;
  const setParam = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };
  const pairsQuery = { checkId: chosen?.id ?? 0, pid, language, currentPage: page, limit: PAGE_SIZE };
  const pairs = useQuery({
    queryKey: [...plagiarismKeys.pairs(pairsQuery), chosen?.status],
    queryFn: () => plagiarismApi.pairs(pairsQuery),
    enabled: chosen?.status === 'done',
    placeholderData: keepPreviousData,
  });

  const start = async () => {
    setStarting(true);
    try {
      const r = await plagiarismApi.start(scope, { mode, languages });
      feedback.success(t('plagiarism.started'));
      await queryClient.invalidateQueries({ queryKey: plagiarismKeys.checks(scope) });
      setParam({ check: r.data.id, problem: undefined, language: undefined });
    } catch {
      // the client showed the server's refusal
    } finally {
      setStarting(false);
    }
  };

  const toggleReviewed = async (row: PlagiarismPairRow) => {
    try {
      await plagiarismApi.reviewed(row.id, !row.reviewed);
      await queryClient.invalidateQueries({ queryKey: ['plagiarism', 'pairs'] });
    } catch {
      // shown by the client
    }
  };

  const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
  const columns: TableColumnsType<PlagiarismPairRow> = [
    {
      title: t('plagiarism.similarity'),
      dataIndex: 'similarity',
      width: 120,
      render: (s: number) => <Progress percent={Math.round(s * 100)} size="small" status={s >= 0.8 ? 'exception' : 'normal'} format={() => percent(s)} />,
    },
    { title: t('plagiarism.problem'), dataIndex: 'problemId', width: 80 },
    { title: t('plagiarism.language'), dataIndex: 'language', width: 100, responsive: ['lg'] },
    {
      title: t('plagiarism.pair'),
      key: 'users',
      render: (_, p) => (
        <span className="oj-plagiarism-users">
          <Link to={`/submission-detail/${p.left.submitId}`}>{p.left.username}</Link>
          <span> · </span>
          <Link to={`/submission-detail/${p.right.submitId}`}>{p.right.username}</Link>
        </span>
      ),
    },
    {
      title: <Tooltip title={t('plagiarism.longestTip')}>{t('plagiarism.longest')}</Tooltip>,
      dataIndex: 'longest',
      width: 90,
      responsive: ['lg'],
    },
    {
      title: <Tooltip title={t('plagiarism.overlapTip')}>{t('plagiarism.overlap')}</Tooltip>,
      dataIndex: 'overlap',
      width: 90,
      responsive: ['xl'],
    },
    {
      title: t('plagiarism.actions'),
      key: 'actions',
      width: 130,
      render: (_, p) => (
        <Space size={4} direction="vertical">
          <Link to={`/plagiarism/pair/${p.id}`} data-testid={`plagiarism-compare-${p.id}`}>
            <Button size="small">{t('plagiarism.compare')}</Button>
          </Link>
          <Button size="small" type={p.reviewed ? 'default' : 'dashed'} onClick={() => void toggleReviewed(p)} data-testid={`plagiarism-reviewed-${p.id}`}>
            {p.reviewed ? t('plagiarism.reviewed') : t('plagiarism.markReviewed')}
          </Button>
        </Space>
      ),
    },
  ];

  const scopeText = scope.cid ? t('plagiarism.ofContest', { id: scope.cid }) : t('plagiarism.ofProblem', { id: scope.pid });
  return (
    <Space direction="vertical" size="middle" className="oj-plagiarism" style={{ width: '100%' }}>
      <Card title={t('plagiarism.title')} extra={<span className="oj-plagiarism-scope">{scopeText}</span>}>
        <p className="oj-plagiarism-intro">{t('plagiarism.intro')}</p>
        <Form layout="inline" className="oj-plagiarism-form" onFinish={() => void start()}>
          <Form.Item label={t('plagiarism.mode')}>
            <Select
              value={mode}
              onChange={setMode}
              style={{ minWidth: 200 }}
              data-testid="plagiarism-mode"
              options={PLAGIARISM_MODES.map((m) => ({ value: m, label: t(`plagiarism.modes.${m}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('plagiarism.languages')}>
            <Select
              mode="multiple"
              value={languages}
              onChange={setLanguages}
              placeholder={t('plagiarism.allLanguages')}
              style={{ minWidth: 200 }}
              options={siteLanguages.data?.map((l) => ({ value: l.name, label: l.name }))}
              data-testid="plagiarism-languages"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={starting} disabled={running(checks.data?.[0])} data-testid="plagiarism-start">
              {t('plagiarism.start')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {checks.data && checks.data.length > 0 ? (
        <Card
          title={
            <Select
              value={chosen?.id}
              onChange={(id) => setParam({ check: id, problem: undefined, language: undefined })}
              style={{ minWidth: 240 }}
              data-testid="plagiarism-check-select"
              options={checks.data.map((c) => ({
                value: c.id,
                label: `#${c.id} · ${new Date(c.createdAt).toLocaleString(i18n.language)} · ${t(`plagiarism.status.${c.status}`)}`,
              }))}
            />
          }
        >
          {chosen && <CheckState check={chosen} />}
          {chosen?.status === 'done' && (
            <>
              <Space wrap className="oj-plagiarism-filters">
                <Select
                  allowClear
                  placeholder={t('plagiarism.allProblems')}
                  value={pid}
                  onChange={(v) => setParam({ problem: v })}
                  style={{ minWidth: 160 }}
                  data-testid="plagiarism-filter-problem"
                  options={pairs.data?.problems.map((p) => ({ value: p.pid, label: p.problemId }))}
                />
                <Select
                  allowClear
                  placeholder={t('plagiarism.allLanguages')}
                  value={language}
                  onChange={(v) => setParam({ language: v })}
                  style={{ minWidth: 160 }}
                  data-testid="plagiarism-filter-language"
                  options={pairs.data?.languages.map((l) => ({ value: l, label: l }))}
                />
              </Space>
              <Table
                rowKey="id"
                size="small"
                columns={columns}
                dataSource={pairs.data?.records}
                loading={pairs.isFetching && !pairs.data}
                scroll={{ x: 'max-content' }}
                rowClassName={(p) => (p.reviewed ? 'oj-plagiarism-reviewed' : '')}
                locale={{ emptyText: <Empty description={t('plagiarism.noPairs')} /> }}
                pagination={{
                  current: page,
                  pageSize: PAGE_SIZE,
                  total: pairs.data?.total ?? 0,
                  showSizeChanger: false,
                  onChange: (p) => setParam({ page: p }),
                }}
                data-testid="plagiarism-pairs"
              />
            </>
          )}
        </Card>
      ) : (
        checks.data && <Empty description={t('plagiarism.noChecks')} />
      )}
    </Space>
  );
}

function CheckState({ check }: { check: PlagiarismCheckView }) {
  const { t } = useTranslation();
  if (check.status === 'failed') return <Alert type="error" showIcon message={t('plagiarism.failed', { error: check.error ?? '' })} />;
  if (running(check))
    return (
      <div className="oj-plagiarism-progress" data-testid="plagiarism-progress">
        <Tag color="processing">{t(`plagiarism.status.${check.status}`)}</Tag>
        <Progress percent={check.total ? Math.round((check.done / check.total) * 100) : 0} status="active" />
        <span>{t('plagiarism.progress', { done: check.done, total: check.total })}</span>
      </div>
    );
  return (
    <p className="oj-plagiarism-summary" data-testid="plagiarism-summary">
      {t('plagiarism.summary', { submissions: check.submissions, pairs: check.pairCount })}
    </p>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Row, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { PlagiarismPairDetail, SourceRegion } from '@oj/shared';
import { plagiarismApi, plagiarismKeys } from '../../api/plagiarism';
import { PageLoading } from '../../app/layout/PageLoading';
import { markedLines } from './highlight';
import './plagiarism.css';

/** Colours cycle over the fragments, so neighbouring ones tell apart. */
const FRAGMENT_CLASSES = 6;

function Source({ side, code, regions }: { side: 'left' | 'right'; code: string; regions: SourceRegion[] }) {
  const lines = markedLines(code, regions);
  return (
    // Lines and their pieces never move: their positions are their keys.
    <pre className="oj-plagiarism-code" data-testid={`plagiarism-code-${side}`}>
      {lines.map((pieces, row) => (
        <div key={row} className="oj-plagiarism-line" data-line={row}>
          <span className="oj-plagiarism-lineno">{row + 1}</span>
          {pieces.map((p, k) =>
            p.fragment < 0 ? (
              <span key={k}>{p.text}</span>
            ) : (
              <mark key={k} className={`oj-plagiarism-fragment oj-plagiarism-fragment-${p.fragment % FRAGMENT_CLASSES}`} data-fragment={p.fragment}>
                {p.text}
              </mark>
            ),
          )}
        </div>
      ))}
    </pre>
  );
}

/** Two submissions of a pair side by side, their matching fragments marked in the same colour on both sides. */
export default function PlagiarismPairPage() {
  const { t } = useTranslation();
  const id = Number(useParams().pairId);
  const queryClient = useQueryClient();
  const pair = useQuery({ queryKey: plagiarismKeys.pair(id), queryFn: () => plagiarismApi.pair(id), enabled: id > 0 });
  if (!pair.data) return <PageLoading />;
  const p: PlagiarismPairDetail = pair.data;
  const toggle = async () => {
    try {
      await plagiarismApi.reviewed(p.id, !p.reviewed);
      await queryClient.invalidateQueries({ queryKey: ['plagiarism'] });
    } catch {
      // shown by the client
    }
  };
  /** Brings a fragment's first line into view on both sides (each pane scrolls on its own). */
  const show = (k: number) => {
    for (const s of ['left', 'right'] as const) {
      const pane = document.querySelector<HTMLElement>(`[data-testid="plagiarism-code-${s}"]`);
      const line = pane?.querySelector<HTMLElement>(`[data-line="${p.fragments[k]![s][0]}"]`);
      if (pane && line) pane.scrollTop = line.offsetTop;
    }
  };
  const side = (s: 'left' | 'right') => (
    <Col xs={24} md={12}>
      <Card
        size="small"
        title={
          <Link to={`/submission-detail/${p[s].submitId}`}>
            {p[s].username} · #{p[s].submitId}
          </Link>
        }
      >
        <Source side={s} code={p[s].code} regions={p.fragments.map((f) => f[s])} />
      </Card>
    </Col>
  );
  return (
    <Space direction="vertical" size="middle" className="oj-plagiarism" style={{ width: '100%' }}>
      <Card
        title={t('plagiarism.pairTitle')}
        extra={
          <Button type={p.reviewed ? 'default' : 'primary'} onClick={() => void toggle()} data-testid="plagiarism-pair-reviewed">
            {p.reviewed ? t('plagiarism.reviewed') : t('plagiarism.markReviewed')}
          </Button>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} data-testid="plagiarism-pair-facts">
          <Descriptions.Item label={t('plagiarism.similarity')}>{(p.similarity * 100).toFixed(1)}%</Descriptions.Item>
          <Descriptions.Item label={t('plagiarism.problem')}>{p.problemId}</Descriptions.Item>
          <Descriptions.Item label={t('plagiarism.language')}>{p.language}</Descriptions.Item>
          <Descriptions.Item label={t('plagiarism.longest')}>{p.longest}</Descriptions.Item>
          <Descriptions.Item label={t('plagiarism.overlap')}>{p.overlap}</Descriptions.Item>
          <Descriptions.Item label={t('plagiarism.fragments')}>{p.fragments.length}</Descriptions.Item>
        </Descriptions>
        {/* The fragments of a pair never change: their order is their key. */}
        <div className="oj-plagiarism-fragment-list">
          {p.fragments.map((f, k) => (
            <Tag
              key={k}
              className={`oj-plagiarism-fragment-tag oj-plagiarism-fragment-${k % FRAGMENT_CLASSES}`}
              onClick={() => show(k)}
              data-testid={`plagiarism-fragment-${k}`}
            >
              {t('plagiarism.fragmentLines', { left: `${f.left[0] + 1}–${f.left[2] + 1}`, right: `${f.right[0] + 1}–${f.right[2] + 1}` })}
            </Tag>
          ))}
        </div>
      </Card>
      <Row gutter={[12, 12]}>
        {side('left')}
        {side('right')}
      </Row>
    </Space>
  );
}

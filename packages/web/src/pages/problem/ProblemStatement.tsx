import { lazy, Suspense, useState } from 'react';
import { Button, Card, Col, Empty, Row, Space, Tabs, Tag, Typography } from 'antd';
import { CopyOutlined, EditOutlined, ExportOutlined, PieChartOutlined, CommentOutlined, FileMarkdownOutlined, BulbOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProblemDetail } from '@oj/shared';
import { useWebsiteConfig } from '../../api/queries';
import { Markdown } from '../../components/Markdown';
import { copyText } from './copy';
import { problemAsMarkdown } from './problemMarkdown';
import { AuthTag, DifficultyTag } from '../../components/problemStatus';
import { useProblemScope } from './problemScope';
import { useMay } from '../../app/may';
import { remoteOjName, webAddress } from '../../components/remoteOj';

const StatisticsDialog = lazy(() => import('./StatisticsDialog'));
// A table with its pagination: fetched when the tab is opened, not with the statement.
const MySubmissions = lazy(() => import('./MySubmissions'));

function Section({ title, source }: { title: string; source: string }) {
  if (!source.trim()) return null;
  return (
    <section className="oj-problem-section">
      <Typography.Title level={5}>{title}</Typography.Title>
      <Markdown source={source} />
    </section>
  );
}

function Sample({ label, text }: { label: string; text: string }) {
  const { t } = useTranslation();
  return (
    <div className="oj-sample">
      <div className="oj-sample-head">
        <Typography.Text strong>{label}</Typography.Text>
        <Button size="small" type="text" icon={<CopyOutlined />} onClick={() => void copyText(text)} aria-label={t('problem.detail.copy')} />
      </div>
      <pre className="oj-pre">{text}</pre>
    </div>
  );
}

function Description({ detail }: { detail: ProblemDetail }) {
  const { t } = useTranslation();
  const { data: config } = useWebsiteConfig();
  const [stats, setStats] = useState(false);
  const scope = useProblemScope();
  const p = detail.problem;
  const listsHidden = useMay('listHiddenProblems');
  const copiesMarkdown = useMay('administer');
  const edits = useMay('manageProblems');
  // The super admin's link to the problem on its own site (the hidden-problem tags' rule: the super admin's).
  const remoteUrl = listsHidden && p.isRemote ? webAddress(p.remoteUrl) : null;
  const labels = {
    description: t('problem.detail.description'),
    input: t('problem.detail.input'),
    output: t('problem.detail.output'),
    sampleInput: t('problem.detail.sampleInput'),
    sampleOutput: t('problem.detail.sampleOutput'),
    hint: t('problem.detail.hint'),
    source: t('problem.detail.source'),
    limits: t('problem.detail.limits'),
  };
  return (
    <div data-testid="problem-description">
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap align="center">
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="problem-title">
            {p.problemId} {p.title}
          </Typography.Title>
          {listsHidden && scope.showAuthTag && <AuthTag auth={p.auth} />}
        </Space>
        <Space wrap size={[12, 4]}>
          <Typography.Text type="secondary">
            {t('problem.detail.timeLimit')}: {p.timeLimit} ms
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('problem.detail.memoryLimit')}: {p.memoryLimit} MB
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('problem.detail.stackLimit')}: {p.stackLimit} MB
          </Typography.Text>
          <DifficultyTag level={p.difficulty} />
          <Tag>{p.type === 1 ? 'OI' : 'ACM'}</Tag>
          {p.author && (
            <Typography.Text type="secondary">
              {t('problem.detail.author')}: {p.author}
            </Typography.Text>
          )}
        </Space>
        {scope.showTags && detail.tags.length > 0 && (
          <Space size={[6, 4]} wrap data-testid="problem-tags">
            {detail.tags.map((tag) => (
              <Tag key={tag.id} color={tag.color || 'blue'}>
                {tag.name}
              </Tag>
            ))}
          </Space>
        )}
        <Space wrap>
          <Button size="small" icon={<PieChartOutlined />} onClick={() => setStats(true)} data-testid="problem-statistics">
            {t('problem.detail.statistics')}
          </Button>
          <Link to={scope.solutionsPath(p.problemId)} data-testid="problem-solutions">
            <Button size="small" icon={<BulbOutlined />}>
              {t('problem.detail.solutions')}
            </Button>
          </Link>
          {scope.discussion && config?.openPublicDiscussion && (
            <Link to={`/discussion/${encodeURIComponent(p.problemId)}`}>
              <Button size="small" icon={<CommentOutlined />}>
                {t('problem.detail.discussion')}
              </Button>
            </Link>
          )}
          {copiesMarkdown && (
            <Button size="small" icon={<FileMarkdownOutlined />} onClick={() => void copyText(problemAsMarkdown(detail, labels))} data-testid="copy-markdown">
              {t('problem.detail.copyMarkdown')}
            </Button>
          )}
          {remoteUrl && (
            <Button size="small" icon={<ExportOutlined />} href={remoteUrl} target="_blank" rel="noopener noreferrer" data-testid="view-on-site">
              {t('problem.detail.viewOnSite', { site: remoteOjName(p.remoteOj ?? '') })}
            </Button>
          )}
          {edits && (
            <Link to={`/admin/problem/edit/${p.id}`} target="_blank">
              <Button size="small" icon={<EditOutlined />} data-testid="edit-problem">
                {t('problem.detail.edit')}
              </Button>
            </Link>
          )}
        </Space>
      </Space>
      {p.isFileIO && (
        <Typography.Paragraph type="warning" style={{ marginTop: 12 }}>
          {t('problem.detail.fileIO', { input: p.ioReadFileName, output: p.ioWriteFileName })}
        </Typography.Paragraph>
      )}
      <Section title={labels.description} source={p.description} />
      <Section title={labels.input} source={p.input} />
      <Section title={labels.output} source={p.output} />
      {p.examples.map((e, i) => (
        <Row gutter={12} key={i} className="oj-problem-section" data-testid={`sample-${i + 1}`}>
          <Col xs={24} md={12}>
            <Sample label={`${labels.sampleInput} ${i + 1}`} text={e.input} />
          </Col>
          <Col xs={24} md={12}>
            <Sample label={`${labels.sampleOutput} ${i + 1}`} text={e.output} />
          </Col>
        </Row>
      ))}
      <Section title={labels.hint} source={p.hint} />
      {p.source.trim() && (
        <section className="oj-problem-section">
          <Typography.Title level={5}>{labels.source}</Typography.Title>
          <Typography.Text>{p.source}</Typography.Text>
        </section>
      )}
      {stats && (
        <Suspense fallback={null}>
          <StatisticsDialog open={stats} onClose={() => setStats(false)} count={detail.problemCount} title={p.title} />
        </Suspense>
      )}
    </div>
  );
}

function Annex({ files }: { files: Record<string, string> }) {
  const { t } = useTranslation();
  const download = (name: string, content: string) => {
    const url = URL.createObjectURL(new Blob([content], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="problem-annex">
      <Typography.Text type="secondary">{t('problem.annex.hint')}</Typography.Text>
      {Object.entries(files).map(([name, content]) => (
        <Card
          key={name}
          size="small"
          title={name}
          extra={
            <Space>
              <Button size="small" onClick={() => void copyText(content)}>
                {t('problem.detail.copy')}
              </Button>
              <Button size="small" onClick={() => download(name, content)}>
                {t('problem.annex.download')}
              </Button>
            </Space>
          }
        >
          <pre className="oj-pre" style={{ maxHeight: 240, overflow: 'auto' }}>
            {content}
          </pre>
        </Card>
      ))}
    </Space>
  );
}

/** The left side of the problem page: description, my submissions, annex. */
export function ProblemStatement({ detail }: { detail: ProblemDetail }) {
  const { t } = useTranslation();
  const files = detail.problem.userExtraFile ?? {};
  const hasFiles = Object.keys(files).length > 0;
  return (
    <Tabs
      className="oj-problem-tabs"
      items={[
        { key: 'description', label: t('problem.detail.tabDescription'), children: <Description detail={detail} /> },
        {
          key: 'mine',
          label: t('problem.detail.tabMine'),
          children: (
            <Suspense fallback={null}>
              <MySubmissions problemId={detail.problem.problemId} />
            </Suspense>
          ),
        },
        ...(hasFiles ? [{ key: 'annex', label: t('problem.detail.tabAnnex'), children: <Annex files={files} /> }] : []),
      ]}
    />
  );
}

export function ProblemMissing() {
  const { t } = useTranslation();
  return <Empty description={t('msg.problemNotFound')} style={{ padding: 48 }} />;
}

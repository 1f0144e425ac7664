import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Result, Skeleton, Space, Table, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, type Submission, type SubmissionDetail, type SubmissionInfo } from '@oj/shared';
import { quietly } from '../../api/client';
import { useLive } from '../../api/live';
import { isActive, POLL_INTERVAL_MS, POLL_MAX_ROUNDS, submissionApi, submissionKeys } from '../../api/submission';
import { feedback } from '../../app/feedback';
import { useSession } from '../../app/session';
import { formatDateTime } from '../../components/time';
import { formatLength, formatMemory, formatTime, statusName } from '../status/format';
import { ResubmitButton, ShareSwitch, useResubmittable } from '../status/RowActions';
import { StatusTag } from '../status/StatusTag';
import { CaseResults } from './CaseResults';
import '../status/status.css';
import './submission.css';

const CodeView = lazy(() => import('./CodeView'));

/** Banner type per verdict: success for AC, warning for partial and active states, error otherwise. */
function bannerType(status: number): 'success' | 'info' | 'warning' | 'error' {
  if (status === JudgeStatus.ACCEPTED) return 'success';
  if (isActive(status) || status === JudgeStatus.PARTIAL_ACCEPTED || status === JudgeStatus.SUBMITTED_UNKNOWN_RESULT) return 'warning';
  if (status === JudgeStatus.CANCELLED) return 'info';
  return 'error';
}

/** Error text is shown for compile error, system error and submit failed. */
const SHOWS_ERROR: number[] = [JudgeStatus.COMPILE_ERROR, JudgeStatus.SYSTEM_ERROR, JudgeStatus.SUBMITTED_FAILED];

/** The verdict; a remote submission its site did not take offers Resubmit to its owner and the admins. */
function Banner({ s, onResubmitted }: { s: Submission; onResubmitted: () => void }) {
  const { t } = useTranslation();
  const resubmittable = useResubmittable();
  const name = statusName(s.status);
  const title = s.status === JudgeStatus.SUBMITTED_UNKNOWN_RESULT ? '?' : name ? t(`judgeStatus.${name}`) : String(s.status);
  return (
    <Alert
      type={bannerType(s.status)}
      showIcon
      className="oj-submission-banner"
      data-testid="submission-banner"
      data-status={s.status}
      title={<span className="oj-banner-title">{title}</span>}
      action={resubmittable(s) ? <ResubmitButton row={s} onChange={onResubmitted} labelled /> : undefined}
      description={
        <div>
          {!isActive(s.status) && (
            <Space wrap size="large">
              <span>{t('submissionPage.timeUsed', { time: formatTime(s.time) })}</span>
              <span>{t('submissionPage.memoryUsed', { memory: formatMemory(s.memory) })}</span>
              {s.isManual && <span>{t('submissionPage.manual', { judger: s.judger ?? '' })}</span>}
            </Space>
          )}
          {isActive(s.status) && <span>{t('submissionPage.judging')}</span>}
          {SHOWS_ERROR.includes(s.status) && s.errorMessage && (
            <pre className="oj-error-message" data-testid="submission-error">
              {s.errorMessage}
            </pre>
          )}
        </div>
      }
    />
  );
}

/** Where a submission is shown: the public page or a contest's (links into the contest). */
export interface SubmissionDetailScope {
  problemPath(s: Submission): string;
  /** above the banner (a way back into the contest) */
  header?: ReactNode;
  /** the page's frame: 'oj-page oj-stack' by default, without 'oj-page' inside the contest shell */
  pageClass?: string;
  /** why case results may be missing (a contest hides them while it runs) */
  casesClosedText?: string;
}

const PUBLIC_DETAIL_SCOPE: SubmissionDetailScope = {
  // A contest submission opened here still leads to its contest's problem.
  problemPath: (s) => (s.cid ? `/contest/${s.cid}/problem/${encodeURIComponent(s.displayPid)}` : `/problem/${encodeURIComponent(s.displayPid)}`),
};

function InfoTable({ s, scope, progress }: { s: Submission; scope: SubmissionDetailScope; progress: { done: number; total: number } | null }) {
  const { t } = useTranslation();
  const columns = [
    { title: t('statusPage.runId'), key: 'id', render: () => s.submitId },
    { title: t('statusPage.submitTime'), key: 'at', render: () => formatDateTime(s.submitTime) },
    {
      title: t('statusPage.problem'),
      key: 'problem',
      render: () => (
        <Link to={scope.problemPath(s)}>
          {s.displayPid}
          {s.title ? ` ${s.title}` : ''}
        </Link>
      ),
    },
    { title: t('statusPage.status'), key: 'status', render: () => <StatusTag status={s.status} score={s.score} progress={progress} /> },
    { title: t('statusPage.time'), key: 'time', render: () => formatTime(s.time) },
    { title: t('statusPage.memory'), key: 'memory', render: () => formatMemory(s.memory) },
    ...(s.score !== null ? [{ title: t('statusPage.score'), key: 'score', render: () => s.score }] : []),
    { title: t('statusPage.length'), key: 'length', render: () => formatLength(s.length) },
    { title: t('statusPage.language'), key: 'language', render: () => s.language },
    // The site's own run id (sent to admins only): where to look the submission up on that site.
    ...(s.remoteRunId
      ? [{ title: t('submissionPage.remoteRunId'), key: 'remoteRunId', render: () => <span data-testid="remote-run-id">{s.remoteRunId}</span> }]
      : []),
    {
      title: t('statusPage.author'),
      key: 'author',
      render: () => <Link to={`/user-home?uid=${encodeURIComponent(s.uid)}&username=${encodeURIComponent(s.username)}`}>{s.username}</Link>,
    },
  ];
  return <Table size="small" rowKey="submitId" pagination={false} columns={columns} dataSource={[s]} scroll={{ x: 900 }} data-testid="submission-info" />;
}

function CodeCard({ detail, onShare }: { detail: SubmissionDetail; onShare: (r: SubmissionInfo) => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const s = detail.submission;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(s.code ?? '');
      feedback.success(t('submissionPage.copied'));
    } catch {
      feedback.error(t('submissionPage.copyFailed'));
    }
  };
  const mine = !!user && user.uid === s.uid;
  return (
    <Card
      title={t('submissionPage.code')}
      extra={
        <Space>
          {mine && detail.codeShare && <ShareSwitch row={s} onChange={onShare} size="default" />}
          <Button icon={<CopyOutlined />} onClick={copy} data-testid="copy-code">
            {t('submissionPage.copy')}
          </Button>
        </Space>
      }
    >
      <Suspense fallback={<Skeleton active />}>
        <CodeView code={s.code ?? ''} language={s.language} />
      </Suspense>
    </Card>
  );
}

/**
 * Submission detail: banner, info, case results, code; follows the live stream until a verdict (with
 * the case counts while judging), or polls every 2 s while the stream is not up (again after a resubmit).
 */
export default function SubmissionDetailPage() {
  const { submitID } = useParams();
  return <SubmissionDetailView submitId={Number(submitID)} scope={PUBLIC_DETAIL_SCOPE} />;
}

/** The detail of one submission; contest pages give their own scope (same banner, cases and code). */
export function SubmissionDetailView({ submitId, scope }: { submitId: number; scope: SubmissionDetailScope }) {
  const { t } = useTranslation();
  const valid = Number.isInteger(submitId) && submitId > 0;
  const client = useQueryClient();
  const { user } = useSession();
  const detailKey = [...submissionKeys.detail(submitId), user?.uid ?? ''];
  // Whether the stream carries this submission (set below, once it is known where it was made).
  const live = useRef(false);
  const { data, isPending, isError, error } = useQuery<SubmissionDetail>({
    queryKey: detailKey,
    queryFn: quietly(() => submissionApi.detail(submitId)),
    enabled: valid,
    refetchInterval: (q) =>
      !live.current && q.state.data && isActive(q.state.data.submission.status) && q.state.dataUpdateCount < POLL_MAX_ROUNDS && q.state.status !== 'error'
        ? POLL_INTERVAL_MS
        : false,
  });
  const s = data?.submission;
  const final = !!s && !isActive(s.status);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // The detail is read again when the status moves; the case counts alone only move the tag.
  live.current = useLive(s && !final ? { submissions: { ids: [submitId], cid: s.cid || undefined, gid: s.gid ?? undefined } } : null, (e) => {
    if (e.type === 'resync') return void client.invalidateQueries({ queryKey: detailKey });
    if (e.type !== 'submission' || e.submitId !== submitId) return;
    setProgress(e.total !== undefined ? { done: e.done ?? 0, total: e.total } : null);
    if (e.status !== s?.status) void client.invalidateQueries({ queryKey: detailKey });
  });
  const cases = useQuery({
    queryKey: [...submissionKeys.cases(submitId), s?.status, s?.gmtModified, user?.uid ?? ''],
    queryFn: () => submissionApi.caseResult(submitId),
    enabled: final && s.status !== JudgeStatus.COMPILE_ERROR && s.status !== JudgeStatus.SUBMITTED_UNKNOWN_RESULT,
  });

  if (!valid || isError) return <Result status="404" title={(valid && error?.message) || t('msg.submissionNotFound')} data-testid="submission-missing" />;
  if (isPending || !data || !s) return <Skeleton active className="oj-page" />;
  const onShare = (r: SubmissionInfo) =>
    client.setQueryData<SubmissionDetail>(detailKey, (old) => (old ? { ...old, submission: { ...old.submission, share: r.share } } : old));
  // A sealed result (-5) has no cases to show either.
  const showCases =
    final &&
    s.status !== JudgeStatus.COMPILE_ERROR &&
    s.status !== JudgeStatus.SUBMITTED_FAILED &&
    s.status !== JudgeStatus.CANCELLED &&
    s.status !== JudgeStatus.SUBMITTED_UNKNOWN_RESULT;
  return (
    <div className={scope.pageClass ?? 'oj-page oj-stack'} data-testid="submission-detail">
      {scope.header}
      <Banner s={s} onResubmitted={() => void client.invalidateQueries({ queryKey: detailKey })} />
      <Card>
        <InfoTable s={s} scope={scope} progress={progress} />
      </Card>
      {showCases && (
        <Card title={t('submissionPage.cases')}>
          {cases.isPending ? <Skeleton active /> : <CaseResults result={cases.data ?? null} closedText={scope.casesClosedText} />}
        </Card>
      )}
      {s.code !== null ? (
        <CodeCard detail={data} onShare={onShare} />
      ) : (
        <Card>
          <Typography.Text type="secondary">{t('submissionPage.codeHidden')}</Typography.Text>
        </Card>
      )}
    </div>
  );
}

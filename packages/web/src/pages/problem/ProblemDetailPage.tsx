import './problem.css';
import { lazy, Suspense, useState } from 'react';
import { Card, Skeleton, Splitter } from 'antd';
import { useIsFetching } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
// Aliased: the page's inner component is called ProblemDetail.
import type { ProblemDetail as ProblemDetailData } from '@oj/shared';
import { useProblemDetail } from '../../api/problem';
import { ApiError } from '../../api/client';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { EditorPanel } from './EditorPanel';
import { loadEditorState } from './editorStorage';
import type { ProblemLoadFailedProps } from './ProblemLoadFailed';
import { ProblemStatement } from './ProblemStatement';

// antd's Result is fetched only when a problem fails to load.
const LoadFailed = lazy(() => import('./ProblemLoadFailed'));

/**
 * /problem/:problemID: statement on the left, editor on the right in a resizable split;
 * stacked under 768 px. Focus mode lays the split over the whole window (kept per problem).
 */
export default function ProblemDetailPage() {
  const { problemID = '' } = useParams();
  // A fresh page state (focus mode, editor) for each problem.
  return <ProblemDetail key={problemID} problemID={problemID} />;
}

function ProblemDetail({ problemID }: { problemID: string }) {
  const { t } = useTranslation();
  const detail = useProblemDetail(problemID);
  const [focus, setFocus] = useState(() => loadEditorState(problemID).focus ?? false);

  if (detail.isPending) return <ProblemLoading />;
  if (detail.isError || !detail.data) {
    // The query is quiet: this card is the one place the failure shows, so it says why.
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <ProblemLoadFailed
        status={notFound ? '404' : 'error'}
        title={notFound ? t('msg.problemNotFound') : detail.error?.message || t('common.loadFailed')}
        backTo="/problem"
        backLabel={t('problem.detail.backToList')}
      />
    );
  }

  return <ProblemWorkspace detail={detail.data} focus={focus} onFocusChange={setFocus} className={focus ? 'oj-problem-focus' : undefined} />;
}

/**
 * A problem page while its statement loads (the bank's and the contest's). It shimmers only while
 * something is fetched: a visitor's statement waits for a login that may never come (the login dialog
 * is open over it), and a shimmer left running kept a core busy at a third.
 */
export function ProblemLoading() {
  const fetching = useIsFetching() > 0;
  return (
    <div className="oj-page">
      <Card>
        <Skeleton active={fetching} paragraph={{ rows: 10 }} />
      </Card>
    </div>
  );
}

/** A problem page whose statement did not load: why, the way back to its list, and no way to submit. */
export function ProblemLoadFailed(props: ProblemLoadFailedProps) {
  return (
    <Suspense fallback={<ProblemLoading />}>
      <LoadFailed {...props} />
    </Suspense>
  );
}

/**
 * Statement and editor side by side in a resizable split, stacked under 768 px. Shared by the bank's
 * problem page and the contest problem pages (which provide their ProblemScope around it).
 */
export function ProblemWorkspace({
  detail,
  focus,
  onFocusChange,
  className,
}: {
  detail: ProblemDetailData;
  focus: boolean;
  onFocusChange(focus: boolean): void;
  className?: string;
}) {
  const mobile = useIsMobile();
  const statement = (
    <div className="oj-problem-statement">
      <ProblemStatement detail={detail} />
    </div>
  );
  const editor = <EditorPanel key={detail.problem.id} detail={detail} focus={focus} onFocusChange={onFocusChange} fill={!mobile} />;

  return (
    <div className={['oj-problem-page', className].filter(Boolean).join(' ')} data-testid="problem-detail">
      {mobile ? (
        <div className="oj-stack">
          <Card size="small">{statement}</Card>
          <Card size="small">{editor}</Card>
        </div>
      ) : (
        <Splitter className="oj-problem-split">
          <Splitter.Panel defaultSize="50%" min="25%" max="75%">
            {statement}
          </Splitter.Panel>
          <Splitter.Panel min="25%">{editor}</Splitter.Panel>
        </Splitter>
      )}
    </div>
  );
}

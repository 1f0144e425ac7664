import { useMemo } from 'react';
import { Button, Space } from 'antd';
import { ArrowLeftOutlined, FileTextOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SubmissionDetailView, type SubmissionDetailScope } from '../submission/SubmissionDetailPage';
import { contestProblemPath } from '../../components/contest/meta';

/**
 * /contest/:contestID/problem/:problemID/submission-detail/:submitID (ContestSubmissionDetails):
 * the submission page of the bank (banner, cases, code) with links back into the contest. What is
 * shown follows the contest's rules on the server (seal, others' code).
 */
export default function ContestSubmissionDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const cid = Number(params.contestID);
  const displayId = params.problemID ?? '';
  const scope = useMemo<SubmissionDetailScope>(
    () => ({
      problemPath: (s) => contestProblemPath(cid, s.displayPid),
      pageClass: 'oj-stack',
      casesClosedText: t('contestProblem.submissions.casesHidden'),
      header: (
        <Space wrap>
          <Link to={`/contest/${cid}/submissions`}>
            <Button icon={<ArrowLeftOutlined />} data-testid="back-to-submissions">
              {t('contestProblem.submissions.back')}
            </Button>
          </Link>
          <Link to={contestProblemPath(cid, displayId)}>
            <Button icon={<FileTextOutlined />}>{t('contestProblem.submissions.toProblem', { id: displayId })}</Button>
          </Link>
        </Space>
      ),
    }),
    [cid, displayId, t],
  );
  return <SubmissionDetailView submitId={Number(params.submitID)} scope={scope} />;
}

import { Tooltip } from 'antd';
import { QuestionCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { JudgeStatus } from '@oj/shared';
import { OwnStatusIcon } from '../../../components/problemStatus';

/**
 * The viewer's own state on a contest problem (problem list, focus-mode bar). In a contest "submitted,
 * unknown result" means the sealed rank hides the result, so it gets a question mark that says so.
 */
export function ContestOwnStatus({ status }: { status: number | undefined }) {
  const { t } = useTranslation();
  if (status !== JudgeStatus.SUBMITTED_UNKNOWN_RESULT) return <OwnStatusIcon status={status} />;
  return (
    <Tooltip title={t('contest.problems.unknown')}>
      <QuestionCircleFilled style={{ color: '#faad14' }} data-testid={`own-status-${JudgeStatus.SUBMITTED_UNKNOWN_RESULT}`} />
    </Tooltip>
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { contestRule } from '@oj/shared';
import { submissionApi, submissionKeys } from '../../api/submission';
import { SubmissionListView } from '../status/StatusPage';
import type { SubmissionListScope } from '../status/listScope';
import { useContest } from './ContestContext';
import { useHackColumn } from './hack/HackColumn';
import { contestProblemPath, contestSubmissionPath } from '../../components/contest/meta';

/**
 * /contest/:contestID/submissions (ContestSubmissionList): the status list of the
 * contest with the same filters (query username, onlyMine, status, problemID), 'Submissions' or
 * 'Problem Submissions' when filtered to a problem, the score column in OI contests only. Rows are
 * what the server lets the viewer see (sealed results show as "?").
 */
export default function ContestSubmissionsPage() {
  const { t } = useTranslation();
  const view = useContest();
  const { contest } = view;
  const hackColumn = useHackColumn(view);
  const cid = contest.id;
  const type = contest.type;
  const scope = useMemo<SubmissionListScope>(
    () => ({
      title: (f) => (f.problemID ? t('contestProblem.submissions.problemTitle') : t('contestProblem.submissions.title')),
      // Submissions made after the end (allowEndSubmit) are the contest's too: the list shows them.
      list: (q) => submissionApi.contestList({ ...q, contestID: cid, containsEnd: true }),
      key: (q, uid) => submissionKeys.contestList({ ...q, contestID: cid, containsEnd: true }, uid),
      checkStatus: (ids) => submissionApi.checkContestStatus(cid, ids),
      place: { cid },
      submissionPath: (r) => contestSubmissionPath(cid, r.displayPid, r.submitId),
      problemPath: (r) => contestProblemPath(cid, r.displayPid),
      showScore: contestRule(type).scored,
      pageClass: 'oj-contest-submissions',
      testId: 'contest-submissions',
      extraColumn: hackColumn,
    }),
    [cid, type, t, hackColumn],
  );
  return <SubmissionListView scope={scope} />;
}

import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useGroupAccess } from '../../../api/group';
import TrainingFullProblemPage from '../../training/TrainingFullProblemPage';
import { TrainingPlaceContext } from '../../../components/training/TrainingPlace';
import { groupTrainingPlace } from './groupTrainingPlace';
import { PageLoading } from '../../../app/layout/PageLoading';

/**
 * /group/:groupID/training/:trainingID/problem/:problemID/full-screen
 * (GroupTrainingFullProblemDetails): the site's focus-mode page of a training problem in the group's
 * place (outside the group shell, so the viewer's standing is loaded here). The server refuses
 * non-members on every call; the page shows that refusal.
 */
export default function GroupTrainingFullProblemPage() {
  const gid = Number(useParams().groupID);
  const valid = Number.isInteger(gid) && gid > 0;
  const access = useGroupAccess(valid ? gid : 0);
  const place = useMemo(() => groupTrainingPlace(gid, access.data ?? { level: 0, owner: false, member: false, admin: false, root: false }), [gid, access.data]);
  if (valid && access.isPending) return <PageLoading />;
  return (
    <TrainingPlaceContext.Provider value={place}>
      <TrainingFullProblemPage />
    </TrainingPlaceContext.Provider>
  );
}

import './groupTraining.css';
import { useMemo } from 'react';
import TrainingShell from '../../training/TrainingShell';
import { TrainingPlaceContext } from '../../../components/training/TrainingPlace';
import { useGroup } from '../../../components/group/GroupContext';
import { groupTrainingPlace } from './groupTrainingPlace';

/**
 * /group/:groupID/training/:trainingID (GroupTrainingDetails): the site's training shell and
 * its tabs (introduction with the password card, problems, one problem, rank) in the group's place.
 */
export default function GroupTrainingShell() {
  const { group, access } = useGroup();
  const place = useMemo(() => groupTrainingPlace(group.id, access), [group.id, access]);
  return (
    <TrainingPlaceContext.Provider value={place}>
      <TrainingShell />
    </TrainingPlaceContext.Provider>
  );
}

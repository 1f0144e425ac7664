import { RankType } from '@oj/shared';
import { RankPage } from './RankPage';

export default function AcmRankPage() {
  return <RankPage type={RankType.ACM} />;
}

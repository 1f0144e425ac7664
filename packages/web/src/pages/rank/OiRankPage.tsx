import { RankType } from '@oj/shared';
import { RankPage } from './RankPage';

export default function OiRankPage() {
  return <RankPage type={RankType.OI} />;
}

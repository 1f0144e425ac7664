import { Suspense } from 'react';
import { Announcements } from './Announcements';
import { HomeCarousel } from './HomeCarousel';
import { RecentAcRank } from './RecentAcRank';
import { RecentContests } from './RecentContests';
import { RecentProblems } from './RecentProblems';
import { SubmissionStatisticsCard } from './SubmissionStatisticsCard';
import { lazyOnScreen } from '../../components/onScreen';
import './home.css';

// Last of the page's cards, far below the fold, and empty on a site without remote judging: the card (its
// code and its call) comes when its place is on screen. The slot it takes until then has no height.
const OtherContests = lazyOnScreen(() => import('./OtherContests'), <div data-testid="other-contests-slot" />);

/**
 * Home: carousel, then announcements, recent contests, statistics, recently updated problems and the
 * contests of other sites beside the last-7-days AC ranking; one column under the lg breakpoint.
 */
export default function HomePage() {
  return (
    <div className="oj-page oj-home" data-testid="home">
      <HomeCarousel />
      <div className="oj-home-columns">
        <div className="oj-stack oj-home-main">
          <Announcements />
          <RecentContests />
          <SubmissionStatisticsCard />
          <RecentProblems />
          <Suspense fallback={null}>
            <OtherContests />
          </Suspense>
        </div>
        <div className="oj-stack oj-home-side">
          <RecentAcRank />
        </div>
      </div>
    </div>
  );
}

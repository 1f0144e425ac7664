import { Announcements } from './Announcements';
import { HomeCarousel } from './HomeCarousel';
import { OtherContests } from './OtherContests';
import { RecentAcRank } from './RecentAcRank';
import { RecentContests } from './RecentContests';
import { RecentProblems } from './RecentProblems';
import { SubmissionStatisticsCard } from './SubmissionStatisticsCard';
import './home.css';

/**
 * Home: carousel, then announcements, recent contests, statistics and recently updated problems beside the
 * last-7-days AC ranking and the contests of other sites; one column under the lg breakpoint.
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
        </div>
        <div className="oj-stack oj-home-side">
          <RecentAcRank />
          <OtherContests />
        </div>
      </div>
    </div>
  );
}

import { Col, Row } from 'antd';
import { Announcements } from './Announcements';
import { HomeCarousel } from './HomeCarousel';
import { RecentAcRank } from './RecentAcRank';
import { RecentContests } from './RecentContests';
import { RecentProblems } from './RecentProblems';
import { SubmissionStatisticsCard } from './SubmissionStatisticsCard';
import './home.css';

/**
 * Home (spec 1 §2): carousel, then announcements, recent contests, statistics and recently updated problems beside the
 * last-7-days AC ranking; one column under the lg breakpoint.
 */
export default function HomePage() {
  return (
    <div className="oj-page oj-home" data-testid="home">
      <HomeCarousel />
      <Row gutter={[20, 20]} className="oj-home-columns">
        <Col xs={24} lg={16} className="oj-stack">
          <Announcements />
          <RecentContests />
          <SubmissionStatisticsCard />
          <RecentProblems />
        </Col>
        <Col xs={24} lg={8} className="oj-stack">
          <RecentAcRank />
        </Col>
      </Row>
    </div>
  );
}

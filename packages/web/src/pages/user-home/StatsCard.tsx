import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserHomeInfo } from '@oj/shared';

/** Solved, submissions, score and rating at a glance. */
export function StatsCard({ info }: { info: UserHomeInfo }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="user-stats">
      <Row gutter={[16, 16]}>
        <Col xs={12} sm={6}>
          <Statistic title={t('userHome.solved')} value={info.solvedList.length} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title={t('userHome.submissions')} value={info.total} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title={t('userHome.score')} value={info.score} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title={t('userHome.rating')} value={info.rating ?? '—'} />
        </Col>
      </Row>
    </Card>
  );
}

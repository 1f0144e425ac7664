import { Suspense, useMemo } from 'react';
import { Card, Empty, Skeleton } from 'antd';
import { PieChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserHomeInfo } from '@oj/shared';
import { isDifficulty } from '../../components/difficulty';
import { lazyOnScreen } from '../../components/onScreen';

const DifficultyChart = lazyOnScreen(() => import('./DifficultyChart'));

/** Difficulty statistics of the user home: solved problems per level. */
export function DifficultyCard({ info }: { info: UserHomeInfo }) {
  const { t } = useTranslation();
  const counts = useMemo(
    () =>
      Object.entries(info.solvedGroupByDifficulty ?? {})
        .filter(([level, list]) => isDifficulty(level) && list.length > 0)
        .map(([level, list]) => ({ level: Number(level), count: list.length }))
        .sort((a, b) => a.level - b.level),
    [info.solvedGroupByDifficulty],
  );
  return (
    <Card
      title={
        <span>
          <PieChartOutlined /> {t('userStats.difficulty')}
        </span>
      }
      data-testid="user-difficulty"
    >
      {counts.length === 0 ? (
        <Empty description={t('userStats.noSolved')} />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <DifficultyChart counts={counts} />
        </Suspense>
      )}
    </Card>
  );
}

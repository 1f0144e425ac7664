import { Card, Empty, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserHomeInfo } from '@oj/shared';
import { DIFFICULTY_COLORS, isDifficulty } from '../../components/difficulty';

/** Solved problems as tags (linking to each problem), with the count per difficulty above them. */
export function SolvedCard({ info }: { info: UserHomeInfo }) {
  const { t } = useTranslation();
  const groups = Object.entries(info.solvedGroupByDifficulty ?? {}).filter(([, list]) => list.length > 0);
  return (
    <Card title={t('userHome.solvedProblems')} data-testid="user-solved">
      {info.solvedList.length === 0 ? (
        <Empty description={t('userHome.noSolved')} />
      ) : (
        <>
          {groups.length > 0 && (
            <Space wrap className="oj-difficulty-counts">
              {groups.map(([level, list]) => (
                <Tag key={level} color={isDifficulty(level) ? DIFFICULTY_COLORS[Number(level)] : undefined}>
                  {isDifficulty(level) ? t(`difficulty.${level}`) : level}: {list.length}
                </Tag>
              ))}
            </Space>
          )}
          <Typography.Paragraph type="secondary">{t('userHome.solvedCount', { count: info.solvedList.length })}</Typography.Paragraph>
          <div className="oj-solved-list">
            {info.solvedList.map((id) => (
              <Link key={id} to={`/problem/${encodeURIComponent(id)}`}>
                <Tag color="green">{id}</Tag>
              </Link>
            ))}
          </div>
        </>
      )}
    </Card>
  );
}

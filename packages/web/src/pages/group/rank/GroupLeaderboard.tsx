import { Card, Empty, List, Space, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GROUP_BOARD_LIMITS, RankType } from '@oj/shared';
import { quietly } from '../../../api/client';
import { groupBoardApi, groupBoardKeys } from '../../../api/groupBoard';
import { UserAvatar } from '../../../components/UserAvatar';
import { groupPath, useGroup } from '../../../components/group/GroupContext';
import { groupAcLink } from './GroupRankPage';

/**
 * The side card of the group's tabs other than the home: the first of the group's ACM rank,
 * user and AC count, and a link to the whole rank. Only members get the rank (the shell shows non-members
 * the home alone), so the card asks nothing for others.
 */
export default function GroupLeaderboard() {
  const { t } = useTranslation();
  const { group, access } = useGroup();
  const query = { gid: group.id, type: RankType.ACM, currentPage: 1, limit: GROUP_BOARD_LIMITS.leaderboardSize };
  const { data, isPending, error } = useQuery({
    queryKey: [...groupBoardKeys.rank(group.id), query],
    queryFn: quietly(() => groupBoardApi.rank(query)),
    enabled: access.member,
  });
  if (!access.member) return null;
  return (
    <Card
      size="small"
      title={
        <Space size={6}>
          <TrophyOutlined />
          {t('groupBoard.leaderboard.title')}
        </Space>
      }
      extra={<Link to={groupPath(group.id, 'rank')}>{t('groupBoard.leaderboard.more')}</Link>}
      data-testid="group-leaderboard"
    >
      <List
        size="small"
        loading={isPending}
        dataSource={data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={error ? error.message : t('groupBoard.leaderboard.empty')} /> }}
        renderItem={(r) => (
          <List.Item
            key={r.uid}
            extra={
              <Link to={groupAcLink(group.id, r)} data-testid={`group-leaderboard-ac-${r.username}`}>
                {t('groupBoard.leaderboard.ac', { count: r.ac })}
              </Link>
            }
          >
            <Space size={8}>
              <Typography.Text type="secondary" className="oj-group-leaderboard-place">
                {r.rank}
              </Typography.Text>
              <UserAvatar src={r.avatar} name={r.username} size={22} />
              <Typography.Text ellipsis style={{ maxWidth: 120 }}>
                {r.username}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}

import { Card, Empty, List, Skeleton, Space, Tag, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homeApi, homeKeys } from '../../api/home';
import { UserAvatar } from '../../components/UserAvatar';
import { quietly } from '../../api/client';

const PLACE_COLORS = ['#faad14', '#8c8c8c', '#d46b08'];

/** Last-7-days AC ranking (spec 1 §2 Home): rank, avatar, username, title tag, AC count. */
export function RecentAcRank() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery({ queryKey: homeKeys.recentAcRank, queryFn: quietly(homeApi.recentAcRank) });
  return (
    <Card
      title={
        <span>
          <TrophyOutlined /> {t('homeWidgets.recentAcRank')}
        </span>
      }
      data-testid="recent-ac-rank"
    >
      {isPending ? (
        <Skeleton active />
      ) : !data?.length ? (
        <Empty description={isError ? t('common.loadFailed') : t('homeWidgets.noRecentAc')} />
      ) : (
        <List
          size="small"
          dataSource={data}
          renderItem={(r, i) => (
            <List.Item extra={<Typography.Text strong>{t('homeWidgets.acCount', { count: r.ac })}</Typography.Text>}>
              <Space>
                <span className="oj-home-place" style={i < 3 ? { background: PLACE_COLORS[i], color: '#fff' } : undefined}>
                  {i + 1}
                </span>
                <UserAvatar src={r.avatar} name={r.username} size={28} />
                <Link to={`/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(r.username)}`}>{r.username}</Link>
                {r.titleName && <Tag color={r.titleColor ?? undefined}>{r.titleName}</Tag>}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

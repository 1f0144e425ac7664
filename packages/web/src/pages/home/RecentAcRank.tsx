import { HomeCard, HomeEmpty } from './HomeCard';
import { LightTag } from '../../components/LightTag';
import { HomeSkeleton } from './HomeSkeleton';
import '../../app/layout/space.css';
import { TrophyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homeApi, homeKeys } from '../../api/home';
import { UserAvatar } from '../../components/UserAvatar';
import { quietly } from '../../api/client';

const PLACE_COLORS = ['#faad14', '#8c8c8c', '#d46b08'];

/** Last-7-days AC ranking on the home page: rank, avatar, username, title tag, AC count. */
export function RecentAcRank() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery({ queryKey: homeKeys.recentAcRank, queryFn: quietly(homeApi.recentAcRank) });
  return (
    <HomeCard
      title={
        <span>
          <TrophyOutlined /> {t('homeWidgets.recentAcRank')}
        </span>
      }
      data-testid="recent-ac-rank"
    >
      {isPending ? (
        <HomeSkeleton />
      ) : !data?.length ? (
        <HomeEmpty description={isError ? t('common.loadFailed') : t('homeWidgets.noRecentAc')} />
      ) : (
        // A plain list styled like antd's small List: antd List would bring its Pagination and Select into the first load.
        <ul className="oj-home-list">
          {data.map((r, i) => (
            <li key={r.uid} className="oj-home-rank-item">
              <span className="oj-space">
                <span className="oj-home-place" style={i < 3 ? { background: PLACE_COLORS[i], color: '#fff' } : undefined}>
                  {i + 1}
                </span>
                <UserAvatar src={r.avatar} name={r.username} size={28} />
                <Link to={`/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(r.username)}`}>{r.username}</Link>
                {r.titleName && <LightTag color={r.titleColor}>{r.titleName}</LightTag>}
              </span>
              <strong className="oj-home-strong">{t('homeWidgets.acCount', { count: r.ac })}</strong>
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}

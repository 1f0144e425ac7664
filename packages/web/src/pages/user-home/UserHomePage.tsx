import { Button, Col, Result, Row, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userQuery } from '@oj/shared';
import { accountApi, type UserRef } from '../../api/account';
import { queryKeys } from '../../api/queries';
import { openAuthDialog } from '../../app/dialogs/dialogStore';
import { useSession } from '../../app/session';
import { useListState } from '../../components/list/useListState';
import { DifficultyCard } from './DifficultyCard';
import { HeatmapCard } from './HeatmapCard';
import { ProfileCard } from './ProfileCard';
import { SolvedCard } from './SolvedCard';
import { StatsCard } from './StatsCard';
import './user-home.css';
import { quietly } from '../../api/client';

/** Whose page: ?uid / ?username, else the logged-in user's own. */
function useWho(): UserRef | null {
  // Read through the home-info call's own query schema.
  const [{ uid, username }] = useListState(userQuery);
  const { user } = useSession();
  if (uid || username) return { uid, username };
  return user ? { uid: user.uid } : null;
}

function UserHome({ who }: { who: UserRef }) {
  const { t } = useTranslation();
  const { data, isPending, isError, error } = useQuery({
    queryKey: queryKeys.userHome(who.uid, who.username),
    queryFn: quietly(() => accountApi.homeInfo(who)),
  });
  if (isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  if (isError || !data) return <Result status="404" title={error?.message || t('msg.userNotFound')} data-testid="user-home-missing" />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9} className="oj-stack">
        <ProfileCard info={data} />
        <DifficultyCard info={data} />
      </Col>
      <Col xs={24} lg={15} className="oj-stack">
        <StatsCard info={data} />
        <HeatmapCard who={{ uid: data.uid }} />
        <SolvedCard info={data} />
      </Col>
    </Row>
  );
}

export default function UserHomePage() {
  const { t } = useTranslation();
  const who = useWho();
  return (
    <div className="oj-page" data-testid="user-home">
      {who ? (
        <UserHome key={`${who.uid ?? ''}|${who.username ?? ''}`} who={who} />
      ) : (
        <Result
          status="403"
          title={t('userHome.whoTitle')}
          subTitle={t('userHome.whoHint')}
          extra={
            <Button type="primary" onClick={() => openAuthDialog('login')}>
              {t('shell.login')}
            </Button>
          }
        />
      )}
    </div>
  );
}

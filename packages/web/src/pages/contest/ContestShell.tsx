import './shell/contest.css';
import { Button, Result, Tabs } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/queries';
import { useSession } from '../../app/session';
import { ContestContext } from './ContestContext';
import { ContestHeader } from './shell/ContestHeader';
import { VirtualClock } from './virtual/VirtualClock';
import { contestTabs, insideLock, KNOWN_TABS, tabOfPath } from './shell/tabs';
import { useAnnouncementPoll } from './shell/useAnnouncementPoll';
import { useClarificationNotices } from './shell/useClarificationNotices';
import { useContestData } from './shell/useContestData';
import { useMay } from '../../app/may';
import { PageLoading } from '../../app/layout/PageLoading';

function ShellMessage({ title, subTitle }: { title: string; subTitle?: string }) {
  const { t } = useTranslation();
  return (
    <div className="oj-page" data-testid="contest-unavailable">
      <Result
        status="warning"
        title={title}
        subTitle={subTitle}
        extra={
          <Link to="/contest">
            <Button type="primary">{t('contest.shell.backToList')}</Button>
          </Link>
        }
      />
    </div>
  );
}

/**
 * The contest shell, /contest/:contestID: header with countdown and progress, tabs bound to
 * the child routes, and the ContestContext every child reads. Tabs that show the inside of the contest
 * stay disabled until the viewer may see it; admin tabs appear for the contest's admins.
 */
export default function ContestShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const params = useParams();
  const cid = Number(params.contestID);
  const validId = Number.isInteger(cid) && cid > 0;
  const { user } = useSession();
  // Asked before the early returns below (a hook); the tabs take the answer.
  const mayRejudge = useMay('superviseJudging');
  const config = useWebsiteConfig();
  const { contest, receivedAt, status, value, error } = useContestData(validId ? cid : 0);
  const isContestAdmin = !!value?.isContestAdmin;
  const lock = contest && value ? insideLock(contest, status, isContestAdmin, value.access) : null;
  useAnnouncementPoll(cid, user?.uid, !!value && !lock);
  useClarificationNotices(cid, user?.uid, !!value && !lock);

  if (!validId) return <ShellMessage title={t('msg.contestNotFound')} />;
  if (error !== null) return <ShellMessage title={error || t('contest.shell.loadFailed')} />;
  if (!contest || !value) return <PageLoading />;

  const tabs = contestTabs({ contest, isContestAdmin, mayRejudge, openContestComment: !!config.data?.openContestComment });
  const base = `/contest/${cid}`;
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  const active = tabOfPath(rest);
  const offered = tabs.some((tab) => tab.path === active);
  const wide = rest.startsWith('/problem/') && !rest.includes('/submission-detail/');

  let body = <Outlet />;
  if (active !== '' && lock) {
    body = (
      <Result
        className="oj-contest-locked"
        icon={<LockOutlined />}
        title={t(`contest.shell.locked.${lock}`)}
        extra={
          <Button type="primary" onClick={() => navigate(base)} data-testid="contest-go-overview">
            {t('contest.shell.goOverview')}
          </Button>
        }
        data-testid="contest-locked"
      />
    );
  } else if (!offered && KNOWN_TABS.includes(active)) {
    body = <Result status="warning" title={t('contest.shell.notOffered')} data-testid="contest-not-offered" />;
  }

  return (
    <ContestContext.Provider value={value}>
      <div className={wide ? 'oj-contest-shell oj-contest-shell-wide' : 'oj-page oj-contest-shell'} data-testid="contest-shell" data-cid={cid}>
        <ContestHeader contest={contest} receivedAt={receivedAt} />
        <VirtualClock contest={value.contest} />
        <Tabs
          className="oj-contest-tabs"
          activeKey={active || 'overview'}
          onChange={(key) => navigate(key === 'overview' ? base : `${base}/${key}`)}
          items={tabs.map((tab) => ({
            key: tab.path || 'overview',
            disabled: tab.inside && !!lock,
            label: (
              <span data-testid={`contest-tab-${tab.path || 'overview'}`}>
                {tab.icon}
                {t(`contest.tab.${tab.labelKey}`)}
              </span>
            ),
          }))}
        />
        <div className="oj-contest-body">{body}</div>
      </div>
    </ContestContext.Provider>
  );
}

import './training.css';
import { Button, Card, Result, Space, Tabs, Tooltip, Typography } from 'antd';
import { BarChartOutlined, EditOutlined, HomeOutlined, LockOutlined, QuestionCircleOutlined, UnorderedListOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TrainingDetail } from '@oj/shared';
import { TrainingContext } from './TrainingContext';
import { TrainingAuthTag, TrainingCategoryTag, TrainingProgress } from '../../components/training/meta';
import { useIsTrainingAdmin, useMayEditTraining } from '../../components/training/policy';
import { useTrainingPlace } from '../../components/training/TrainingPlace';
import { useTrainingData } from './useTrainingData';
import { PageLoading } from '../../app/layout/PageLoading';

/** The training's tabs (child routes); `inside` ones stay disabled until the viewer has access. */
const TABS = [
  { key: '', labelKey: 'introduction', icon: <HomeOutlined />, inside: false },
  { key: 'problems', labelKey: 'problems', icon: <UnorderedListOutlined />, inside: true },
  { key: 'rank', labelKey: 'rank', icon: <BarChartOutlined />, inside: true },
] as const;

/** The tab a child path belongs to: one problem (problem/:problemID) highlights the problems tab. */
export function tabOfPath(rest: string): string {
  const first = rest.split('/').filter(Boolean)[0] ?? '';
  return first === 'problem' ? 'problems' : first;
}

function ShellMessage({ title }: { title: string }) {
  const { t } = useTranslation();
  const place = useTrainingPlace();
  return (
    <div className="oj-page" data-testid="training-unavailable">
      <Result
        status="warning"
        title={title}
        extra={
          <Link to={place.listPath}>
            <Button type="primary">{t('training.detail.backToList')}</Button>
          </Link>
        }
      />
    </div>
  );
}

/**
 * Training admins: the admin pages of this training (the site's in a new tab; a group's
 * in the group's training tab).
 */
function AdminButtons({ training }: { training: TrainingDetail }) {
  const { t } = useTranslation();
  const place = useTrainingPlace();
  // The site keeps its rule (super admins); in a group the training's admins.
  const siteAdmin = useMayEditTraining(training.gid);
  const groupAdmin = useIsTrainingAdmin(training);
  if (!(place.group ? groupAdmin : siteAdmin)) return null;
  const paths = place.adminPaths(training.id);
  const target = paths.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <Space wrap>
      <Button icon={<EditOutlined />} href={paths.edit} {...target} data-testid="training-admin-edit">
        {t('training.detail.edit')}
      </Button>
      <Button icon={<UnorderedListOutlined />} href={paths.problems} {...target} data-testid="training-admin-problems">
        {t('training.detail.problemList')}
      </Button>
    </Space>
  );
}

function TrainingHeader({ training }: { training: TrainingDetail }) {
  const { t } = useTranslation();
  return (
    <Card className="oj-training-header" data-testid="training-header">
      <div className="oj-training-header-main">
        <div className="oj-training-header-text">
          <Typography.Title level={3} className="oj-training-title" data-testid="training-title">
            {training.title}
          </Typography.Title>
          <Space wrap size={[8, 4]}>
            <TrainingAuthTag auth={training.auth} />
            <TrainingCategoryTag name={training.categoryName} color={training.categoryColor} />
            <Typography.Text type="secondary">
              <UserOutlined /> {training.author}
            </Typography.Text>
            <Typography.Text type="secondary" data-testid="training-problem-count">
              {t('training.detail.problemCount', { count: training.problemCount })}
            </Typography.Text>
          </Space>
        </div>
        <AdminButtons training={training} />
      </div>
      <div className="oj-training-header-progress" data-testid="training-detail-progress">
        <Typography.Text type="secondary">{t('training.list.progress')}</Typography.Text>
        <TrainingProgress acCount={training.acCount} problemCount={training.problemCount} />
        <Tooltip title={t('training.detail.counted')}>
          <QuestionCircleOutlined className="oj-training-counted" aria-label={t('training.detail.counted')} data-testid="training-progress-counted" />
        </Tooltip>
      </div>
    </Card>
  );
}

/**
 * /training/:trainingID (TrainingDetails): header, tabs introduction / problems / rank bound
 * to the child routes, and the TrainingContext they read. The problem and rank tabs stay disabled until
 * the viewer has access; registering with the password unlocks them in place.
 */
export default function TrainingShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tid = Number(useParams().trainingID);
  const validId = Number.isInteger(tid) && tid > 0;
  const { value, error } = useTrainingData(validId ? tid : 0);
  const place = useTrainingPlace();

  if (!validId) return <ShellMessage title={t('training.detail.notFound')} />;
  if (error !== null) return <ShellMessage title={error || t('training.detail.loadFailed')} />;
  if (!value) return <PageLoading />;

  const base = place.path(tid);
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  const active = tabOfPath(rest);
  const locked = !value.access;
  // A problem (child route problem/:problemID) takes the whole width, like the bank's problem page.
  const wide = rest.startsWith('/problem/');

  let body = <Outlet />;
  if (active !== '' && locked) {
    body = (
      <Result
        icon={<LockOutlined />}
        title={t('training.detail.locked')}
        extra={
          <Button type="primary" onClick={() => navigate(base)} data-testid="training-go-introduction">
            {t('training.detail.goIntroduction')}
          </Button>
        }
        data-testid="training-locked"
      />
    );
  }

  return (
    <TrainingContext.Provider value={value}>
      <div className={wide ? 'oj-training-shell oj-training-shell-wide' : 'oj-page oj-training-shell'} data-testid="training-shell" data-tid={tid}>
        <TrainingHeader training={value.training} />
        <Tabs
          className="oj-training-tabs"
          activeKey={active || 'introduction'}
          onChange={(key) => navigate(key === 'introduction' ? base : `${base}/${key}`)}
          items={TABS.map((tab) => ({
            key: tab.key || 'introduction',
            disabled: tab.inside && locked,
            label: (
              <span data-testid={`training-tab-${tab.key || 'introduction'}`}>
                {tab.icon}
                {t(`training.tab.${tab.labelKey}`)}
              </span>
            ),
          }))}
        />
        <div className="oj-training-body">{body}</div>
      </div>
    </TrainingContext.Provider>
  );
}

import type { MenuProps } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  CommentOutlined,
  ControlOutlined,
  DashboardOutlined,
  ExportOutlined,
  HistoryOutlined,
  ApiOutlined,
  NotificationOutlined,
  PlusOutlined,
  ReadOutlined,
  SettingOutlined,
  SoundOutlined,
  TagsOutlined,
  TeamOutlined,
  TrophyOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import type { SiteAction } from '@oj/shared';
import { mayIn } from '../../app/may';

type Items = NonNullable<MenuProps['items']>;

/** Admin routes that exist so far; new admin areas add their entries here. */
export function useAdminMenu(): { items: Items; openKeys: string[] } {
  const { t } = useTranslation();
  const session = useSession();
  const may = (action: SiteAction) => mayIn(session, action);
  const link = (to: string, label: string) => <Link to={to}>{label}</Link>;
  const items: Items = [{ key: '/admin/dashboard', icon: <DashboardOutlined />, label: link('/admin/dashboard', t('admin.menu.dashboard')) }];
  if (may('manageUsers')) {
    items.push({ key: '/admin/user', icon: <TeamOutlined />, label: link('/admin/user', t('admin.menu.user')) });
  }
  if (may('manageProblems')) {
    items.push({
      key: 'problem',
      icon: <AppstoreOutlined />,
      label: t('admin.menu.problem'),
      children: [
        { key: '/admin/problems', icon: <UnorderedListOutlined />, label: link('/admin/problems', t('admin.menu.problemList')) },
        { key: '/admin/problem/create', icon: <PlusOutlined />, label: link('/admin/problem/create', t('admin.menu.problemCreate')) },
        { key: '/admin/problem/tag', icon: <TagsOutlined />, label: link('/admin/problem/tag', t('admin.menu.tags')) },
        ...(may('reviewGroupProblems')
          ? [{ key: '/admin/group-problem/apply', icon: <AuditOutlined />, label: link('/admin/group-problem/apply', t('groupProblem.review.menu')) }]
          : []),
        ...(may('moveProblems')
          ? [{ key: '/admin/problem/batch-operation', icon: <ExportOutlined />, label: link('/admin/problem/batch-operation', t('admin.menu.batch')) }]
          : []),
      ],
    });
  }
  // Trainings: every admin-area role lists and creates them (the server checks each training's owner);
  // categories are the super admin's and the problem admin's.
  items.push({
    key: 'training',
    icon: <ReadOutlined />,
    label: t('admin.menu.training'),
    children: [
      { key: '/admin/training', icon: <UnorderedListOutlined />, label: link('/admin/training', t('admin.menu.trainingList')) },
      { key: '/admin/training/create', icon: <PlusOutlined />, label: link('/admin/training/create', t('admin.menu.trainingCreate')) },
      ...(may('manageProblems')
        ? [{ key: '/admin/training/category', icon: <TagsOutlined />, label: link('/admin/training/category', t('admin.menu.trainingCategory')) }]
        : []),
    ],
  });
  // Every admin-area role carries the contest_admin permission; the server checks each contest's owner.
  items.push({
    key: 'contest',
    icon: <TrophyOutlined />,
    label: t('admin.menu.contest'),
    children: [
      { key: '/admin/contest', icon: <UnorderedListOutlined />, label: link('/admin/contest', t('admin.menu.contestList')) },
      { key: '/admin/contest/create', icon: <PlusOutlined />, label: link('/admin/contest/create', t('admin.menu.contestCreate')) },
    ],
  });
  if (may('moderateDiscussions')) {
    items.push({ key: '/admin/discussion', icon: <CommentOutlined />, label: link('/admin/discussion', t('admin.menu.discussion')) });
  }
  if (may('manageAnnouncements')) {
    items.push({ key: '/admin/announcement', icon: <SoundOutlined />, label: link('/admin/announcement', t('admin.menu.announcement')) });
  }
  if (may('sendNotices')) {
    items.push({ key: '/admin/notice', icon: <NotificationOutlined />, label: link('/admin/notice', t('admin.menu.notice')) });
  }
  if (may('manageSystem')) {
    items.push(
      { key: '/admin/conf', icon: <SettingOutlined />, label: link('/admin/conf', t('admin.menu.conf')) },
      { key: '/admin/switch', icon: <ControlOutlined />, label: link('/admin/switch', t('admin.menu.switch')) },
    );
  }
  if (may('manageUsers')) {
    items.push({ key: '/admin/session', icon: <HistoryOutlined />, label: link('/admin/session', t('admin.menu.session')) });
  }
  // Everyone in the admin area: what scripts (and API tokens) may call.
  items.push({ key: '/admin/api', icon: <ApiOutlined />, label: link('/admin/api', t('admin.menu.apiRef')) });
  return { items, openKeys: ['problem', 'training', 'contest'] };
}

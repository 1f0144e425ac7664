import type { MenuProps } from 'antd';
import { AppstoreOutlined, DashboardOutlined, ExportOutlined, PlusOutlined, TagsOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { hasAdminAccess } from '../access';

type Items = NonNullable<MenuProps['items']>;

/** Admin routes of spec 3 §2 that exist so far; areas of later issues add their entries here. */
export function useAdminMenu(): { items: Items; openKeys: string[] } {
  const { t } = useTranslation();
  const { roles } = useSession();
  const link = (to: string, label: string) => <Link to={to}>{label}</Link>;
  const items: Items = [{ key: '/admin/dashboard', icon: <DashboardOutlined />, label: link('/admin/dashboard', t('admin.menu.dashboard')) }];
  if (hasAdminAccess(roles, 'problem')) {
    items.push({
      key: 'problem',
      icon: <AppstoreOutlined />,
      label: t('admin.menu.problem'),
      children: [
        { key: '/admin/problems', icon: <UnorderedListOutlined />, label: link('/admin/problems', t('admin.menu.problemList')) },
        { key: '/admin/problem/create', icon: <PlusOutlined />, label: link('/admin/problem/create', t('admin.menu.problemCreate')) },
        { key: '/admin/problem/tag', icon: <TagsOutlined />, label: link('/admin/problem/tag', t('admin.menu.tags')) },
        ...(hasAdminAccess(roles, 'root')
          ? [{ key: '/admin/problem/batch-operation', icon: <ExportOutlined />, label: link('/admin/problem/batch-operation', t('admin.menu.batch')) }]
          : []),
      ],
    });
  }
  return { items, openKeys: ['problem'] };
}

import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useMay } from '../../../app/may';
import { useListState } from '../../../components/list/useListState';
import { RolePermissionPanel } from '../permission/RolePermissionPanel';
import { UserGenerate } from './UserGenerate';
import { UserImport } from './UserImport';
import { UserTable } from './UserTable';

const TABS = ['users', 'import', 'generate', 'permissions'] as const;
/** The tab in the address bar: an unknown one opens the user list; switching replaces the history entry. */
const tabQuery = z.object({ tab: z.enum(TABS).default('users') });
const TAB_OPTIONS = { replace: true };

/**
 * /admin/user (super admin): the user list, the CSV import and the bulk generation, one
 * tab each as in HOJ, and the roles and permissions (super admin role only, as its calls); the tab is
 * kept in `?tab=` so a reload stays on it.
 */
export default function UserAdminPage() {
  const { t } = useTranslation();
  const root = useMay('assignPermissions');
  const [{ tab: asked }, setTab] = useListState(tabQuery, undefined, TAB_OPTIONS);
  const tab = asked !== 'permissions' || root ? asked : 'users';
  return (
    <div className="oj-admin-page" data-testid="admin-user">
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab({ tab: key as (typeof TABS)[number] })}
          destroyOnHidden
          items={[
            { key: 'users', label: <span data-testid="admin-user-tab-users">{t('admin.user.tabUsers')}</span>, children: <UserTable /> },
            { key: 'import', label: <span data-testid="admin-user-tab-import">{t('admin.user.tabImport')}</span>, children: <UserImport /> },
            { key: 'generate', label: <span data-testid="admin-user-tab-generate">{t('admin.user.tabGenerate')}</span>, children: <UserGenerate /> },
            ...(root
              ? [
                  {
                    key: 'permissions',
                    label: <span data-testid="admin-user-tab-permissions">{t('admin.permission.tab')}</span>,
                    children: <RolePermissionPanel />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </div>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/queries';
import { openAuthDialog } from '../../app/dialogs/dialogStore';
import { useSession } from '../../app/session';
import { useRouteMeta } from '../../app/routeMeta';
import { Logo } from './Logo';
import { activeMenuKey, useContextNavItems, useNavItems, useUserMenuItems } from './navItems';
import { ThemeSwitch } from './ThemeSwitch';
import { UserDropdown } from './UserDropdown';

const MobileDrawer = lazy(() => import('./MobileDrawer'));

/** Under 768 px: an app bar whose menu button opens a drawer with the menu and the user entries. */
export function MobileBar() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  const { pathname, search } = useLocation();
  const meta = useRouteMeta();
  const { token, user } = useSession();
  const { shortName } = useWebsiteConfig();
  const mainItems = useNavItems();
  const userItems = useUserMenuItems();
  // Focus-mode pages: the context menu of where the problem came from.
  const context = useContextNavItems();
  const navItems = context ? context.items : mainItems;

  // Any navigation (a menu link, the back button) closes the drawer.
  useEffect(() => setOpen(false), [pathname, search]);

  const items = token
    ? [...navItems, { type: 'divider' as const }, { key: 'user', type: 'group' as const, label: user?.username, children: userItems }]
    : navItems;
  const selectedKey = context ? context.selected : activeMenuKey(pathname, meta.activeMenu);
  const menuTestId = context ? 'context-menu' : 'main-menu';

  return (
    <header className="oj-appbar" data-testid="appbar">
      <Button type="text" icon={<MenuOutlined />} aria-label={t('shell.openMenu')} onClick={() => setOpen(true)} data-testid="drawer-toggle" />
      <Logo />
      <div className="oj-appbar-right">
        <ThemeSwitch />
        {token ? (
          <UserDropdown compact />
        ) : (
          <Button type="link" onClick={() => openAuthDialog('login')} data-testid="appbar-login">
            {t('shell.login')}
          </Button>
        )}
      </div>
      {/* The drawer (antd Drawer) is fetched when the menu button is first pressed. */}
      {used && (
        <Suspense fallback={null}>
          <MobileDrawer
            open={open}
            onClose={() => setOpen(false)}
            title={shortName}
            items={items}
            selectedKey={selectedKey}
            menuTestId={menuTestId}
            showAuth={!token}
          />
        </Suspense>
      )}
    </header>
  );
}

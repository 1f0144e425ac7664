import { Menu } from 'antd';
import { useLocation } from 'react-router';
import { useSession } from '../session';
import { useRouteMeta } from '../routeMeta';
import { AuthButtons } from './AuthButtons';
import { Logo } from './Logo';
import { activeMenuKey, useNavItems } from './navItems';
import { UserDropdown } from './UserDropdown';

/** The top bar at 768 px and wider: logo, horizontal menu, then login buttons or the user menu. */
export function DesktopBar() {
  const { pathname } = useLocation();
  const meta = useRouteMeta();
  const { token } = useSession();
  const items = useNavItems();
  return (
    <header className="oj-topbar" data-testid="topbar">
      <Logo />
      <Menu className="oj-topbar-menu" mode="horizontal" selectedKeys={[activeMenuKey(pathname, meta.activeMenu)]} items={items} />
      <div className="oj-topbar-right">{token ? <UserDropdown /> : <AuthButtons />}</div>
    </header>
  );
}

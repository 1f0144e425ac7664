import { useLocation } from 'react-router';
import { useSession } from '../../app/session';
import { useRouteMeta } from '../../app/routeMeta';
import { AuthButtons } from './AuthButtons';
import { Logo } from './Logo';
import { ThemeSwitch } from './ThemeSwitch';
import { TopNav } from './TopNav';
import { activeMenuKey, useContextNavItems, useNavItems } from './navItems';
import { UserDropdown } from './UserDropdown';

/** The top bar at 768 px and wider: logo, horizontal menu, then login buttons or the user menu. */
export function DesktopBar() {
  const { pathname } = useLocation();
  const meta = useRouteMeta();
  const { token } = useSession();
  const items = useNavItems();
  // Focus-mode pages show the context menu of where the problem came from.
  const context = useContextNavItems();
  return (
    <header className="oj-topbar" data-testid="topbar">
      <Logo />
      <TopNav
        items={context ? context.items : items}
        selectedKey={context ? context.selected : activeMenuKey(pathname, meta.activeMenu)}
        testId={context ? 'context-menu' : 'main-menu'}
      />
      <div className="oj-topbar-right">
        <ThemeSwitch />
        {token ? <UserDropdown /> : <AuthButtons />}
      </div>
    </header>
  );
}

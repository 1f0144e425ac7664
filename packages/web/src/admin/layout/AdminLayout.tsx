import { useEffect, useState } from 'react';
import { Button, Drawer, Layout, Menu } from 'antd';
import { HomeOutlined, MenuFoldOutlined, MenuUnfoldOutlined, MenuOutlined } from '@ant-design/icons';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/queries';
import { PageBoundary } from '../../app/layout/PageBoundary';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { useAdminMeta } from '../meta';
import { AdminGate } from './AdminGate';
import { AdminLanguagePicker, AdminUserMenu } from './AdminUserMenu';
import { useAdminMenu } from './menu';
import '../admin.css';

function Brand({ collapsed }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  const { shortName } = useWebsiteConfig();
  return (
    <div className="oj-admin-brand">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {!collapsed && <span>{t('admin.brand', { name: shortName })}</span>}
    </div>
  );
}

/**
 * The admin area's frame: side menu, a header with the user menu and the way
 * back to the site, and no public top bar or footer. Under 768 px the menu moves into a drawer.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const meta = useAdminMeta();
  const isMobile = useIsMobile();
  const { shortName } = useWebsiteConfig();
  const { items, openKeys } = useAdminMenu();
  const [collapsed, setCollapsed] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const selected = meta.menuKey ?? pathname;

  useEffect(() => {
    document.title = `${meta.titleKey ? t(meta.titleKey) : t('admin.title')} - ${shortName}`;
  }, [meta.titleKey, shortName, t]);
  useEffect(() => setDrawer(false), [pathname]);

  const menu = <Menu theme="dark" mode="inline" items={items} selectedKeys={[selected]} defaultOpenKeys={openKeys} data-testid="admin-menu" />;

  return (
    <AdminGate access="administer">
      <Layout className="oj-admin" data-testid="admin-layout">
        {!isMobile && (
          <Layout.Sider width={220} collapsible collapsed={collapsed} trigger={null} breakpoint="lg" onBreakpoint={setCollapsed} className="oj-admin-sider">
            <Brand collapsed={collapsed} />
            {menu}
          </Layout.Sider>
        )}
        {isMobile && (
          <Drawer open={drawer} onClose={() => setDrawer(false)} placement="left" size={240} className="oj-admin-drawer" closable={false}>
            <Brand />
            {menu}
          </Drawer>
        )}
        <Layout>
          <Layout.Header className="oj-admin-header" data-testid="admin-header">
            <Button
              type="text"
              icon={isMobile ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => (isMobile ? setDrawer(true) : setCollapsed((c) => !c))}
              aria-label={t('admin.toggleMenu')}
              data-testid="admin-menu-toggle"
            />
            <h1 className="oj-admin-header-title">{meta.titleKey ? t(meta.titleKey) : t('admin.title')}</h1>
            <div className="oj-admin-header-right">
              <a className="oj-admin-header-btn" href="/home" data-testid="admin-back-to-site">
                <HomeOutlined />
                <span className="oj-admin-hide-narrow">{t('admin.backToSite')}</span>
              </a>
              <AdminLanguagePicker />
              <AdminUserMenu />
            </div>
          </Layout.Header>
          <Layout.Content className="oj-admin-content">
            {meta.access && meta.access !== 'administer' ? (
              <AdminGate access={meta.access}>
                <PageBoundary key={pathname}>
                  <Outlet />
                </PageBoundary>
              </AdminGate>
            ) : (
              <PageBoundary key={pathname}>
                <Outlet />
              </PageBoundary>
            )}
          </Layout.Content>
        </Layout>
      </Layout>
    </AdminGate>
  );
}
export default AdminLayout;

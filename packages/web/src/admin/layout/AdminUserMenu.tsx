import { Dropdown, type MenuProps } from 'antd';
import { DownOutlined, GlobalOutlined, HomeOutlined, LogoutOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES } from '@oj/shared';
import { adminApi } from '../../api/admin';
import { feedback } from '../../app/feedback';
import { changeLanguage, LANGUAGE_LABELS, localeStore } from '../../app/i18n';
import { session, useSession } from '../../app/session';
import { UserAvatar } from '../../components/UserAvatar';

/** Interface language picker of the admin header (the site's logo toggle is not shown here). */
export function AdminLanguagePicker() {
  const { lang } = localeStore.use();
  const items: MenuProps['items'] = UI_LANGUAGES.map((l) => ({ key: l, label: LANGUAGE_LABELS[l] }));
  return (
    <Dropdown
      menu={{ items, selectable: true, selectedKeys: [lang], onClick: ({ key }) => void changeLanguage(key as (typeof UI_LANGUAGES)[number]) }}
      trigger={['click']}
    >
      <button type="button" className="oj-admin-header-btn" data-testid="admin-language">
        <GlobalOutlined />
        <span className="oj-admin-hide-narrow">{LANGUAGE_LABELS[lang]}</span>
      </button>
    </Dropdown>
  );
}

/** Avatar and name; the menu leads back to the site or logs out of the admin area. */
export function AdminUserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  if (!user) return null;
  const logout = async () => {
    await adminApi.logout().catch(() => undefined);
    session.clear();
    feedback.success(t('admin.logoutSuccess'));
    // The router's promise settles once the next page is shown; nothing here waits for that.
    void navigate('/admin/login', { replace: true });
  };
  const items: MenuProps['items'] = [
    { key: 'home', icon: <HomeOutlined />, label: <a href="/home">{t('admin.backToSite')}</a> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="admin-logout">{t('admin.logout')}</span>, onClick: () => void logout() },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <button type="button" className="oj-admin-header-btn" data-testid="admin-user-menu">
        <UserAvatar src={user.avatar} name={user.username} size={28} />
        <span className="oj-admin-hide-narrow">{user.username}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}

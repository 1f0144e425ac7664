import { Drawer, Menu, type MenuProps } from 'antd';
import { AuthButtons } from './AuthButtons';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  items: MenuProps['items'];
  selectedKey: string;
  menuTestId: string;
  /** visitors get the login/register buttons under the menu */
  showAuth: boolean;
}

/** The app bar's drawer (under 768 px): the menu and the user entries. A chunk of its own, fetched on first opening. */
export default function MobileDrawer({ open, onClose, title, items, selectedKey, menuTestId, showAuth }: Props) {
  return (
    <Drawer
      placement="left"
      size={270}
      open={open}
      onClose={onClose}
      title={title}
      styles={{ body: { padding: 0 } }}
      rootClassName="oj-drawer"
      data-testid="drawer"
    >
      <Menu mode="inline" selectedKeys={[selectedKey]} items={items} style={{ borderInlineEnd: 0 }} data-testid={menuTestId} />
      {showAuth && (
        <div style={{ padding: 16 }}>
          <AuthButtons block onOpen={onClose} />
        </div>
      )}
    </Drawer>
  );
}

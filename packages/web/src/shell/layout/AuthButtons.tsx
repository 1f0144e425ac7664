import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/queries';
import { openAuthDialog } from '../../app/dialogs/dialogStore';
import '../../app/layout/space.css';

/** Shown only to visitors; Register only when the site allows registration. */
export function AuthButtons({ onOpen, block }: { onOpen?: () => void; block?: boolean }) {
  const { t } = useTranslation();
  const { data: config } = useWebsiteConfig();
  const open = (mode: 'login' | 'register') => {
    onOpen?.();
    openAuthDialog(mode);
  };
  return (
    <div className="oj-space" style={block ? { flexDirection: 'column', alignItems: 'stretch', width: '100%' } : undefined}>
      <Button type="primary" block={block} onClick={() => open('login')} data-testid="btn-login">
        {t('shell.login')}
      </Button>
      {/* Held in place while the site's answer is on its way: when Register appeared beside Login, Login
          moved under the pointer, and a quick click on it opened the register dialog. */}
      {config?.register !== false && (
        <Button
          block={block}
          onClick={() => open('register')}
          data-testid="btn-register"
          style={config ? undefined : { visibility: 'hidden' }}
          aria-hidden={config ? undefined : true}
          tabIndex={config ? undefined : -1}
        >
          {t('shell.register')}
        </Button>
      )}
    </div>
  );
}

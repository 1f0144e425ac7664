import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/queries';
import { toggleLanguage } from '../../app/i18n';
import { LazyTooltip } from '../../app/layout/LazyPopup';

/** Logo and short name; a click toggles zh-CN ⇄ en-US. */
export function Logo() {
  const { t } = useTranslation();
  const { shortName } = useWebsiteConfig();
  return (
    <LazyTooltip title={t('shell.toggleLanguage')} placement="bottomLeft">
      <button type="button" className="oj-logo" onClick={() => void toggleLanguage()} data-testid="logo">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className="oj-logo-name">{shortName}</span>
      </button>
    </LazyTooltip>
  );
}

import { useTranslation } from 'react-i18next';

/** The external algorithm wiki, full width and height under the top bar (spec 1 §1). */
export default function OiWikiPage() {
  const { t } = useTranslation();
  return <iframe className="oj-fullframe" src="https://oi-wiki.org" title={t('nav.oiwiki')} data-testid="oiwiki-frame" />;
}

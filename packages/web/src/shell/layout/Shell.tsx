import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/queries';
import { useMatches } from '../../app/RouteTable';
import { RouteGate } from '../guards';
import { useRouteMeta } from '../../app/routeMeta';
import { DesktopBar } from './DesktopBar';
import { Footer } from './Footer';
import { MobileBar } from './MobileBar';
import { PageBoundary } from '../../app/layout/PageBoundary';
import { useIsMobile } from '../../app/layout/useIsMobile';

function useDocumentTitle(titleKey?: string) {
  const { t } = useTranslation();
  const { shortName } = useWebsiteConfig();
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} - ${shortName}` : shortName;
  }, [titleKey, shortName, t]);
}

export const SHELL_ROUTE_ID = 'shell';

/**
 * The page's identity for its error boundary: the path matched by the route right under the frame.
 * A page with child routes (the contest shell and its tabs) stays mounted while its tabs change;
 * moving to another page starts a fresh boundary.
 */
function usePageKey(): string {
  const matches = useMatches();
  const { pathname } = useLocation();
  const i = matches.findIndex((m) => m.id === SHELL_ROUTE_ID);
  return matches[i + 1]?.pathname ?? pathname;
}

/** The public site's frame: top bar or app bar, the page, and the footer where it belongs. */
export function Shell() {
  const isMobile = useIsMobile();
  const meta = useRouteMeta();
  const pageKey = usePageKey();
  useDocumentTitle(meta.titleKey);
  const className = ['oj-shell', meta.fullHeight ? 'oj-shell-full' : ''].join(' ');
  return (
    <div className={className}>
      {isMobile ? <MobileBar /> : <DesktopBar />}
      <main className="oj-main">
        <RouteGate meta={meta}>
          <PageBoundary key={pageKey}>
            <Outlet />
          </PageBoundary>
        </RouteGate>
      </main>
      {!meta.hideFooter && !meta.fullHeight && <Footer />}
    </div>
  );
}

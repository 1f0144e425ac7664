import { type ReactNode, useMemo } from 'react';
import { ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { localeStore } from './i18n';
import { queryClient } from './queryClient';
import { themeStore } from './theme';

/**
 * antd's look, with menu items a little tighter so the whole main menu fits a 1280 px top bar. A user
 * who asked the system for reduced motion gets popups and menus that open and close without animating.
 */
const reducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
const THEME = {
  token: { colorPrimary: '#1677ff', borderRadius: 6, motion: !reducedMotion },
  components: { Menu: { itemPaddingInline: 14 } },
};

/**
 * Data cache and the antd locale of the current language. The `oj-app` frame gives the page antd's
 * base text style (what antd's <App> wrapper did); toasts come from `feedback`, which fetches antd's
 * message and notification on the first toast, so they are not in the first load.
 */
const DARK = (algorithm: NonNullable<ReturnType<typeof themeStore.get>['algorithm']>) => ({ ...THEME, algorithm });

export function AppProviders({ children }: { children: ReactNode }) {
  const { antd } = localeStore.use();
  // The dark scheme (theme.ts): antd's dark algorithm once its chunk has arrived.
  const { dark, algorithm } = themeStore.use();
  const theme = useMemo(() => (dark && algorithm ? DARK(algorithm) : THEME), [dark, algorithm]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antd} theme={theme}>
        <div className="oj-app">{children}</div>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

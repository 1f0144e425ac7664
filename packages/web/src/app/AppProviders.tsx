import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { setFeedbackApi } from './feedback';
import { localeStore } from './i18n';
import { queryClient } from './queryClient';

/** Hands antd's context-bound message/notification to non-component code. */
function FeedbackBridge() {
  const app = AntApp.useApp();
  useEffect(() => setFeedbackApi(app), [app]);
  return null;
}

/** antd's look, with menu items a little tighter so the whole main menu fits a 1280 px top bar. */
const THEME = { token: { colorPrimary: '#1677ff', borderRadius: 6 }, components: { Menu: { itemPaddingInline: 14 } } };

/** Data cache, antd locale of the current language, and antd's App context for toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { antd } = localeStore.use();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antd} theme={THEME}>
        <AntApp>
          <FeedbackBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

import type { NotificationArgsProps } from 'antd';
import { MOBILE_BREAKPOINT } from '@oj/shared';

type FeedbackApi = typeof import('./feedbackApi');

/**
 * antd's message and notification, fetched on the first toast (most visits show none, and they are
 * not small). The app's theme is antd's default colours, so the global instances look the same as
 * context-bound ones; the locale does not reach a toast.
 */
let loading: Promise<FeedbackApi> | undefined;
function withApi(show: (api: FeedbackApi) => void) {
  loading ??= import('./feedbackApi');
  loading.then(show, (err: unknown) => {
    loading = undefined;
    console.error(err);
  });
}

export const isMobileWidth = () => window.innerWidth < MOBILE_BREAKPOINT;

type Level = 'success' | 'info' | 'warning' | 'error';
/** Keyed by type and text, so a burst of identical toasts (parallel calls, repeated clicks) shows one. */
const toast =
  (type: Level) =>
  (text: string, seconds = 4) =>
    withApi((api) => void api.message.open({ type, content: text, duration: seconds, key: `${type}:${text}` }));

export const feedback = {
  success: toast('success'),
  info: toast('info'),
  warning: toast('warning'),
  error: toast('error'),
  notify: (args: NotificationArgsProps) => withApi((api) => api.notification.info(args)),
  closeNotice: (key: string) => withApi((api) => api.notification.destroy(key)),
};

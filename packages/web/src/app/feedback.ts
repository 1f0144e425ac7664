import { type App, message as staticMessage, notification as staticNotification } from 'antd';
import { MOBILE_BREAKPOINT } from '@oj/shared';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * antd's context-aware message/notification instances, captured by <FeedbackBridge/> so plain modules
 * (the API client, guards) can show toasts in the current theme and locale.
 */
let api: Pick<AppApi, 'message' | 'notification'> = { message: staticMessage, notification: staticNotification };

export function setFeedbackApi(next: AppApi) {
  api = next;
}

export const isMobileWidth = () => window.innerWidth < MOBILE_BREAKPOINT;

export const feedback = {
  /** Keyed by type and text, so a burst of identical toasts (parallel calls, repeated clicks) shows one. */
  success: (text: string, seconds = 4) => api.message.open({ type: 'success', content: text, duration: seconds, key: `success:${text}` }),
  info: (text: string, seconds = 4) => api.message.open({ type: 'info', content: text, duration: seconds, key: `info:${text}` }),
  warning: (text: string, seconds = 4) => api.message.open({ type: 'warning', content: text, duration: seconds, key: `warning:${text}` }),
  error: (text: string, seconds = 4) => api.message.open({ type: 'error', content: text, duration: seconds, key: `error:${text}` }),
  notify: (args: Parameters<AppApi['notification']['info']>[0]) => api.notification.info(args),
};

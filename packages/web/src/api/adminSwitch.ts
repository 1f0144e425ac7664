import type { SwitchConfig, SwitchConfigBody } from '@oj/shared';
import { api } from './client';

/** Site switches (spec 3 "switch" page; root only): judging on/off, submission interval, submit captcha. */
export const adminSwitchApi = {
  info: () => api.get<SwitchConfig>('admin/switch/info'),
  update: (body: SwitchConfigBody) => api.put<SwitchConfig>('admin/switch/update', body),
};

export const adminSwitchKey = ['admin-switch'] as const;

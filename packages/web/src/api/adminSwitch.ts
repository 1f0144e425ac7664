import { adminEndpoints as ep } from '@oj/shared';
import { request, type EndpointInput } from './endpoint';

/** Site switches (the "switch" page; root only): judging on/off, submission interval, submit captcha. */
export const adminSwitchApi = {
  info: () => request(ep.switchInfo, {}),
  update: (body: EndpointInput<typeof ep.updateSwitch>['body']) => request(ep.updateSwitch, { body }),
};

export const adminSwitchKey = ['admin-switch'] as const;

import type { RemoteOj } from '@oj/shared';
import { LightTag } from './LightTag';
import { REMOTE_OJ_COLORS, remoteOjName } from './remoteOj';

/** A remote judge's name in its colour (the home page's other contests, the admin's remote accounts). */
export function RemoteOjTag({ oj }: { oj: string }) {
  return (
    <LightTag color={REMOTE_OJ_COLORS[oj as RemoteOj] ?? null} data-oj={oj}>
      {remoteOjName(oj)}
    </LightTag>
  );
}

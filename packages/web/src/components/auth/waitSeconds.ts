import type { EmailCodeWait } from '@oj/shared';
import { ApiError } from '../../api/client';

/**
 * When the server refuses a resend (msg emailCodeWait, data {seconds}) the button counts down the
 * remaining time instead of letting the user hammer it.
 */
export function waitSecondsOf(err: unknown): number | null {
  if (!(err instanceof ApiError)) return null;
  const seconds = (err.data as Partial<EmailCodeWait> | null)?.seconds;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : null;
}

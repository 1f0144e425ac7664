import type { TFunction } from 'i18next';
import type { Ability } from '@oj/shared';

/**
 * Why the server would refuse the caller (an `Ability` of an answer), in the reader's language: the
 * catalogue key with its numbers (`count` picks the plural form). Null when he may go on, or when the
 * answer said nothing (a visitor: the control asks him to log in instead).
 */
export function abilityReason(t: TFunction, ability: Ability | null | undefined): string | null {
  if (!ability || ability.allowed || !ability.reason) return null;
  return t(`msg.${ability.reason.key}`, ability.reason.params);
}

import type { MsgKey } from './messages.js';

/**
 * Whether the caller may do something now (create a group, comment, reply) and, when not, why: a
 * catalogue key and its numbers. The server decides with the same rule that refuses the request, so a
 * page disables the control and shows the reason (in the reader's language) before anything is typed.
 */
export interface Ability {
  allowed: boolean;
  /** null when allowed */
  reason: { key: MsgKey; params: Record<string, number> } | null;
}

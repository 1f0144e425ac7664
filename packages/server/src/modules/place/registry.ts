/**
 * The places this site knows, tried in order: the first resolver that claims a request's ids builds
 * its place. A new place (training, group) is one resolver file added to this list.
 */
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth.js';
import { bankPlace } from './bank.js';
import { contestPlace } from './contest.js';
import { groupPlace } from './group.js';
import { trainingPlace } from './training.js';
import type { Place, PlaceRef, PlaceResolver } from './types.js';

export const PLACE_RESOLVERS: readonly PlaceResolver[] = [contestPlace, trainingPlace, groupPlace, bankPlace];

/** The place a request's ids name, for the caller. Resolvers load lazily: the place's own checks fail where they are needed. */
export async function resolvePlace(ctx: AppContext, user: AuthUser | null, ref: PlaceRef): Promise<Place> {
  const resolver = PLACE_RESOLVERS.find((r) => r.claims(ref));
  // The bank claims every request without a training id, so this is a programming error.
  if (!resolver) throw new Error(`no place claims ${JSON.stringify(ref)}`);
  return resolver.resolve(ctx, user, ref);
}

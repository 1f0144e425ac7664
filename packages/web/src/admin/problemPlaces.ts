import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProblemDetail } from '@oj/shared';
import { useContestPlacement } from './contest/contestProblemMode';
import { groupProblemApi } from '../api/groupProblem';
import { useGroupPlacement } from './groupPlacement';
import { bankPlacement, type PlacementState } from './problemPlacement';

/**
 * The places the problem editor can be opened from, by the route parameter that names them
 * (admin/routes.tsx). Each loader is a hook answering the place's `PlacementState`; a place is one
 * more row here. Without any of these parameters the editor works on the public bank.
 */
export interface ProblemPlace {
  name: string;
  /** the route parameter naming the place, e.g. contestId */
  param?: string;
  /** loads the placement: the place's id from the route, and the problem's id when editing */
  usePlacement(placeId: string | undefined, pid: number | undefined): PlacementState;
  /** loads the problem being edited where the problem admin's call is not the place's (a group's) */
  get?: (pid: number) => Promise<AdminProblemDetail>;
}

function useBankPlacement(): PlacementState {
  const { t } = useTranslation();
  return useMemo(() => ({ placement: bankPlacement(t), pending: false, error: null }), [t]);
}

const BANK: ProblemPlace = { name: 'bank', usePlacement: useBankPlacement };

const PLACES: ProblemPlace[] = [
  { name: 'contest', param: 'contestId', usePlacement: useContestPlacement },
  // A group's problem editor: routes under /group/:groupID (pages/group/problem), inside the group shell.
  { name: 'group', param: 'groupID', usePlacement: useGroupPlacement, get: groupProblemApi.get },
];

/** The place the route's parameters name. */
export const placeOf = (params: Record<string, string | undefined>): { place: ProblemPlace; placeId?: string } => {
  const place = PLACES.find((p) => p.param && params[p.param] !== undefined) ?? BANK;
  return { place, placeId: place.param ? params[place.param] : undefined };
};

import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { adminProblemApi, type AdminProblemSaveBody } from '../api/adminProblem';
import type { ProblemEditorCalls } from './problemEditorCalls';
import type { ProblemFormValues } from './problemForm';

/** Translates a key (i18next's `t`), passed in so placements stay plain objects. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Fields of the problem form a place may fix (disabled, with the reason as the field's tooltip). */
export type LockableField = 'type' | 'auth';

/**
 * Where the admin problem editor is opened from (the bank, a contest; later a training or a group)
 * and what that place decides about the form. The form asks this object instead of branching per
 * place: a new place is one more object (and its loader in `problemPlaces.ts`), not a branch.
 * `X` are the place's own form fields (e.g. the display id in a contest), rendered by `fields`.
 */
export interface ProblemPlacement<X extends object = object> {
  /** the form's starting values from the defaults (new problem) and the loaded problem's values (edit) */
  initialValues(start: { defaults: ProblemFormValues; loaded?: ProblemFormValues }): ProblemFormValues & X;
  /** fields the place fixes → why (shown next to the field) */
  locked: Partial<Record<LockableField, string>>;
  /** the place's own fields, rendered above the problem's; their values arrive in `save` */
  fields?: ReactNode;
  /** saves the problem in this place (create when `body.problem.id` is absent, else update) */
  save(body: AdminProblemSaveBody, values: ProblemFormValues & X): Promise<{ msg: string }>;
  /** cached lists of this place that show the problem: dropped after a save */
  staleQueries: readonly QueryKey[];
  /** where Cancel and a successful save go */
  backTo: string;
  /** the title of the problem card: create, or edit with the problem's display id */
  title(problemId?: string | number): string;
  /** shown in front of the display id field: the place adds it to the id on saving (a group's short name) */
  problemIdPrefix?: string;
  /** auth values offered but not selectable here (a group's problem is never made contest-only by its form) */
  disabledAuths?: readonly number[];
  /** the form's calls besides saving (compile, zip, uploads, tags) where they are not the problem admin's */
  calls?: ProblemEditorCalls;
}

/** What a place's loader hook answers: the placement once loaded, or why there is none yet. */
export interface PlacementState {
  placement?: ProblemPlacement;
  pending: boolean;
  /** the place itself cannot be loaded (its message is the page's only one) */
  error: Error | null;
  /** i18n key when the address names no such place (a 404 page) */
  notFound?: string;
}

export const problemCardTitle = (t: Translate, problemId?: string | number) =>
  problemId !== undefined ? t('admin.problem.editTitle', { id: problemId }) : t('admin.menu.problemCreate');

/** The public bank (problem/create, problem/edit/:pid): the problem as it is, saved by the problem calls. */
export function bankPlacement(t: Translate): ProblemPlacement {
  return {
    initialValues: ({ defaults, loaded }) => loaded ?? defaults,
    locked: {},
    save: (body) => (body.problem.id ? adminProblemApi.update(body) : adminProblemApi.create(body)),
    staleQueries: [],
    backTo: '/admin/problems',
    title: (problemId) => problemCardTitle(t, problemId),
  };
}

/** A problem opened in a place: its statement as the place shows it (get-problem-detail, get-contest-problem-details). */
import type { ProblemDetail } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { problemLanguages, problemView, tagsOf, templatesOf } from '../problem/service.js';
import type { Place } from './types.js';

/** The statement under the place's id and title, with its counts there and the caller's templates. */
export async function problemDetail(ctx: AppContext, place: Place, displayId: string, o: { containsEnd?: boolean } = {}): Promise<ProblemDetail> {
  const { db } = ctx.database;
  const opened = await place.openProblem({ displayId }, 'view');
  const p = opened.problem;
  const [tagMap, problemCount, langs, showTags] = await Promise.all([
    tagsOf(db, [p.id]),
    place.problemCount(opened, o),
    problemLanguages(db, p),
    place.showsTags(),
  ]);
  return {
    problem: { ...problemView(p), problemId: opened.displayId, title: opened.title },
    tags: showTags ? (tagMap.get(p.id) ?? []) : [],
    languages: langs,
    problemCount,
    codeTemplate: await templatesOf(db, p, langs),
  };
}

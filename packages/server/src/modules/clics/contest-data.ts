/**
 * Everything the CLICS endpoints serve of one contest for one view, read on demand (nothing is kept:
 * the board it reads is cached by contest/board.ts, the rest are a few small queries).
 */
import { CLICS_JUDGEMENT_TYPES, type ClicsCollection, type ClicsLanguage, type ClicsOrganization, type ClicsProblem, type ClicsTeam } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { readJudging, type Judged } from './judging.js';
import { hasUnfinished, languageObjects, problemObjects, stateObject, teamObjects, type ProblemLink } from './objects.js';
import { awardObjects } from './scoreboard.js';
import type { ClicsView } from './view.js';

export interface ContestData {
  problems: ClicsProblem[];
  links: Map<number, ProblemLink>;
  languages: ClicsLanguage[];
  languageIds: Map<string, string>;
  teams: ClicsTeam[];
  organizations: ClicsOrganization[];
}

export async function contestData(ctx: AppContext, v: ClicsView): Promise<ContestData> {
  const [{ problems, links }, { languages, ids }, { teams, organizations }] = await Promise.all([
    problemObjects(ctx, v),
    languageObjects(ctx, v),
    teamObjects(ctx, v),
  ]);
  return { problems, links, languages, languageIds: ids, teams, organizations };
}

export const judgingOf = (ctx: AppContext, v: ClicsView, d: ContestData, changedSince: number | null = null): Promise<Judged[]> =>
  readJudging(ctx, v, d.links, d.languageIds, changedSince);

export const stateOf = async (ctx: AppContext, v: ClicsView) => stateObject(v, await hasUnfinished(ctx, v));

/** A collection endpoint's array. */
export async function collectionOf(ctx: AppContext, v: ClicsView, name: ClicsCollection): Promise<{ id: string }[]> {
  if (name === 'judgement-types') return CLICS_JUDGEMENT_TYPES;
  const d = await contestData(ctx, v);
  switch (name) {
    case 'problems':
      return d.problems;
    case 'teams':
      return d.teams;
    case 'organizations':
      return d.organizations;
    case 'languages':
      return d.languages;
    case 'awards':
      return awardObjects(ctx, v, d.links);
    case 'submissions':
      return (await judgingOf(ctx, v, d)).map((j) => j.submission);
    case 'judgements':
      return (await judgingOf(ctx, v, d)).flatMap((j) => (j.judgement ? [j.judgement] : []));
    case 'runs':
      return (await judgingOf(ctx, v, d)).flatMap((j) => j.runs);
  }
}

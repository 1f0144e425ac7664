/**
 * A finished contest as a contest package (CLICS layout), for archiving and resolvers: one zip with the
 * staff's view of every endpoint as `<endpoint>.json` (the contest as `contest.json`, the API's root as
 * `api.json`), the event feed as `event-feed.ndjson`, and each submission's source as
 * `submissions/<id>/files.zip` (the file its `files` reference names). Contest staff only, after the end.
 *
 * The package format (2023-06) lets `contest.json` and `problems.json` be written as `contest.yaml` and
 * `problems.yaml` with the same fields (`start_time`, `duration`, `scoreboard_freeze_duration`,
 * `penalty_time`; a problem's `id`, `label`, `name`, `ordinal`, `rgb` …), and tools made for packages
 * written by hand read those: both are here too, the same objects. Written as YAML 1.1 would read them
 * (the `yaml` library, already ours for problem packages, with version 1.1): a duration like `5:00:00`
 * is a base-60 number and `yes`/`no` a boolean to a YAML 1.1 reader (the Java and Python tools), so
 * such strings are quoted and every reader gets the strings contest.json has.
 */
import { zipSync, strToU8 } from 'fflate';
import { stringify as toYaml } from 'yaml';
import { CLICS_JUDGEMENT_TYPES } from '@oj/shared';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden } from '../../lib/errors.js';
import { extensionOf } from '../contest/download.js';
import { contestData, judgingOf, stateOf } from './contest-data.js';
import { feedLines } from './feed.js';
import { clicsInfo, contestObject } from './objects.js';
import { awardObjects, scoreboardObject } from './scoreboard.js';
import { clicsView } from './view.js';

/** The source file's name inside `files.zip`: Java and Kotlin need their class's name. */
const sourceName = (language: string) => {
  const ext = extensionOf(language);
  return ext === 'java' ? 'Main.java' : /^kotlin/i.test(language) ? 'Main.kt' : `main.${ext}`;
};

export async function contestPackage(ctx: AppContext, user: AuthUser, cid: number): Promise<{ name: string; zip: Buffer }> {
  const v = await clicsView(ctx, user, cid);
  if (!v.staff) throw forbidden();
  if (v.now < v.c.endTime.getTime()) throw fail('clicsNotEnded');
  const d = await contestData(ctx, v);
  const [state, judging, awards, feed] = await Promise.all([stateOf(ctx, v), judgingOf(ctx, v, d), awardObjects(ctx, v, d.links), feedLines(ctx, v)]);
  const scoreboard = await scoreboardObject(ctx, v, d.links, state);
  const json = (x: unknown) => strToU8(`${JSON.stringify(x, null, 2)}\n`);
  const yaml = (x: unknown) => strToU8(toYaml(x, { version: '1.1' }));
  const contest = contestObject(v);
  const files: Record<string, Uint8Array> = {
    'api.json': json(clicsInfo()),
    'contest.json': json(contest),
    'contest.yaml': yaml(contest),
    'problems.yaml': yaml(d.problems),
    'state.json': json(state),
    'judgement-types.json': json(CLICS_JUDGEMENT_TYPES),
    'languages.json': json(d.languages),
    'problems.json': json(d.problems),
    'organizations.json': json(d.organizations),
    'teams.json': json(d.teams),
    'submissions.json': json(judging.map((j) => j.submission)),
    'judgements.json': json(judging.flatMap((j) => (j.judgement ? [j.judgement] : []))),
    'runs.json': json(judging.flatMap((j) => j.runs)),
    'awards.json': json(awards),
    'scoreboard.json': json(scoreboard),
    'event-feed.ndjson': strToU8(feed.lines.map((n) => `${JSON.stringify(n)}\n`).join('')),
  };
  const ids = judging.map((j) => Number(j.submission.id));
  if (ids.length) {
    const { rows } = await ctx.database.pool.query<{ submit_id: number; language: string; code: string }>({
      text: 'select submit_id, language, code from judge where submit_id = any($1::int[])',
      values: [ids],
    });
    for (const r of rows) files[`submissions/${r.submit_id}/files.zip`] = zipSync({ [sourceName(r.language)]: strToU8(r.code) });
  }
  return { name: `${cid}.zip`, zip: Buffer.from(zipSync(files, { level: 6 })) };
}

/** One submission's source as `files.zip` (the `files` reference of a submission), for the contest's staff. */
export async function submissionFiles(ctx: AppContext, user: AuthUser, cid: number, submitId: number): Promise<Buffer> {
  const v = await clicsView(ctx, user, cid);
  if (!v.staff) throw forbidden();
  const { rows } = await ctx.database.pool.query<{ language: string; code: string }>({
    text: 'select language, code from judge where submit_id = $1 and cid = $2',
    values: [submitId, cid],
  });
  const r = rows[0];
  if (!r) throw fail('submissionNotFound');
  return Buffer.from(zipSync({ [sourceName(r.language)]: strToU8(r.code) }));
}

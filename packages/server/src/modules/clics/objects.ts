/**
 * The contest's CLICS objects that do not come from judging: the contest, its state, problems,
 * languages, teams and their organizations (from the users' schools). Ids: the contest's and a
 * submission's numeric id, a team's user id (a UUID, a valid CLICS id), a problem's letter when it is a
 * valid id (else `p<problem id>`), a language's and an organization's name made into an id.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  CLICS_VERSION,
  clicsRelTime,
  clicsTime,
  CONTEST_LIMITS,
  JudgeStatus,
  showNameOf,
  type ClicsContest,
  type ClicsLanguage,
  type ClicsOrganization,
  type ClicsProblem,
  type ClicsState,
  type ClicsTeam,
  type RankShowName,
} from '@oj/shared';
import type { AppContext } from '../../context.js';
import { contestStaff } from '../contest/board-staff.js';
import { extensionOf } from '../contest/download.js';
import { knownLanguages } from '../problem/service.js';
import { thawedAt, type ClicsView } from './view.js';

export const clicsInfo = () => ({ version: CLICS_VERSION, name: 'Online judge' });

const ID = /^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,35}$/;
const validId = (s: string) => ID.test(s) && !s.endsWith('.');

export function contestObject(v: ClicsView): ClicsContest {
  const { c } = v;
  const start = c.startTime.getTime();
  const end = c.endTime.getTime();
  const seal = c.sealRank && c.sealRankTime ? c.sealRankTime.getTime() : null;
  return {
    id: String(c.id),
    name: c.title,
    formal_name: c.title,
    start_time: clicsTime(start),
    duration: clicsRelTime(end - start),
    scoreboard_freeze_duration: seal === null ? null : clicsRelTime(end - seal),
    scoreboard_thaw_time: seal !== null && c.autoRealRank ? clicsTime(end) : null,
    scoreboard_type: 'pass-fail',
    penalty_time: CONTEST_LIMITS.penaltySec / 60,
  };
}

/** The state as of the view's time; `finalized` once the contest ended and nothing waits for a verdict. */
export function stateObject(v: ClicsView, unfinished: boolean): ClicsState {
  const { c, now } = v;
  const at = (t: number | null) => (t !== null && now >= t ? clicsTime(t) : null);
  const seal = c.sealRank && c.sealRankTime ? c.sealRankTime.getTime() : null;
  const ended = at(c.endTime.getTime());
  const thaw = seal !== null && now >= seal ? thawedAt(c, now) : null;
  return {
    started: at(c.startTime.getTime()),
    frozen: at(seal),
    ended,
    thawed: thaw === null ? null : clicsTime(Math.max(thaw, c.endTime.getTime())),
    finalized: ended && !unfinished ? ended : null,
    end_of_updates: null,
  };
}

/** The statuses of a submission still being judged (`isUnfinished`). */
const UNFINISHED = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING];

/** Whether a judgement of the contest's is still to come (the state's `finalized` waits for it). */
export async function hasUnfinished(ctx: AppContext, v: ClicsView): Promise<boolean> {
  const { rows } = await ctx.database.pool.query<{ n: number }>({
    text: 'select count(*)::int as n from judge where cid = $1 and status = any($2::int[]) and submit_time >= $3 and submit_time < $4',
    values: [v.c.id, UNFINISHED, v.c.startTime, v.c.endTime],
  });
  return rows[0]!.n > 0;
}

export interface ProblemLink {
  pid: number;
  id: string;
  label: string;
}

/** The contest's problems in letter order, with the ids the other objects refer to them by. */
export async function problemObjects(ctx: AppContext, v: ClicsView): Promise<{ problems: ClicsProblem[]; links: Map<number, ProblemLink> }> {
  const { rows } = await ctx.database.pool.query<{
    pid: number;
    display_id: string;
    display_title: string;
    color: string | null;
    time_limit: number;
    memory_limit: number;
    cases: number;
  }>({
    text: `select cp.pid, cp.display_id, cp.display_title, cp.color, p.time_limit, p.memory_limit,
             (select count(*)::int from problem_case pc where pc.pid = p.id and pc.status = 0) as cases
           from contest_problem cp join problem p on p.id = cp.pid where cp.cid = $1`,
    values: [v.c.id],
  });
  rows.sort((a, b) => (a.display_id < b.display_id ? -1 : a.display_id > b.display_id ? 1 : 0));
  const links = new Map<number, ProblemLink>();
  const problems = rows.map((r, i): ClicsProblem => {
    const id = validId(r.display_id) ? r.display_id : `p${r.pid}`;
    links.set(r.pid, { pid: r.pid, id, label: r.display_id });
    return {
      id,
      label: r.display_id,
      name: r.display_title,
      ordinal: i + 1,
      rgb: r.color && /^#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?$/.test(r.color) ? r.color : null,
      time_limit: r.time_limit / 1000,
      memory_limit: r.memory_limit,
      test_data_count: r.cases,
    };
  });
  return { problems, links };
}

/** An id from a language's name: `C++ 17` → `cpp-17`, `C#` → `csharp`. */
const languageSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/\+/g, 'p')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 36) || 'lang';

/** Our judges' languages and any other the contest's submissions name, with distinct ids. */
export async function languageObjects(ctx: AppContext, v: ClicsView): Promise<{ languages: ClicsLanguage[]; ids: Map<string, string> }> {
  const [known, used] = await Promise.all([
    knownLanguages(ctx.database.db),
    ctx.database.pool.query<{ language: string }>({ text: 'select distinct language from judge where cid = $1', values: [v.c.id] }),
  ]);
  const names = [...known, ...used.rows.map((r) => r.language).filter((l) => !known.includes(l))];
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of names) {
    let id = languageSlug(name);
    for (let n = 2; taken.has(id); n++) id = `${languageSlug(name).slice(0, 32)}-${n}`;
    taken.add(id);
    ids.set(name, id);
  }
  const ext = (name: string) => extensionOf(name);
  return { languages: names.map((name) => ({ id: ids.get(name)!, name, entry_point_required: false, extensions: [ext(name)] })), ids };
}

export const organizationId = (school: string) => `org-${crypto.createHash('sha256').update(school.trim()).digest('hex').slice(0, 16)}`;

/**
 * The teams: every participant with a submission in the contest or registered for it, the contest's
 * staff left out (they are not on the board). Names as the board shows them to the viewer; schools, as
 * organizations, for the staff only (our boards show schools to staff only).
 */
export async function teamObjects(ctx: AppContext, v: ClicsView): Promise<{ teams: ClicsTeam[]; organizations: ClicsOrganization[] }> {
  const { c } = v;
  const { rows } = await ctx.database.db.execute<{
    uid: string;
    username: string;
    nickname: string | null;
    realname: string | null;
    school: string | null;
  }>(sql`
    select u.uid, u.username, u.nickname, u.realname, u.school from user_info u
    where u.uid in (select uid from judge where cid = ${c.id} union select uid from contest_register where cid = ${c.id})
      and not ${contestStaff(sql`u.uid`, c)}
    order by u.username`);
  const show = c.rankShowName as RankShowName;
  const organizations = new Map<string, ClicsOrganization>();
  const teams = rows.map((u): ClicsTeam => {
    const school = v.staff && u.school?.trim() ? u.school.trim() : null;
    const orgId = school ? organizationId(school) : null;
    if (school && orgId && !organizations.has(orgId)) organizations.set(orgId, { id: orgId, name: school, formal_name: school });
    const name = showNameOf({ ...u, realname: v.staff ? u.realname : null, school: null, avatar: null, gender: 'secrecy' }, show);
    return { id: u.uid, label: u.username, name, display_name: name, organization_id: orgId };
  });
  return { teams, organizations: [...organizations.values()].sort((a, b) => (a.id < b.id ? -1 : 1)) };
}

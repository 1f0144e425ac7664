/**
 * The policy as a table: (who, action, resource) → allowed. Contest rules as the server
 * applied them before the policy module (creator and super admin; group root in a group contest), the
 * training rules of the training issue (author, super admin, group level 5; site trainings deleted by
 * the super admin only; categories for super and problem admins) and the site-wide rights.
 */
import { describe, expect, it } from 'vitest';
import { GroupLevel, type GroupLevelValue, may, Role, type Action, type Actor, type Resource } from '../src/index.js';

const AUTHOR = 'u-author';
const as = (roles: number[], extra: Partial<Actor> = {}): Actor => ({ uid: 'u-someone', roles, ...extra });

const who = {
  visitor: null,
  root: as([Role.ROOT]),
  admin: as([Role.ADMIN]),
  problemAdmin: as([Role.PROBLEM_ADMIN]),
  user: as([Role.USER]),
  noSubmit: as([Role.NO_SUBMIT]),
  noDiscuss: as([Role.NO_DISCUSS]),
  muted: as([Role.MUTED]),
  /** a normal user who made the resource */
  author: { uid: AUTHOR, roles: [Role.USER] },
  /** an admin who made the resource */
  adminAuthor: { uid: AUTHOR, roles: [Role.ADMIN] },
  groupOwner: as([Role.USER], { groupOwner: true }),
  groupRoot: as([Role.USER], { groupLevel: GroupLevel.ROOT }),
  groupAdmin: as([Role.USER], { groupLevel: GroupLevel.ADMIN }),
  groupMember: as([Role.USER], { groupLevel: GroupLevel.MEMBER }),
  groupApplying: as([Role.USER], { groupLevel: GroupLevel.APPLYING }),
  groupRefused: as([Role.USER], { groupLevel: GroupLevel.REFUSED }),
} satisfies Record<string, Actor | null>;
type Who = keyof typeof who;

const siteContest: Resource = { kind: 'contest', uid: AUTHOR, gid: null };
const groupContest: Resource = { kind: 'contest', uid: AUTHOR, gid: 7 };
/** A contest as `takeVirtual` asks it: shown, public, ended, not taken part in, unless told otherwise. */
const virtualContest = (o: Partial<Extract<Resource, { kind: 'contest' }>> = {}): Resource => ({
  kind: 'contest',
  uid: AUTHOR,
  gid: null,
  visible: true,
  auth: 0,
  ended: true,
  tookPart: false,
  ...o,
});
const siteTraining: Resource = { kind: 'training', uid: AUTHOR, gid: null };
const groupTraining: Resource = { kind: 'training', uid: AUTHOR, gid: 7 };
const siteCategory: Resource = { kind: 'trainingCategory', gid: null };
const groupCategory: Resource = { kind: 'trainingCategory', gid: 7 };
const site: Resource = { kind: 'site' };
const siteAnnouncement: Resource = { kind: 'announcement', uid: AUTHOR, gid: null };
const groupAnnouncement: Resource = { kind: 'announcement', uid: AUTHOR, gid: 7 };
const siteDiscussion: Resource = { kind: 'discussion', uid: AUTHOR, gid: null };
const groupDiscussion: Resource = { kind: 'discussion', uid: AUTHOR, gid: 7 };
const discussionComment: Resource = { kind: 'comment', uid: AUTHOR, contest: null, gid: null };
const contestComment: Resource = { kind: 'comment', uid: AUTHOR, contest: { uid: 'u-contest-maker', gid: null }, gid: null };
const groupComment: Resource = { kind: 'comment', uid: AUTHOR, contest: null, gid: 7 };
/** A question asked by the author in a contest made by someone else (site) or in a group's contest. */
const clarification = (isPublic: boolean, gid: number | null = null): Resource => ({
  kind: 'clarification',
  uid: AUTHOR,
  public: isPublic,
  contest: { uid: 'u-contest-maker', gid },
});
/** A row of the member admin: someone else at `level`, not the owner; `to` the level a change gives. */
const member = (level: GroupLevelValue, to?: GroupLevelValue): Resource => ({ kind: 'groupMember', uid: 'u-target', level, owner: false, to });
const L = GroupLevel;

/** [what is asked, on what, who may (everyone else may not)] */
const TABLE: [Action, Resource, string, Who[]][] = [
  // Plagiarism checks: the contest's staff; in a group contest its admins (level 4) too, not its members;
  // a problem's: in a group its admins.
  ['checkSimilarity', siteContest, 'site contest', ['root', 'author', 'adminAuthor']],
  ['checkSimilarity', groupContest, 'group contest', ['root', 'author', 'adminAuthor', 'groupOwner', 'groupRoot', 'groupAdmin']],
  // a bank problem's: those who may read all code (the super admin and the admins; not a problem admin)
  ['checkSimilarity', { kind: 'problem', author: 'author', gid: null }, 'bank problem', ['root', 'admin', 'adminAuthor']],
  ['checkSimilarity', { kind: 'problem', author: 'author', gid: 7 }, 'group problem', ['root', 'groupOwner', 'groupRoot', 'groupAdmin']],
  // A remote submission sent to its site again: its submitter (not one barred from submitting) or whoever may rejudge.
  ['resubmit', { kind: 'submission', uid: AUTHOR, gid: null, problem: { auth: 1 } }, 'remote submission', ['root', 'admin', 'author', 'adminAuthor']],
  // A hack: someone else's contest submission, by a user who may submit and is not the contest's staff (the creator,
  // the super admin, in a group its roots), in a group contest a member; outside contests no one hacks.
  [
    'hack',
    { kind: 'submission', uid: AUTHOR, gid: null, contest: { uid: 'u-contest-maker', gid: null, visible: true, beforeStart: false } },
    'site contest submission',
    ['admin', 'problemAdmin', 'user', 'noDiscuss', 'muted', 'groupOwner', 'groupRoot', 'groupAdmin', 'groupMember', 'groupApplying', 'groupRefused'],
  ],
  [
    'hack',
    { kind: 'submission', uid: AUTHOR, gid: 7, contest: { uid: 'u-contest-maker', gid: 7, visible: true, beforeStart: false } },
    'group contest submission',
    ['groupAdmin', 'groupMember'],
  ],
  ['hack', { kind: 'submission', uid: AUTHOR, gid: null, problem: { auth: 1 } }, 'bank submission', []],
  // Contests: the contest admin is the super admin or the creator, never another admin or a problem admin.
  ['administer', siteContest, 'site contest', ['root', 'author', 'adminAuthor']],
  ['skipPassword', siteContest, 'site contest', ['root', 'author', 'adminAuthor']],
  ['delete', siteContest, 'site contest', ['root', 'author', 'adminAuthor']],
  ['create', siteContest, 'site contest', ['root', 'admin', 'problemAdmin', 'adminAuthor']],
  // A group contest: its group root (owner, level 5) too; a group admin (4) or member (3) is not a contest admin.
  ['administer', groupContest, 'group contest', ['root', 'author', 'adminAuthor', 'groupOwner', 'groupRoot']],
  ['create', groupContest, 'group contest', ['root', 'groupOwner', 'groupRoot', 'groupAdmin']],
  // Virtual participation: an ended public contest, by those who may submit, neither its admins nor its
  // participants; a group's by its members; never a running, password-gated or hidden one, nor asked without the facts.
  [
    'takeVirtual',
    virtualContest(),
    'ended public site contest',
    ['admin', 'problemAdmin', 'user', 'noDiscuss', 'muted', 'groupOwner', 'groupRoot', 'groupAdmin', 'groupMember', 'groupApplying', 'groupRefused'],
  ],
  ['takeVirtual', virtualContest({ gid: 7 }), 'ended public group contest', ['groupAdmin', 'groupMember']],
  ['takeVirtual', virtualContest({ tookPart: true }), 'contest taken part in', []],
  ['takeVirtual', virtualContest({ ended: false }), 'contest not ended', []],
  ['takeVirtual', virtualContest({ auth: 1 }), 'private contest', []],
  ['takeVirtual', virtualContest({ auth: 2 }), 'protected contest', []],
  ['takeVirtual', virtualContest({ visible: false }), 'hidden contest', []],
  ['takeVirtual', siteContest, 'contest without the facts', []],
  // Trainings: author, super admin, group level 5; deleting a site training is the super admin's (HOJ).
  ['administer', siteTraining, 'site training', ['root', 'author', 'adminAuthor']],
  ['skipPassword', siteTraining, 'site training', ['root', 'author', 'adminAuthor']],
  ['delete', siteTraining, 'site training', ['root']],
  ['create', siteTraining, 'site training', ['root', 'admin', 'problemAdmin', 'adminAuthor']],
  // In a group the author administers his training only while a group admin (see the block at the end).
  ['administer', groupTraining, 'group training', ['root', 'groupOwner', 'groupRoot']],
  ['delete', groupTraining, 'group training', ['root', 'groupOwner', 'groupRoot']],
  ['create', groupTraining, 'group training', ['root', 'groupOwner', 'groupRoot', 'groupAdmin']],
  // Training categories: super admin and problem admin on the site; group admins in a group.
  ['administer', siteCategory, 'site category', ['root', 'problemAdmin']],
  ['administer', groupCategory, 'group category', ['root', 'groupOwner', 'groupRoot', 'groupAdmin']],
  // Site-wide rights.
  ['administer', site, 'admin area', ['root', 'admin', 'problemAdmin', 'adminAuthor']],
  ['manageProblems', site, 'problems', ['root', 'problemAdmin']],
  ['seeAllProblems', site, 'hidden problems', ['root', 'admin', 'problemAdmin', 'adminAuthor']],
  ['listHiddenProblems', site, 'the list by visibility', ['root']],
  ['useAnyProblem', site, 'problems of others in a contest', ['root']],
  ['readAllCode', site, 'code of others', ['root', 'admin', 'adminAuthor']],
  ['readHiddenCode', site, 'code of others while the site hides it', ['root']],
  ['seeAllCaseResults', site, 'case results', ['root', 'admin', 'problemAdmin', 'adminAuthor']],
  ['superviseJudging', site, 'manual verdicts', ['root']],
  ['administerAllContests', site, 'every contest', ['root']],
  ['refreshStatistics', site, 'recount the home statistics', ['root', 'admin', 'adminAuthor']],
  ['manageAllUploads', site, 'uploads of others', ['root']],
  // Community (HOJ role permissions): no-discuss users may not post, muted ones neither comment.
  [
    'postDiscussion',
    site,
    'discussions',
    [
      'root',
      'admin',
      'problemAdmin',
      'user',
      'noSubmit',
      'author',
      'adminAuthor',
      'groupOwner',
      'groupRoot',
      'groupAdmin',
      'groupMember',
      'groupApplying',
      'groupRefused',
    ],
  ],
  [
    'comment',
    site,
    'comments',
    [
      'root',
      'admin',
      'problemAdmin',
      'user',
      'noSubmit',
      'noDiscuss',
      'author',
      'adminAuthor',
      'groupOwner',
      'groupRoot',
      'groupAdmin',
      'groupMember',
      'groupApplying',
      'groupRefused',
    ],
  ],
  ['postWithoutLimits', site, 'past the AC count and daily limit', ['root', 'admin', 'problemAdmin', 'adminAuthor']],
  ['createGroupWithoutLimits', site, 'groups past the site limits', ['root', 'admin', 'problemAdmin', 'adminAuthor']],
  ['moderateDiscussions', site, 'all discussions', ['root', 'admin', 'problemAdmin', 'adminAuthor']],
  ['editDiscussionCategories', site, 'discussion categories', ['root']],
  ['sendNotices', site, 'notices', ['root']],
  [
    'uploadImages',
    site,
    'Markdown images',
    [
      'root',
      'admin',
      'problemAdmin',
      'user',
      'noSubmit',
      'noDiscuss',
      'author',
      'adminAuthor',
      'groupOwner',
      'groupRoot',
      'groupAdmin',
      'groupMember',
      'groupApplying',
      'groupRefused',
    ],
  ],
  // Super admin only (HOJ: root): package import/export, permission assignment, every group.
  ['moveProblems', site, 'problem import and export', ['root']],
  ['assignPermissions', site, 'role permissions', ['root']],
  ['administerAllGroups', site, 'every group', ['root']],
  ['moderateGroupDiscussions', site, 'group discussions in the admin area', ['root']],
  // Rights that follow a permission code of the role/permission table (the default roles).
  [
    'submit',
    site,
    'submitting',
    [
      'root',
      'admin',
      'problemAdmin',
      'user',
      'noDiscuss',
      'muted',
      'author',
      'adminAuthor',
      'groupOwner',
      'groupRoot',
      'groupAdmin',
      'groupMember',
      'groupApplying',
      'groupRefused',
    ],
  ],
  ['rejudge', site, 'rejudging a submission', ['root', 'admin', 'adminAuthor']],
  ['manageContests', site, 'the contest admin calls', ['root', 'admin', 'problemAdmin', 'adminAuthor']],
  ['manageAnnouncements', site, 'site announcements', ['root']],
  // An announcement of the site follows that right whoever wrote it; a group's: its admins write, the
  // group root changes any, other admins only their own (the author here holds no level in the group).
  ['create', siteAnnouncement, 'site announcement', ['root']],
  ['edit', siteAnnouncement, 'site announcement', ['root']],
  ['delete', siteAnnouncement, 'site announcement', ['root']],
  ['create', groupAnnouncement, 'group announcement', ['root', 'groupOwner', 'groupRoot', 'groupAdmin']],
  ['edit', groupAnnouncement, 'group announcement', ['root', 'groupOwner', 'groupRoot']],
  ['delete', groupAnnouncement, 'group announcement', ['root', 'groupOwner', 'groupRoot']],
  ['manageUsers', site, 'users', ['root']],
  ['manageSystem', site, 'configuration and judges', ['root']],
  // Discussions: only the author edits; the author or a moderator deletes; moderators set top and status.
  ['edit', siteDiscussion, 'site discussion', ['author', 'adminAuthor']],
  ['delete', siteDiscussion, 'site discussion', ['root', 'admin', 'problemAdmin', 'author', 'adminAuthor']],
  ['moderate', siteDiscussion, 'site discussion', ['root', 'admin', 'problemAdmin', 'adminAuthor']],
  ['edit', groupDiscussion, 'group discussion', ['author', 'adminAuthor']],
  ['delete', groupDiscussion, 'group discussion', ['root', 'author', 'adminAuthor', 'groupOwner', 'groupRoot', 'groupAdmin']],
  ['moderate', groupDiscussion, 'group discussion', ['root', 'groupOwner', 'groupRoot', 'groupAdmin']],
  // Comments: the author, the site's admins; under a contest its admins (not a site admin); in a group its admins.
  ['delete', discussionComment, 'a discussion comment', ['root', 'admin', 'author', 'adminAuthor']],
  ['delete', contestComment, 'a contest comment', ['root', 'author', 'adminAuthor']],
  ['delete', groupComment, 'a group discussion comment', ['root', 'author', 'adminAuthor', 'groupOwner', 'groupRoot', 'groupAdmin']],
  // Clarifications: the contest's admins answer (not the asker, not a site admin); in a group contest its root too.
  ['answer', clarification(false), 'a clarification', ['root']],
  ['answer', clarification(false, 7), "a group contest's clarification", ['root', 'groupOwner', 'groupRoot']],
  ['delete', clarification(false), 'a clarification', ['root']],
  ['delete', clarification(true, 7), "a group contest's public clarification", ['root', 'groupOwner', 'groupRoot']],
  // Member admin: group admins manage those below their own level (owner, super admin: anyone) ...
  ['delete', member(L.APPLYING), 'an applicant', ['root', 'groupOwner', 'groupRoot', 'groupAdmin']],
  ['delete', member(L.MEMBER), 'a member', ['root', 'groupOwner', 'groupRoot', 'groupAdmin']],
  ['delete', member(L.ADMIN), 'a group admin', ['root', 'groupOwner', 'groupRoot']],
  ['delete', member(L.ROOT), 'a level-5 member', ['root', 'groupOwner']],
  // ... never the owner, never themselves (the actors here are all `u-someone`)
  ['delete', { kind: 'groupMember', uid: 'u-target', level: L.ROOT, owner: true }, "the group's owner", []],
  ['delete', { kind: 'groupMember', uid: 'u-someone', level: L.MEMBER, owner: false }, 'oneself', []],
  ['setLevel', { kind: 'groupMember', uid: 'u-someone', level: L.MEMBER, owner: false, to: L.MEMBER }, 'oneself', []],
  // accept or refuse an application; a member is never sent back to applying or refused
  ['setLevel', member(L.APPLYING, L.MEMBER), 'an applicant to member', ['root', 'groupOwner', 'groupRoot', 'groupAdmin']],
  ['setLevel', member(L.APPLYING, L.REFUSED), 'an applicant to refused', ['root', 'groupOwner', 'groupRoot', 'groupAdmin']],
  ['setLevel', member(L.MEMBER, L.APPLYING), 'a member to applying', []],
  ['setLevel', member(L.MEMBER, L.REFUSED), 'a member to refused', []],
  // a level is given by those above it (owner, super admin: any)
  ['setLevel', member(L.MEMBER, L.MEMBER), 'a member kept a member', ['root', 'groupOwner', 'groupRoot', 'groupAdmin']],
  ['setLevel', member(L.MEMBER, L.ADMIN), 'a member to admin', ['root', 'groupOwner', 'groupRoot']],
  ['setLevel', member(L.MEMBER, L.ROOT), 'a member to level 5', ['root', 'groupOwner']],
  ['setLevel', member(L.ADMIN, L.MEMBER), 'an admin to member', ['root', 'groupOwner', 'groupRoot']],
  ['setLevel', member(L.MEMBER), 'a member (no level named)', []],
  // view and list: who opens a row and who finds it in the place's list (the lists' SQL is held to
  // these rules by the server's policy-sql test).
  ...seeRows(),
];

/** `view` and `list` rows, visitors included: one per visibility of each kind of row. */
function seeRows(): [Action, Resource, string, Who[]][] {
  const everyone = Object.keys(who) as Who[];
  const groupInside: Who[] = ['root', 'groupOwner', 'groupRoot', 'groupAdmin', 'groupMember'];
  const problem = (auth: number, gid: number | null, isGroup = gid !== null): Resource => ({ kind: 'problem', author: 'author', gid, auth, isGroup });
  const contest = (gid: number | null, visible: boolean): Resource => ({ kind: 'contest', uid: AUTHOR, gid, visible });
  const training = (gid: number | null, visible: boolean): Resource => ({ kind: 'training', uid: AUTHOR, gid, visible });
  const group = (visible: boolean, status: number): Resource => ({ kind: 'group', ownerUid: AUTHOR, visible, status });
  const bankAdmins: Who[] = ['root', 'admin', 'problemAdmin', 'adminAuthor'];
  const bankSubmission = (problem: { auth: number } | null | undefined): Resource => ({ kind: 'submission', uid: AUTHOR, gid: null, problem });
  const contestSubmission = (gid: number | null, visible: boolean, beforeStart: boolean): Resource => ({
    kind: 'submission',
    uid: AUTHOR,
    gid,
    contest: { uid: AUTHOR, gid, visible, beforeStart },
  });
  return [
    // The bank: public problems for all; hidden and contest-only ones opened by the admin roles, listed by the super admin.
    ['view', problem(1, null), 'public bank problem', everyone],
    ['list', problem(1, null), 'public bank problem', everyone],
    ['view', problem(2, null), 'hidden bank problem', bankAdmins],
    ['list', problem(2, null), 'hidden bank problem', ['root']],
    ['view', problem(3, null), 'contest-only bank problem', bankAdmins],
    ['list', problem(3, null), 'contest-only bank problem', ['root']],
    ['view', { kind: 'problem', author: null, gid: null }, 'a bank problem asked without its auth', bankAdmins],
    // A group's problems: members see the public ones; its admins open private and contest-only ones, the list shows neither.
    ['view', problem(1, 7), 'public group problem', groupInside],
    ['list', problem(1, 7), 'public group problem', groupInside],
    ['view', problem(2, 7), 'private group problem', ['root', 'groupOwner', 'groupRoot', 'groupAdmin']],
    ['list', problem(2, 7), 'private group problem', []],
    ['view', problem(3, 7), 'contest-only group problem', ['root', 'groupOwner', 'groupRoot', 'groupAdmin']],
    ['list', problem(3, 7), 'contest-only group problem', []],
    // Contests and trainings: visible ones for all (a group's for its members); hidden ones opened by their admins, in no list.
    ['view', contest(null, true), 'visible site contest', everyone],
    ['list', contest(null, true), 'visible site contest', everyone],
    ['view', contest(null, false), 'hidden site contest', ['root', 'author', 'adminAuthor']],
    ['list', contest(null, false), 'hidden site contest', []],
    ['view', contest(7, true), 'visible group contest', groupInside],
    ['list', contest(7, true), 'visible group contest', groupInside],
    ['view', contest(7, false), 'hidden group contest', ['root', 'groupOwner', 'groupRoot']],
    ['list', contest(7, false), 'hidden group contest', []],
    ['view', training(null, true), 'visible site training', everyone],
    ['list', training(null, true), 'visible site training', everyone],
    ['view', training(null, false), 'hidden site training', ['root', 'author', 'adminAuthor']],
    ['list', training(null, false), 'hidden site training', []],
    ['view', training(7, true), 'visible group training', groupInside],
    ['list', training(7, true), 'visible group training', groupInside],
    ['view', training(7, false), 'hidden group training', ['root', 'groupOwner', 'groupRoot']],
    ['list', training(7, false), 'hidden group training', []],
    // Groups: shown and enabled ones are listed to all and opened by those logged in; others exist for the super admin.
    ['view', group(true, 0), 'shown group', everyone.filter((w) => w !== 'visitor')],
    ['list', group(true, 0), 'shown group', everyone],
    ['view', group(false, 0), 'hidden group', ['root']],
    ['list', group(false, 0), 'hidden group', ['root']],
    ['view', group(true, 1), 'disabled group', ['root']],
    ['list', group(true, 1), 'disabled group', ['root']],
    // Submissions (made by the author) outside contests: the bank's on public or deleted problems for all,
    // on hidden ones listed to those who open every problem and opened by id by the author too; a group's for its members.
    ['view', bankSubmission({ auth: 1 }), 'submission on a public bank problem', everyone],
    ['list', bankSubmission({ auth: 1 }), 'submission on a public bank problem', everyone],
    ['view', bankSubmission({ auth: 2 }), 'submission on a hidden bank problem', [...bankAdmins, 'author']],
    ['list', bankSubmission({ auth: 2 }), 'submission on a hidden bank problem', bankAdmins],
    ['list', bankSubmission({ auth: 3 }), 'submission on a contest-only bank problem', bankAdmins],
    ['view', bankSubmission(null), 'submission on a deleted problem', everyone],
    ['list', bankSubmission(null), 'submission on a deleted problem', everyone],
    ['list', bankSubmission(undefined), 'submission asked without its problem', bankAdmins],
    ['view', { kind: 'submission', uid: AUTHOR, gid: 7, problem: { auth: 2 } }, "submission on a group's hidden problem", groupInside],
    ['list', { kind: 'submission', uid: AUTHOR, gid: 7, problem: { auth: 2 } }, "submission on a group's hidden problem", groupInside],
    // In a contest: its admins see all; others those from the start on in a shown contest; by id the submitter his own.
    ['view', contestSubmission(null, true, false), 'site contest submission', everyone],
    ['list', contestSubmission(null, true, false), 'site contest submission', everyone],
    ['view', contestSubmission(null, true, true), 'site contest submission before the start', ['root', 'author', 'adminAuthor']],
    ['list', contestSubmission(null, true, true), 'site contest submission before the start', ['root', 'author', 'adminAuthor']],
    ['list', contestSubmission(null, false, false), 'hidden site contest submission', ['root', 'author', 'adminAuthor']],
    ['view', contestSubmission(7, true, false), 'group contest submission', groupInside],
    ['list', contestSubmission(7, true, true), 'group contest submission before the start', ['root', 'groupOwner', 'groupRoot']],
    // Clarifications (the contest's inside is asked before): the asker and the contest's admins; a public answer everyone.
    ['view', clarification(false), 'a private clarification', ['root', 'author', 'adminAuthor']],
    ['view', clarification(true), 'a clarification answered to everyone', everyone],
    ['view', clarification(false, 7), "a group contest's private clarification", ['root', 'author', 'adminAuthor', 'groupOwner', 'groupRoot']],
  ];
}

describe('may(actor, action, resource)', () => {
  for (const [action, resource, what, allowed] of TABLE) {
    for (const name of Object.keys(who) as Who[]) {
      const expected = allowed.includes(name);
      it(`${name} ${expected ? 'may' : 'may not'} ${action} (${what})`, () => {
        expect(may(who[name], action, resource)).toBe(expected);
      });
    }
  }

  it('a visitor may do nothing but see what is open to all', () => {
    for (const [action, resource] of TABLE) if (action !== 'view' && action !== 'list') expect(may(null, action, resource)).toBe(false);
  });

  it('a contest or training of a group is seen by its members only, its author too', () => {
    const author = (groupLevel: Actor['groupLevel']): Actor => ({ uid: AUTHOR, roles: [Role.USER], groupLevel });
    const hidden: Resource = { kind: 'contest', uid: AUTHOR, gid: 7, visible: false };
    expect(may(author(GroupLevel.ADMIN), 'view', hidden)).toBe(true);
    expect(may(author(null), 'view', hidden)).toBe(false);
    expect(may(author(null), 'view', { ...hidden, visible: true })).toBe(false);
    // a group training's author administers it only while a group admin, so only then opens it hidden
    expect(may(author(GroupLevel.ADMIN), 'view', { kind: 'training', uid: AUTHOR, gid: 7, visible: false })).toBe(true);
    expect(may(author(GroupLevel.MEMBER), 'view', { kind: 'training', uid: AUTHOR, gid: 7, visible: false })).toBe(false);
  });

  it('a group level counts only for a resource of a group', () => {
    expect(may(who.groupRoot, 'administer', siteContest)).toBe(false);
    expect(may(who.groupRoot, 'administer', siteTraining)).toBe(false);
  });

  it('a group training is administered by its author only while he is an admin of the group', () => {
    const author = (groupLevel: Actor['groupLevel']): Actor => ({ uid: AUTHOR, roles: [Role.USER], groupLevel });
    expect(may(author(GroupLevel.ADMIN), 'administer', groupTraining)).toBe(true);
    expect(may(author(GroupLevel.ADMIN), 'delete', groupTraining)).toBe(true);
    expect(may(author(GroupLevel.MEMBER), 'administer', groupTraining)).toBe(false);
    expect(may(author(null), 'administer', groupTraining)).toBe(false);
    expect(may(as([Role.USER], { groupLevel: GroupLevel.ADMIN }), 'administer', groupTraining)).toBe(false);
  });

  it("a group admin changes his own group announcements, not another admin's", () => {
    const admin = (uid: string): Actor => ({ uid, roles: [Role.USER], groupLevel: GroupLevel.ADMIN });
    expect(may(admin(AUTHOR), 'edit', groupAnnouncement)).toBe(true);
    expect(may(admin(AUTHOR), 'delete', groupAnnouncement)).toBe(true);
    expect(may(admin('u-other'), 'edit', groupAnnouncement)).toBe(false);
    expect(may({ uid: AUTHOR, roles: [Role.USER], groupLevel: GroupLevel.MEMBER }, 'edit', groupAnnouncement)).toBe(false);
  });

  it('group rights: the owner deletes the group, group roots administer it', () => {
    const group: Resource = { kind: 'group', ownerUid: AUTHOR };
    expect(may(who.author, 'delete', group)).toBe(true);
    expect(may(who.groupRoot, 'delete', group)).toBe(false);
    expect(may(who.groupRoot, 'administer', group)).toBe(true);
    expect(may(who.groupAdmin, 'administer', group)).toBe(false);
    expect(may(who.root, 'delete', group)).toBe(true);
  });

  it('the permissions the site assigned decide over the default assignment of the roles', () => {
    const site: Resource = { kind: 'site' };
    const user: Actor = { uid: 'u', roles: [Role.USER] };
    expect(may(user, 'postDiscussion', site)).toBe(true);
    expect(may({ ...user, permissions: ['submit', 'comment_add'] }, 'postDiscussion', site)).toBe(false);
    expect(may({ ...user, permissions: ['submit', 'comment_add'] }, 'comment', site)).toBe(true);
    const muted: Actor = { uid: 'm', roles: [Role.MUTED] };
    expect(may(muted, 'comment', site)).toBe(false);
    expect(may({ ...muted, permissions: ['comment_add'] }, 'comment', site)).toBe(true);
    const own: Resource = { kind: 'discussion', uid: 'u', gid: null };
    expect(may(user, 'delete', own)).toBe(true);
    expect(may({ ...user, permissions: [] }, 'delete', own)).toBe(false);
  });
});

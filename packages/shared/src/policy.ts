/**
 * Who may do what: one answer for the server's guards and the web's
 * buttons. Pure: the caller passes what it knows of the actor in the resource's place (site roles, and
 * for a resource of a group the actor's level there and whether they own it). Server code resolves
 * those facts once per request (packages/server/src/modules/policy/).
 */
import { ProblemAuth } from './constants.js';
import { ContestAuth } from './contest-constants.js';
import { canSeeManagement, isAdmin, isProblemAdmin, isSuperAdmin, type Permission, permissionsOf } from './roles.js';

/** Group levels (the owner is told apart by `groupOwner`). */
export const GroupLevel = { APPLYING: 1, REFUSED: 2, MEMBER: 3, ADMIN: 4, ROOT: 5 } as const;
export type GroupLevelValue = (typeof GroupLevel)[keyof typeof GroupLevel];

export interface Actor {
  uid: string;
  /** the login name: problems name their author by it (absent: the actor authored no problem) */
  username?: string;
  roles: readonly number[];
  /** level in the group the resource belongs to (null: not a member, or the resource has no group) */
  groupLevel?: GroupLevelValue | null;
  /** owner of the group the resource belongs to */
  groupOwner?: boolean;
  /**
   * The permission codes the actor's roles carry as the site assigns them now (the server reads
   * `role_permission`, the web gets them with the auth info); absent: the default assignment.
   */
  permissions?: readonly string[];
}

/**
 * The resources the rules speak of: who made them and which group (if any) holds them. The facts that
 * only `view` and `list` read (visible, status, auth) are optional: a rule asked without them answers
 * as for a hidden row, so a caller that forgets one shows too little, never too much.
 */
export type Resource =
  | { kind: 'site' }
  /**
   * `visible`: the contest's visible switch; for `takeVirtual` also `auth` (0 public), `ended`, and
   * `tookPart` (the actor has a submission made while it ran)
   */
  | { kind: 'contest'; uid: string | null; gid: number | null; visible?: boolean; auth?: number; ended?: boolean; tookPart?: boolean }
  /** `visible`: the training's status (shown) switch */
  | { kind: 'training'; uid: string | null; gid: number | null; visible?: boolean }
  | { kind: 'trainingCategory'; gid: number | null }
  /** `visible` and `status` (0 enabled): a hidden or disabled group exists for the super admin only */
  | { kind: 'group'; ownerUid: string; visible?: boolean; status?: number }
  /** an announcement of the site (`gid` null) or of a group (`uid` its author); not a contest's (its admins') */
  | { kind: 'announcement'; uid: string | null; gid: number | null }
  /**
   * a member (or applicant) of the actor's group: `uid` his id, `level` his level there, `owner` he
   * owns the group; `to` the level `setLevel` would give him
   */
  | { kind: 'groupMember'; uid: string; level: GroupLevelValue; owner: boolean; to?: GroupLevelValue }
  /**
   * a problem; `author` its author's username, `gid` the group holding it (null: the public bank);
   * `auth` 1 public, 2 hidden (private in a group), 3 contest-only; `isGroup` a group's problem
   * (the bank never shows one, whatever its gid)
   */
  | { kind: 'problem'; author: string | null; gid: number | null; auth?: number; isGroup?: boolean }
  /**
   * a submission, for `view` and `list` (`uid` its submitter, `gid` the group it belongs to: its
   * problem's, training's or contest's). Outside contests `problem` holds its problem's `auth` (null:
   * the problem is gone); in a contest `contest` is that contest, `beforeStart` set for one made before
   * the start (its admins' tests).
   */
  | {
      kind: 'submission';
      uid: string;
      gid: number | null;
      problem?: { auth?: number } | null;
      contest?: { uid: string | null; gid: number | null; visible?: boolean; beforeStart?: boolean } | null;
    }
  /** a discussion; `gid` set for a group's discussion */
  | { kind: 'discussion'; uid: string | null; gid: number | null }
  /**
   * a comment or reply (`uid` its author); `contest` the contest it is under (its admins moderate it),
   * `gid` the group of the discussion or contest it is under
   */
  | { kind: 'comment'; uid: string | null; contest: { uid: string | null; gid: number | null } | null; gid: number | null }
  /**
   * a contest clarification: `uid` who asked it, `public` answered to everyone, `contest` the contest it
   * was asked in (its admins read and answer every one). Entering the contest is asked before.
   */
  | { kind: 'clarification'; uid: string; public: boolean; contest: { uid: string | null; gid: number | null } };

/**
 * Site-wide rights (resource `{ kind: 'site' }`), one per rule the server and the web ask about.
 * Problem admins manage the bank, admins (role admin) read code and judge like the super admin only
 * where the code-visibility rules say so.
 */
export type SiteAction =
  /** the admin area at all: super admin, admin, problem admin */
  | 'administer'
  /** create, edit, import and export problems, tags and test data (problem admin): super admin, problem admin */
  | 'manageProblems'
  /** open hidden and contest-only bank problems and their submissions outside contests: super admin, admin, problem admin */
  | 'seeAllProblems'
  /** list the bank by visibility (the problem list's `auth` filter, hidden rows in it): super admin */
  | 'listHiddenProblems'
  /** put any problem into a contest or training, not only public or own ones (`problem/use-policy.ts`): super admin */
  | 'useAnyProblem'
  /** read every submission's code (in contests once they ended): super admin, admin */
  | 'readAllCode'
  /** read others' code outside contests while the site hides it (switch hideNonContestSubmissionCode): super admin */
  | 'readHiddenCode'
  /** case results of every submission, program output included: super admin, admin, problem admin */
  | 'seeAllCaseResults'
  /** manual verdicts, cancelling, rejudging a whole contest problem: super admin */
  | 'superviseJudging'
  /** every contest in the admin list, not only one's own: super admin */
  | 'administerAllContests'
  /** make the home's cached submission statistics count again before the hour is up: super admin, admin */
  | 'refreshStatistics'
  /** delete another user's uploaded Markdown image: super admin */
  | 'manageAllUploads'
  /** post a discussion (role permission discussion_add: not the no-discuss, muted roles) */
  | 'postDiscussion'
  /** comment and reply (role permission comment_add: not the muted roles) */
  | 'comment'
  /** post and comment without the site's accepted-problem count and daily limit: super admin, admin, problem admin */
  | 'postWithoutLimits'
  /** create groups past the site's group limits (AC count, per day, per user), as HOJ's admins: super admin, admin, problem admin */
  | 'createGroupWithoutLimits'
  /** site discussions: set top and status, delete any, list them all, handle reports: super admin, admin, problem admin */
  | 'moderateDiscussions'
  /** add, rename and delete discussion categories: super admin */
  | 'editDiscussionCategories'
  /** write system notices to users: super admin */
  | 'sendNotices'
  /** upload images into Markdown (the editor of discussions and comments): whoever may post or comment */
  | 'uploadImages'
  /** agree to or refuse group problems applying to the public bank (/admin/group-problem/apply): super admin */
  | 'reviewGroupProblems'
  /** import and export problem packages (HOJ: root only): super admin */
  | 'moveProblems'
  /** assign permissions to roles (/admin/permission): super admin */
  | 'assignPermissions'
  /** every group, hidden or disabled, and a group's rights without a level in it: super admin */
  | 'administerAllGroups'
  /** group discussions in the admin area's discussion list: super admin */
  | 'moderateGroupDiscussions'
  /** submit and test-run code (permission submit) */
  | 'submit'
  /** rejudge a submission (permission rejudge, in the admin area) */
  | 'rejudge'
  /** the admin area's contest calls (permission contest_admin; each contest then asks `administer`) */
  | 'manageContests'
  /** site announcements (permission announcement_admin) */
  | 'manageAnnouncements'
  /** users: list, edit, import, generate, sessions (permission user_admin) */
  | 'manageUsers'
  /** site configuration, switches, judge servers, system information (permission system_info_admin) */
  | 'manageSystem';

export type Action =
  | SiteAction
  /** everything on the resource: edit, its problems, announcements, see all its submissions, real names */
  | 'administer'
  | 'delete'
  /** make a new one of this kind in the place (site: the admin area; group: the group) */
  | 'create'
  /** open a private training or contest without its password */
  | 'skipPassword'
  /** change a discussion's text (its author only) */
  | 'edit'
  /**
   * take an ended public contest virtually (contest/virtual.ts): one who may open it and submit, who
   * neither administers it nor took part in it
   */
  | 'takeVirtual'
  /** send a remote submission to its site again: its submitter while he may submit, or whoever may rejudge */
  | 'resubmit'
  /** set a discussion's top and status, and read it while hidden */
  | 'moderate'
  /** answer a contest clarification (privately or to everyone) */
  | 'answer'
  /**
   * run a plagiarism check over a contest's or a problem's submissions and read its pairs: the contest's
   * staff (and in a group contest the group's admins), the problem's admins (in a group its admins)
   */
  | 'checkSimilarity'
  /**
   * send a hack input against a contest submission (contest-hacks.ts): someone else's, by a user who may
   * submit and is not the contest's staff (they are on no board), in a group contest a member of the group. Whether the contest runs and allows
   * hacks, and whether the hacker locked the problem, are the contest's facts, asked by the server.
   */
  | 'hack'
  /** give a group member the level `to` of the resource (accept, refuse, promote, demote) */
  | 'setLevel'
  /**
   * open it (a problem's statement, a contest's or training's page, a group's card and home); the
   * others are told it does not exist. Entering (a password, registration, a contest not started) and a
   * group's inside (membership) are rules of their own.
   */
  | 'view'
  /**
   * find it in the place's list (the problem bank, /contest, /training, /group, a group's problem,
   * contest and training tabs): the rows open to everyone there. Their admins find hidden rows in the
   * admin tables instead; only the super admin's lists of problems and groups show hidden rows. A
   * submission list shows the rows the policy lists, and the caller's own list (only mine) his own.
   */
  | 'list';

/** Group root: level 5, the owner, or the super admin. */
export const isGroupRoot = (a: Actor) => isSuperAdmin(a.roles) || !!a.groupOwner || a.groupLevel === GroupLevel.ROOT;
/** Group admin: group root or level 4. */
export const isGroupAdmin = (a: Actor) => isGroupRoot(a) || a.groupLevel === GroupLevel.ADMIN;
/** Group member: group admin or level 3. */
export const isGroupMember = (a: Actor) => isGroupAdmin(a) || a.groupLevel === GroupLevel.MEMBER;

const isAuthor = (a: Actor, uid: string | null) => uid !== null && uid === a.uid;
/** Problems keep their author's username as typed; usernames are unique in any case. */
const isProblemAuthor = (a: Actor, author: string | null) => !!author && !!a.username && author.toLowerCase() === a.username.toLowerCase();

/** The actor's permissions: those the site assigned, else the defaults of `ROLE_PERMISSIONS`. */
const permissionsOfActor = (a: Actor): readonly string[] => a.permissions ?? permissionsOf(a.roles);

/**
 * A right of the admin area's calls (/api/admin/*) held by a permission code: the code, and a role of
 * the admin area, since the area's guard comes first (a plain user given the code still cannot enter).
 */
const adminAreaPermission = (code: Permission) => (r: readonly number[], p: readonly string[]) => canSeeManagement(r) && p.includes(code);

/** Site rules by roles, and by the named permissions where the spec ties a right to one. */
const SITE_RULES: Record<SiteAction, (roles: readonly number[], permissions: readonly string[]) => boolean> = {
  administer: canSeeManagement,
  manageProblems: (r) => isSuperAdmin(r) || isProblemAdmin(r),
  seeAllProblems: (r) => isAdmin(r) || isProblemAdmin(r),
  listHiddenProblems: isSuperAdmin,
  useAnyProblem: isSuperAdmin,
  readAllCode: isAdmin,
  readHiddenCode: isSuperAdmin,
  seeAllCaseResults: (r) => isAdmin(r) || isProblemAdmin(r),
  superviseJudging: isSuperAdmin,
  administerAllContests: isSuperAdmin,
  refreshStatistics: isAdmin,
  manageAllUploads: isSuperAdmin,
  postDiscussion: (_r, p) => p.includes('discussion_add'),
  comment: (_r, p) => p.includes('comment_add'),
  postWithoutLimits: (r) => isAdmin(r) || isProblemAdmin(r),
  createGroupWithoutLimits: (r) => isAdmin(r) || isProblemAdmin(r),
  moderateDiscussions: (r) => isAdmin(r) || isProblemAdmin(r),
  editDiscussionCategories: isSuperAdmin,
  sendNotices: isSuperAdmin,
  uploadImages: (_r, p) => p.includes('discussion_add') || p.includes('comment_add'),
  reviewGroupProblems: isSuperAdmin,
  moveProblems: isSuperAdmin,
  assignPermissions: isSuperAdmin,
  administerAllGroups: isSuperAdmin,
  moderateGroupDiscussions: isSuperAdmin,
  submit: (_r, p) => p.includes('submit'),
  rejudge: adminAreaPermission('rejudge'),
  manageContests: adminAreaPermission('contest_admin'),
  manageAnnouncements: adminAreaPermission('announcement_admin'),
  manageUsers: adminAreaPermission('user_admin'),
  manageSystem: adminAreaPermission('system_info_admin'),
};

function mayOnSite(actor: Actor, action: Action): boolean {
  const rule = SITE_RULES[action as SiteAction];
  return !!rule && rule(actor.roles, permissionsOfActor(actor));
}

/**
 * `view` and `list` (visitors too). Hidden rows open to those who administer them; the lists show the
 * visible rows only. A group's row is for the group's members (level 3–5, the owner, the super admin):
 * the group itself being shown (`view` on the group) is asked before, where the group is opened.
 */
function maySee(actor: Actor | null, action: 'view' | 'list', r: Resource): boolean {
  const listing = action === 'list';
  const member = !!actor && isGroupMember(actor);
  const root = !!actor && isSuperAdmin(actor.roles);
  switch (r.kind) {
    case 'problem': {
      const open = r.auth === ProblemAuth.PUBLIC;
      // A group's problems: its members see the public ones, its admins open every one.
      if (r.gid !== null) return member && (open || (!listing && isGroupAdmin(actor!)));
      // The bank: public problems for everyone; hidden and contest-only ones are opened by the admin
      // roles (`seeAllProblems`) and listed by the super admin only (the authority filter).
      // A problem made in a group (`isGroup`) is never a row of the bank's list.
      const seesAll = !!actor && mayOnSite(actor, listing ? 'listHiddenProblems' : 'seeAllProblems');
      if (listing) return !r.isGroup && (seesAll || open);
      return seesAll || (open && !r.isGroup);
    }
    case 'contest':
    case 'training': {
      if (r.gid !== null && !member) return false;
      if (listing) return !!r.visible;
      return !!r.visible || (!!actor && may(actor, 'administer', r));
    }
    case 'group':
      // Visitors find shown groups in the list; opening one needs a login.
      if (!actor && !listing) return false;
      return root || (!!r.visible && r.status === 0);
    case 'submission': {
      // A group's submissions, one's own too, are the group's inside (the group is opened first).
      if (r.gid !== null && !member) return false;
      const own = !!actor && actor.uid === r.uid;
      if (r.contest) {
        // The contest's admins see every one; the others those made from the start on, in a shown
        // contest, whose inside they entered (a rule of its own, asked before); by id their own ones.
        if (actor && may(actor, 'administer', { kind: 'contest', uid: r.contest.uid, gid: r.contest.gid })) return true;
        if (own && !listing) return true;
        return !!r.contest.visible && r.contest.beforeStart === false;
      }
      // Outside contests: a group's for its members; the bank's on public (or deleted) problems for
      // everyone, on hidden and contest-only ones (an administrator trying them out) for those who open
      // every problem (`seeAllProblems`), and by id for their author.
      if (r.gid !== null || (own && !listing) || r.problem === null) return true;
      return r.problem?.auth === ProblemAuth.PUBLIC || (!!actor && mayOnSite(actor, 'seeAllProblems'));
    }
    case 'clarification':
      // The asker and the contest's admins; an answer to everyone, everyone who entered the contest.
      if (r.public) return true;
      return !!actor && (actor.uid === r.uid || may(actor, 'administer', { kind: 'contest', ...r.contest }));
    default:
      return false;
  }
}

/**
 * A virtual participation (as Codeforces: those who did not take part): the contest is open to him, public
 * (a password-gated contest's race is its registrants'), over, and he neither took part nor administers it
 * (he saw it from inside); barred submitters cannot submit in one. Facts left out answer no.
 */
function mayTakeVirtual(actor: Actor, r: Extract<Resource, { kind: 'contest' }>): boolean {
  if (!maySee(actor, 'view', r) || r.auth !== ContestAuth.PUBLIC || r.ended !== true || r.tookPart !== false) return false;
  return !may(actor, 'administer', { kind: 'contest', uid: r.uid, gid: r.gid }) && mayOnSite(actor, 'submit');
}

/** May `actor` (null: a visitor) do `action` on `resource`? */
export function may(actor: Actor | null, action: Action, resource: Resource): boolean {
  if (action === 'view' || action === 'list') return maySee(actor, action, resource);
  if (!actor) return false;
  const root = isSuperAdmin(actor.roles);
  switch (resource.kind) {
    case 'site':
      return mayOnSite(actor, action);
    case 'contest':
      if (action === 'takeVirtual') return mayTakeVirtual(actor, resource);
      // Group admins (level 4) check a group contest's submissions too, though they do not administer it.
      if (action === 'checkSimilarity') return may(actor, 'administer', resource) || (resource.gid !== null && isGroupAdmin(actor));
      // Contest admin: the super admin or the creator; in a group, its root too.
      if (action === 'create') return resource.gid === null ? root || isAdmin(actor.roles) || isProblemAdmin(actor.roles) : isGroupAdmin(actor);
      return root || isAuthor(actor, resource.uid) || (resource.gid !== null && isGroupRoot(actor));
    case 'training':
      // Training admin: author, super admin, or group level 5 (group root).
      if (action === 'create') return resource.gid === null ? root || isProblemAdmin(actor.roles) || isAdmin(actor.roles) : isGroupAdmin(actor);
      // Deleting a site training is the super admin's (HOJ: root only); in a group its admins delete their own.
      if (action === 'delete' && resource.gid === null) return root;
      // In a group the author keeps the training only while he is one of its admins ("non-root
      // admins edit only their own items"); a demoted or removed author no longer administers it.
      if (resource.gid !== null) return isGroupRoot(actor) || (isAuthor(actor, resource.uid) && isGroupAdmin(actor));
      return root || isAuthor(actor, resource.uid);
    case 'trainingCategory':
      // Site categories: super admin and problem admin (HOJ admin training category); group ones: group admins.
      return resource.gid === null ? root || isProblemAdmin(actor.roles) : isGroupAdmin(actor);
    case 'problem':
      // Bank problems: the problem admins. Group problems: group admins create; the group
      // root manages every one, the other group admins their own.
      // A bank problem's similarity check shows its submissions' code: those who may read all code (a
      // problem admin may not, so the check would show him what the submission pages hide).
      if (resource.gid === null) return mayOnSite(actor, action === 'checkSimilarity' ? 'readAllCode' : 'manageProblems');
      if (action === 'create' || action === 'checkSimilarity') return isGroupAdmin(actor);
      return isGroupRoot(actor) || (isGroupAdmin(actor) && isProblemAuthor(actor, resource.author));
    case 'group':
      if (action === 'delete') return root || resource.ownerUid === actor.uid;
      return isGroupRoot(actor);
    case 'announcement':
      // The site's: the announcement_admin permission, whoever wrote them.
      if (resource.gid === null) return mayOnSite(actor, 'manageAnnouncements');
      // group admins write announcements; the group root edits any, other admins their own.
      if (action === 'create') return isGroupAdmin(actor);
      return isGroupRoot(actor) || (isGroupAdmin(actor) && isAuthor(actor, resource.uid));
    case 'groupMember': {
      // Member admin: the group's admins manage members below their own level (the owner
      // and the super admin: any), never themselves or the owner.
      const manages =
        isGroupAdmin(actor) && !resource.owner && resource.uid !== actor.uid && (root || !!actor.groupOwner || resource.level < (actor.groupLevel ?? 0));
      if (action === 'delete') return manages;
      if (action !== 'setLevel' || resource.to === undefined || !manages) return false;
      // Applying and refused are answers to an application: a member is never sent back to them.
      if (resource.to <= GroupLevel.REFUSED) return resource.level < GroupLevel.MEMBER;
      // A level is given by those above it (the owner and the super admin: any).
      return root || !!actor.groupOwner || (actor.groupLevel ?? 0) > resource.to;
    }
    case 'discussion': {
      // Moderators: the site's (admin roles) for site discussions, the group's admins for a group's.
      const moderator = resource.gid === null ? mayOnSite(actor, 'moderateDiscussions') : root || isGroupAdmin(actor);
      if (action === 'edit') return isAuthor(actor, resource.uid);
      if (action === 'delete') return moderator || (isAuthor(actor, resource.uid) && permissionsOfActor(actor).includes('discussion_del'));
      if (action === 'moderate') return moderator;
      return false;
    }
    case 'comment': {
      if (action !== 'delete') return false;
      if (isAuthor(actor, resource.uid)) return true;
      // Contest comments: the contest admin; others: the site's admins, or the group's.
      if (resource.contest) return may(actor, 'administer', { kind: 'contest', ...resource.contest });
      return resource.gid === null ? isAdmin(actor.roles) : root || isGroupAdmin(actor);
    }
    case 'clarification':
      // Answered, or deleted (a duplicate, spam), by the contest's admins (not a site admin as such), never by the asker as such.
      return (action === 'answer' || action === 'delete') && may(actor, 'administer', { kind: 'contest', ...resource.contest });
    case 'submission':
      // Seen (view, list) above; code and case results are the rules of the place it was made in.
      if (action === 'resubmit') return (isAuthor(actor, resource.uid) && mayOnSite(actor, 'submit')) || mayOnSite(actor, 'rejudge');
      if (action === 'hack') {
        if (!resource.contest || isAuthor(actor, resource.uid) || !mayOnSite(actor, 'submit')) return false;
        // A group contest is its members' (the server asks membership afresh before, this is the rule's form).
        if (resource.contest.gid !== null && !isGroupMember(actor)) return false;
        return !may(actor, 'administer', { kind: 'contest', uid: resource.contest.uid, gid: resource.contest.gid });
      }
      return false;
  }
}

/**
 * Discussions, their categories and reports; comments, replies and likes; the message centre and the
 * admins' system notices (the "Discussion" and "Message centre" screens, entities, validation,
 * calls, constants; the discussion admin, notices and discussion config; HOJ
 * `hoj-api-reference.md` §8, §9, §11.2–11.3, whose paths and payload shapes are kept).
 */
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import type { Ability } from './ability.js';
import type { Page } from './envelope.js';
import { dbId } from './ids.js';
import { MSG } from './messages.js';
import { pagingQuery } from './paging.js';

export const DISCUSSION_LIMITS = {
  /** message centre page sizes */
  pageSize: 10,
  titleMax: 255,
  descriptionMax: 255,
  contentMax: 65535,
  commentMax: 10000,
  reportReasonMax: 200,
  commentPageSize: 10,
  /** replies shown under a comment before "expand" */
  repliesShown: 3,
  categoryNameMax: 50,
  categoriesMax: 100,
  /** site config defaults: accepted problems needed to post or comment, posts a day */
  defaultAcRequired: 1,
  defaultDailyPosts: 5,
  /** notices: recipients chosen by username at once */
  noticeRecipientsMax: 500,
  noticeTitleMax: 255,
  noticeContentMax: 65535,
  /** the admin list deletes at most this many discussions at once */
  deleteManyMax: 100,
} as const;

/** message centre page sizes */
export const MESSAGE_PAGE_SIZES = { user: 6, system: 8 } as const;

const bool = z.union([z.boolean(), z.stringbool()]);

/** "Title is required" / "Title Can not exceed 255" (the field label with the rule). */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} Can not exceed ${max}`);

// ---------------------------------------------------------------------------------------------
// Types

/** Role badge of an author (SPA for root, ADM for admin); null for everyone else. */
export type AuthorRole = 'root' | 'admin' | null;

export interface DiscussionCategory {
  id: number;
  name: string;
}

/** Discussion status: 0 public, 1 hidden by an admin. */
export const DiscussionStatus = { PUBLIC: 0, HIDDEN: 1 } as const;
export type DiscussionStatusValue = (typeof DiscussionStatus)[keyof typeof DiscussionStatus];

/** A row of /discussion (without the content). */
export interface DiscussionListRow {
  id: number;
  /** display id of the problem it is about; its title is shown as "[pid] title" */
  pid: string | null;
  title: string;
  description: string;
  categoryId: number;
  categoryName: string;
  topPriority: boolean;
  status: DiscussionStatusValue;
  uid: string | null;
  author: string;
  avatar: string | null;
  role: AuthorRole;
  titleName: string | null;
  titleColor: string | null;
  commentNum: number;
  likeNum: number;
  viewNum: number;
  gid: number | null;
  gmtCreate: string;
}

/** /discussion-detail/:id: the row, its Markdown, and whether the caller likes it. */
/** A page of discussions, and whether the caller may post now (null for visitors). */
export interface DiscussionListPage extends Page<DiscussionListRow> {
  mayPost: Ability | null;
}

export interface DiscussionDetail extends DiscussionListRow {
  content: string;
  hasLike: boolean;
}

/** Report tags offered by the report dialog, in its order. */
export const REPORT_TAGS = ['spam', 'illegal', 'pornographic', 'gamblingFraud', 'abuse', 'plagiarism'] as const;
export type ReportTag = (typeof REPORT_TAGS)[number];

/** A report as the admin list shows it. */
export interface DiscussionReport {
  id: number;
  did: number;
  discussionTitle: string;
  reporter: string;
  tags: ReportTag[];
  reason: string;
  /** handled */
  status: boolean;
  gmtCreate: string;
}

/** Where comments live: a discussion or a contest (contest: the Comment tab; spec switch openContestComment). */
export type CommentSource = { did: number; cid?: undefined } | { cid: number; did?: undefined };

export interface CommentAuthor {
  fromUid: string | null;
  fromName: string;
  fromAvatar: string | null;
  fromRole: AuthorRole;
  fromTitleName: string | null;
  fromTitleColor: string | null;
}

export interface Reply extends CommentAuthor {
  id: number;
  commentId: number;
  toUid: string | null;
  toName: string | null;
  toAvatar: string | null;
  content: string;
  gmtCreate: string;
}

export interface Comment extends CommentAuthor {
  id: number;
  did: number | null;
  cid: number | null;
  content: string;
  likeNum: number;
  gmtCreate: string;
  totalReplyNum: number;
  /** the first `repliesShown` replies, oldest first; GET reply gives them all */
  replyList: Reply[];
}

/** GET comments: a page of comments, newest first, and which of them the caller likes. */
export interface CommentPage {
  commentList: Page<Comment>;
  commentLikeMap: Record<number, boolean>;
  /** whether the caller may comment and reply here and, if not, why (null for visitors: they log in first) */
  mayComment: Ability | null;
}

/** Actions of reminders (HOJ msg_remind.action): a comment on my discussion, a reply to me, a like. */
export const RemindAction = { DISCUSS: 'Discuss', REPLY: 'Reply', LIKE_DISCUSS: 'Like_Discuss', LIKE_POST: 'Like_Post' } as const;
export type RemindActionValue = (typeof RemindAction)[keyof typeof RemindAction];

/** A message of the discuss, reply and like tabs. */
export interface UserMessage {
  id: number;
  /** read */
  state: boolean;
  senderId: string | null;
  senderUsername: string | null;
  senderAvatar: string | null;
  action: RemindActionValue;
  sourceType: 'Discussion' | 'Contest';
  sourceId: number;
  sourceTitle: string;
  /** the comment or reply that was written, or the liked text (plain, shortened) */
  sourceContent: string | null;
  /** what it answers: my comment or reply (plain, shortened) */
  quoteContent: string | null;
  /** the site path to open (a discussion, or a contest's comment tab) */
  url: string;
  gmtCreate: string;
}

/** A message of the sys and mine tabs. */
export interface SystemMessage {
  id: number;
  title: string;
  content: string;
  state: boolean;
  gmtCreate: string;
}

/** The message-centre tabs and what DELETE msg/clean calls them. */
export const MESSAGE_TYPES = ['Discuss', 'Reply', 'Like', 'Sys', 'Mine'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Recipients of an admin notice: all users, chosen users, the admins. */
export const NOTICE_TYPES = ['All', 'Single', 'Admin'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export interface AdminNotice {
  id: number;
  title: string;
  content: string;
  type: NoticeType;
  /** usernames of the chosen recipients (Single) */
  recipients: string[];
  /** delivered to the recipients' lists */
  state: boolean;
  adminName: string | null;
  gmtCreate: string;
}

// ---------------------------------------------------------------------------------------------
// Requests

export const discussionIdQuery = z.object({ did: dbId });

/**
 * HOJ's five default discussion categories (rows of migration 0010, named in Chinese) and the key each is
 * translated by on the screens: these show in the viewer's language, categories an admin
 * made or renamed show as typed.
 */
export const DEFAULT_DISCUSSION_CATEGORIES: Readonly<Record<string, 'chat' | 'solution' | 'help' | 'suggestion' | 'record'>> = {
  闲聊: 'chat',
  题解: 'solution',
  求助: 'help',
  建议: 'suggestion',
  记录: 'record',
};

/** GET get-discussion-list: `cid` is the category (HOJ's name), `pid` a problem display id. */
export const discussionListQuery = pagingQuery(DISCUSSION_LIMITS.pageSize).extend({
  keyword: z.string().trim().max(100).optional(),
  cid: dbId.optional(),
  pid: z.string().trim().max(100).optional(),
  onlyMine: bool.optional(),
});

const discussionFields = {
  title: requiredText('Title', DISCUSSION_LIMITS.titleMax),
  description: requiredText('Description', DISCUSSION_LIMITS.descriptionMax),
  categoryId: dbId,
  content: requiredText('Content', DISCUSSION_LIMITS.contentMax),
  /** the problem (display id) a discussion is about; empty: none */
  pid: z.string().trim().max(100).nullish(),
  /** admin roles only; ignored for others */
  topPriority: z.boolean().optional(),
};
export const addDiscussionBody = z.object(discussionFields);
export const updateDiscussionBody = z.object({ id: dbId, ...discussionFields });

export const discussionLikeQuery = z.object({ did: dbId, toLike: bool });

export const discussionReportBody = z
  .object({
    did: dbId,
    tags: z.array(z.enum(REPORT_TAGS)).max(REPORT_TAGS.length).default([]),
    reason: z.string().trim().max(DISCUSSION_LIMITS.reportReasonMax, `Reason Can not exceed ${DISCUSSION_LIMITS.reportReasonMax}`).default(''),
  })
  .refine((v) => v.tags.length > 0 || v.reason.length > 0, { message: MSG.reportEmpty });

/** POST discussion-category: the whole list; entries without id are new, missing ones are deleted. */
export const categoriesBody = z
  .array(
    z.object({
      id: dbId.optional(),
      name: requiredText('Name', DISCUSSION_LIMITS.categoryNameMax),
    }),
  )
  .max(DISCUSSION_LIMITS.categoriesMax);

const commentSource = { did: dbId.optional(), cid: dbId.optional() };
const oneSource = <T extends { did?: number; cid?: number }>(v: T) => (v.did === undefined) !== (v.cid === undefined);
const oneSourceMsg = { message: 'Give either a discussion (did) or a contest (cid).' };

export const commentListQuery = pagingQuery(DISCUSSION_LIMITS.commentPageSize).extend(commentSource).refine(oneSource, oneSourceMsg);

const commentContent = z
  .string({ error: 'Content cannot be empty' })
  .trim()
  .min(1, 'Content cannot be empty')
  .max(DISCUSSION_LIMITS.commentMax, `Content Can not exceed ${DISCUSSION_LIMITS.commentMax}`);

export const addCommentBody = z.object({ ...commentSource, content: commentContent }).refine(oneSource, oneSourceMsg);
export const idQuery = z.object({ id: dbId });

/** GET comment-like: `cid` is the comment id (HOJ's name); the source says where the comment lives. */
export const commentLikeQuery = z.object({
  cid: dbId,
  toLike: bool,
  sourceId: dbId,
  sourceType: z.enum(['Discussion', 'Contest']),
});

export const replyListQuery = z.object({ commentId: dbId, ...commentSource }).refine(oneSource, oneSourceMsg);

/** POST reply: to the comment's author, or quoting a reply (quoteType Reply, quoteId its id). */
export const addReplyBody = z
  .object({
    ...commentSource,
    reply: z.object({ commentId: dbId, content: commentContent, toUid: z.string().trim().max(64).optional() }),
    quoteId: dbId.optional(),
    quoteType: z.enum(['Comment', 'Reply']).optional(),
  })
  .refine(oneSource, oneSourceMsg);

export const userMessageQuery = pagingQuery(MESSAGE_PAGE_SIZES.user);
export const systemMessageQuery = pagingQuery(MESSAGE_PAGE_SIZES.system);
export const cleanMessagesQuery = z.object({ type: z.enum(MESSAGE_TYPES), id: dbId.optional() });

export const adminDiscussionListQuery = pagingQuery(DISCUSSION_LIMITS.pageSize).extend({
  keyword: z.string().trim().max(100).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});
/** PUT admin/discussion: status and/or top of one discussion. */
export const adminDiscussionBody = z.object({
  id: dbId,
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  topPriority: z.boolean().optional(),
});
/** DELETE admin/discussion: the selected discussions. */
export const deleteDiscussionsBody = z.object({
  ids: z.array(dbId).min(1, MSG.discussionsSelectEmpty).max(DISCUSSION_LIMITS.deleteManyMax),
});
export const reportListQuery = pagingQuery(DISCUSSION_LIMITS.pageSize).extend({ status: bool.optional() });
export const reportStatusBody = z.object({ id: dbId, status: z.boolean() });

export const noticeListQuery = pagingQuery(DISCUSSION_LIMITS.pageSize).extend({ type: z.enum(NOTICE_TYPES).optional() });
export const noticeBody = z.object({
  id: dbId.optional(),
  title: requiredText('Title', DISCUSSION_LIMITS.noticeTitleMax),
  content: requiredText('Content', DISCUSSION_LIMITS.noticeContentMax),
  type: z.enum(NOTICE_TYPES),
  /** usernames, for Single */
  recipients: z.array(z.string().trim().min(1).max(100)).max(DISCUSSION_LIMITS.noticeRecipientsMax).default([]),
});

// ---------------------------------------------------------------------------------------------
// Calls (paths after /api/)

export const discussionEndpoints = {
  categories: endpoint<DiscussionCategory[]>()({ method: 'GET', path: 'discussion-category' }),
  /** super admin */
  saveCategories: endpoint<DiscussionCategory[]>()({ method: 'POST', path: 'discussion-category', body: categoriesBody }),
  list: endpoint<DiscussionListPage>()({ method: 'GET', path: 'get-discussion-list', query: discussionListQuery }),
  /** counts one view */
  detail: endpoint<DiscussionDetail>()({ method: 'GET', path: 'get-discussion-detail', query: discussionIdQuery }),
  add: endpoint<DiscussionDetail>()({ method: 'POST', path: 'discussion', body: addDiscussionBody }),
  /** the author */
  update: endpoint<DiscussionDetail>()({ method: 'PUT', path: 'discussion', body: updateDiscussionBody }),
  /** the author or an admin role */
  remove: endpoint<null>()({ method: 'DELETE', path: 'discussion', query: discussionIdQuery }),
  like: endpoint<{ likeNum: number; hasLike: boolean }>()({ method: 'GET', path: 'discussion-like', query: discussionLikeQuery }),
  report: endpoint<null>()({ method: 'POST', path: 'discussion-report', body: discussionReportBody }),
} as const;

export const commentEndpoints = {
  list: endpoint<CommentPage>()({ method: 'GET', path: 'comments', query: commentListQuery }),
  add: endpoint<Comment>()({ method: 'POST', path: 'comment', body: addCommentBody }),
  /** the author, an admin role; in a contest its admins */
  remove: endpoint<null>()({ method: 'DELETE', path: 'comment', query: idQuery }),
  like: endpoint<{ likeNum: number; hasLike: boolean }>()({ method: 'GET', path: 'comment-like', query: commentLikeQuery }),
  replies: endpoint<Reply[]>()({ method: 'GET', path: 'reply', query: replyListQuery }),
  addReply: endpoint<Reply>()({ method: 'POST', path: 'reply', body: addReplyBody }),
  removeReply: endpoint<null>()({ method: 'DELETE', path: 'reply', query: idQuery }),
} as const;

/** The message centre (unread counters: `siteEndpoints.unread`). Listing a page marks it read. */
export const messageEndpoints = {
  comment: endpoint<Page<UserMessage>>()({ method: 'GET', path: 'msg/comment', query: userMessageQuery }),
  reply: endpoint<Page<UserMessage>>()({ method: 'GET', path: 'msg/reply', query: userMessageQuery }),
  like: endpoint<Page<UserMessage>>()({ method: 'GET', path: 'msg/like', query: userMessageQuery }),
  sys: endpoint<Page<SystemMessage>>()({ method: 'GET', path: 'msg/sys', query: systemMessageQuery }),
  mine: endpoint<Page<SystemMessage>>()({ method: 'GET', path: 'msg/mine', query: systemMessageQuery }),
  clean: endpoint<null>()({ method: 'DELETE', path: 'msg/clean', query: cleanMessagesQuery }),
} as const;

export const adminDiscussionEndpoints = {
  /** admin roles: every discussion, hidden ones included */
  list: endpoint<Page<DiscussionListRow>>()({ method: 'GET', path: 'admin/discussion', query: adminDiscussionListQuery }),
  update: endpoint<null>()({ method: 'PUT', path: 'admin/discussion', body: adminDiscussionBody }),
  remove: endpoint<null>()({ method: 'DELETE', path: 'admin/discussion', body: deleteDiscussionsBody }),
  reports: endpoint<Page<DiscussionReport>>()({ method: 'GET', path: 'admin/discussion-report', query: reportListQuery }),
  handleReport: endpoint<null>()({ method: 'PUT', path: 'admin/discussion-report', body: reportStatusBody }),
} as const;

/** Super admin (notices are the super admin's). */
export const adminNoticeEndpoints = {
  list: endpoint<Page<AdminNotice>>()({ method: 'GET', path: 'admin/msg/notice', query: noticeListQuery }),
  add: endpoint<AdminNotice>()({ method: 'POST', path: 'admin/msg/notice', body: noticeBody }),
  update: endpoint<AdminNotice>()({ method: 'PUT', path: 'admin/msg/notice', body: noticeBody }),
  remove: endpoint<null>()({ method: 'DELETE', path: 'admin/msg/notice', query: idQuery }),
  /** Delivers one notice at once instead of at the next hourly run; a delivered one stays as it is. */
  sendNow: endpoint<AdminNotice>()({ method: 'POST', path: 'admin/msg/notice/send', body: idQuery }),
} as const;

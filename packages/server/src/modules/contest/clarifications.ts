/**
 * Contest clarifications: while a contest runs its participants ask about a problem or the contest; its
 * admins (policy `answer` on a clarification: the contest admin) answer privately or to everyone, an
 * answer to everyone being published as a contest announcement in the same transaction. Who sees which
 * question is the policy's `view`; the list's SQL asks the same (the asker's own, public ones; staff all).
 * The contest's admins are told of a new question by a message (unread badge) and the live stream, the
 * asker of his answer the same way.
 */
import { aliasedTable, and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import {
  type answerClarificationBody,
  CLARIFICATION_LIMITS,
  type ClarificationPage,
  ContestStatus,
  type ContestClarification,
  may,
  type Resource,
} from '@oj/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { pageOf, pageOffset } from '../../db/page.js';
import { contestClarifications as cl, contestProblems, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/auth.js';
import { fail, forbidden, notFound } from '../../lib/errors.js';
import { publishClarification } from '../../lib/live-publish.js';
import { writeAnnouncement } from '../announcement/rows.js';
import { excerpt, tellMine } from '../message/write.js';
import { assertCanView, assertTakesPart, type ContestRow, contestOwner, contestResource, statusOf, visibleContest } from './access.js';

const asker = aliasedTable(users, 'asker');
const answerer = aliasedTable(users, 'answerer');

const columns = {
  id: cl.id,
  cid: cl.cid,
  uid: cl.uid,
  displayId: contestProblems.displayId,
  problemTitle: contestProblems.displayTitle,
  username: asker.username,
  content: cl.content,
  answer: cl.answer,
  public: cl.public,
  answeredBy: answerer.username,
  announcementId: cl.announcementId,
  gmtCreate: cl.gmtCreate,
  answeredAt: cl.answeredAt,
};

type Row = {
  id: number;
  cid: number;
  uid: string;
  displayId: string | null;
  problemTitle: string | null;
  username: string | null;
  content: string;
  answer: string | null;
  public: boolean;
  answeredBy: string | null;
  announcementId: number | null;
  gmtCreate: Date;
  answeredAt: Date | null;
};

const selectRows = (db: DbOrTx) =>
  db
    .select(columns)
    .from(cl)
    .leftJoin(contestProblems, eq(contestProblems.id, cl.problemId))
    .leftJoin(asker, eq(asker.uid, cl.uid))
    .leftJoin(answerer, eq(answerer.uid, cl.answeredBy));

const resourceOf = (c: ContestRow, r: Pick<Row, 'uid' | 'public'>): Resource => ({
  kind: 'clarification',
  uid: r.uid,
  public: r.public,
  contest: { uid: c.uid, gid: c.gid },
});

/** The row as `user` sees it: the asker's name only for the contest's admins and the asker himself. */
const view = (r: Row, user: AuthUser, staff: boolean): ContestClarification => ({
  id: r.id,
  cid: r.cid,
  displayId: r.displayId,
  problemTitle: r.problemTitle,
  username: staff || r.uid === user.uid ? r.username : null,
  mine: r.uid === user.uid,
  content: r.content,
  answer: r.answer,
  public: r.public,
  answeredBy: r.answer === null ? null : r.answeredBy,
  announcementId: r.announcementId,
  gmtCreate: r.gmtCreate.toISOString(),
  gmtAnswered: r.answeredAt?.toISOString() ?? null,
});

/** The contest, once the caller may see inside it, and whether he administers it (the policy's actor in the contest's owner). */
async function enteredContest(db: DbOrTx, cid: number, user: AuthUser) {
  const c = await visibleContest(db, cid, user);
  await assertCanView(db, c, user);
  const { actor } = await contestOwner(db, c, user);
  return { c, actor, staff: may(actor, 'administer', contestResource(c)) };
}

/** Participants: their own questions and the answers to everyone, newest first; staff: every question, unanswered first. */
export async function clarificationList(ctx: AppContext, user: AuthUser, q: { cid: number; currentPage: number; limit: number }): Promise<ClarificationPage> {
  const { db } = ctx.database;
  const { c, actor, staff } = await enteredContest(db, q.cid, user);
  const where = and(eq(cl.cid, c.id), staff ? undefined : or(eq(cl.uid, user.uid), eq(cl.public, true)));
  const openWhere = and(eq(cl.cid, c.id), isNull(cl.answeredAt), staff ? undefined : eq(cl.uid, user.uid));
  const [{ records, total }, [open]] = await Promise.all([
    pageOf(
      selectRows(db)
        .where(where)
        .orderBy(...(staff ? [sql`${cl.answeredAt} is null desc`] : []), desc(cl.id))
        .limit(q.limit)
        .offset(pageOffset(q.currentPage, q.limit)),
      db.select({ n: count() }).from(cl).where(where),
    ),
    db.select({ n: count() }).from(cl).where(openWhere),
  ]);
  // The SQL above is the policy's `view`; asking it per row keeps the two from drifting apart unseen.
  const shown = records.filter((r) => may(actor, 'view', resourceOf(c, r)));
  return { records: shown.map((r) => view(r, user, staff)), total, staff, open: open?.n ?? 0 };
}

/**
 * Those told of a new question by a message: the contest's creator, and for a group contest the group's
 * owner and roots (the contest's admins by name; the site's super admins answer too, but a message to
 * each of them for every question of every contest would bury their inbox).
 */
async function staffToTell(db: DbOrTx, c: ContestRow, askerUid: string): Promise<string[]> {
  const res = await db.execute<{ uid: string }>(sql`
    select ${c.uid ?? ''}::text as uid where ${c.uid ?? ''} <> ''
    union select g.owner_uid from "group" g where g.id = ${c.gid}::int and g.owner_uid is not null
    union select m.uid from group_member m where m.gid = ${c.gid}::int and m.auth = 5`);
  return res.rows.map((r) => r.uid).filter((uid) => uid !== askerUid);
}

/** A participant asks (during the contest only), within the flood limits; the contest's admins are told. */
export async function askClarification(
  ctx: AppContext,
  user: AuthUser,
  body: { cid: number; displayId?: string | null; content: string },
): Promise<ContestClarification> {
  const { db } = ctx.database;
  const c = await visibleContest(db, body.cid, user);
  await assertTakesPart(db, c, user);
  if (statusOf(c) !== ContestStatus.RUNNING) throw fail('clarificationClosed');
  const content = body.content.trim();
  if (!content) throw fail('clarificationEmpty');
  if (content.length > CLARIFICATION_LIMITS.questionMax) throw fail('clarificationTooLong', { max: CLARIFICATION_LIMITS.questionMax });
  let problemId: number | null = null;
  if (body.displayId) {
    const [p] = await db
      .select({ id: contestProblems.id })
      .from(contestProblems)
      .where(and(eq(contestProblems.cid, c.id), sql`upper(${contestProblems.displayId}) = upper(${body.displayId})`));
    if (!p) throw fail('contestProblemNotFound', { displayId: body.displayId });
    problemId = p.id;
  }
  const id = await db.transaction(async (tx) => {
    // One question at a time per user and contest, so two requests at once cannot both pass the limits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`clarification:${c.id}:${user.uid}`}))`);
    const res = await tx.execute<{ open: number; wait: number | null }>(sql`
      select count(*) filter (where answered_at is null)::int as open,
        ceil(extract(epoch from (max(gmt_create) + make_interval(secs => ${CLARIFICATION_LIMITS.intervalSec}) - now())))::int as wait
      from contest_clarification where cid = ${c.id} and uid = ${user.uid}`);
    const { open, wait } = res.rows[0] ?? { open: 0, wait: null };
    if (open >= CLARIFICATION_LIMITS.openPerUser) throw fail('clarificationTooMany', { count: open });
    const seconds = Math.max(0, wait ?? 0);
    if (seconds > 0) throw fail('clarificationTooFast', { seconds }, { seconds });
    const [made] = await tx.insert(cl).values({ cid: c.id, uid: user.uid, problemId, content }).returning({ id: cl.id });
    const about = `${c.title}${body.displayId ? ` (${body.displayId.toUpperCase()})` : ''}: ${excerpt(content)}`;
    for (const uid of await staffToTell(tx, c, user.uid)) await tellMine(tx, uid, 'mineClarificationAsked', about);
    await publishClarification(tx, c.id, user.uid);
    return made!.id;
  });
  const [row] = await selectRows(db).where(eq(cl.id, id));
  return view(row!, user, false);
}

/** The announcement of an answer to everyone: the question quoted, then the answer. */
const announcementText = (question: string, answer: string) =>
  `${question
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')}\n\n${answer}`;

/** A question of the contest `cid` that the caller may `action` as one of its admins; refused or not found otherwise. */
async function staffClarification(ctx: AppContext, user: AuthUser, q: { id: number; cid: number }, action: 'answer' | 'delete') {
  const { db } = ctx.database;
  const c = await visibleContest(db, q.cid, user);
  const [row] = await selectRows(db).where(and(eq(cl.id, q.id), eq(cl.cid, c.id)));
  if (!row) throw notFound('clarificationNotFound');
  const { actor } = await contestOwner(db, c, user);
  if (!may(actor, action, resourceOf(c, row))) throw forbidden();
  return { c, row };
}

/**
 * The contest's admins answer (again: the answer is replaced). An answer to everyone stays so, and is
 * published as (or updates) its contest announcement in the same transaction; the asker gets a message.
 */
export async function answerClarification(ctx: AppContext, user: AuthUser, body: z.output<typeof answerClarificationBody>): Promise<ContestClarification> {
  const { db } = ctx.database;
  const { c, row } = await staffClarification(ctx, user, body, 'answer');
  const answer = body.answer.trim();
  if (!answer) throw fail('clarificationAnswerEmpty');
  if (answer.length > CLARIFICATION_LIMITS.answerMax) throw fail('clarificationAnswerTooLong', { max: CLARIFICATION_LIMITS.answerMax });
  const isPublic = row.public || !!body.public;
  await db.transaction(async (tx) => {
    let announcementId = row.announcementId;
    if (isPublic) {
      const title = body.title?.trim() || `Clarification${row.displayId ? ` ${row.displayId}` : ''}`;
      const a = await writeAnnouncement(
        ctx,
        { cid: c.id },
        user.uid,
        { id: announcementId ?? undefined, title, content: announcementText(row.content, answer), status: 0 },
        tx,
      );
      announcementId = a.id;
    }
    await tx.update(cl).set({ answer, public: isPublic, answeredBy: user.uid, answeredAt: new Date(), announcementId }).where(eq(cl.id, row.id));
    if (row.uid !== user.uid) await tellMine(tx, row.uid, 'mineClarificationAnswered', `${c.title}: ${excerpt(row.content)}`);
    await publishClarification(tx, c.id, isPublic ? undefined : row.uid);
  });
  const [saved] = await selectRows(db).where(eq(cl.id, row.id));
  return view(saved!, user, true);
}

/**
 * The contest's admins delete a question (a duplicate, spam): its asker may ask again within his limit.
 * An answer to everyone was also published as an announcement, which stays (the announcements tab
 * manages it). The tabs showing it are told, as for an answer.
 */
export async function deleteClarification(ctx: AppContext, user: AuthUser, q: { id: number; cid: number }): Promise<void> {
  const { db } = ctx.database;
  const { c, row } = await staffClarification(ctx, user, q, 'delete');
  await db.transaction(async (tx) => {
    await tx.delete(cl).where(eq(cl.id, row.id));
    await publishClarification(tx, c.id, row.public ? undefined : row.uid);
  });
}

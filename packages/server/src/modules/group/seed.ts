/**
 * Demo groups for a fresh site (seed.ts calls this after the demo problems, contests and trainings):
 * a public club and a private class, both owned by root, with the demo users as members (one of them
 * an admin of the club, one still applying to the class), a problem of each group's own, a training
 * in the club and a running contest in the class. Nothing is done when a group exists already or the
 * demo users or problems are missing.
 */
import crypto from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { ContestAuth, ContestType, GroupAuth, GroupLevel, TrainingAuth } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { contestProblems, contests, groupMembers, groups, problems, trainingCategories, trainingProblems, trainings, users } from '../../db/schema/index.js';
import { saveCaseSet } from '../../lib/testdata.js';
import { demoProblems, type DemoProblem } from '../../seed-problems.js';
import { demoTexts } from '../../demo-texts/index.js';

const DAY = 24 * 3600_000;

/** A copy of a demo problem as a group's own problem (its id carries the group's short name). */
async function groupProblem(ctx: AppContext, gid: number, shortName: string, demo: DemoProblem, author: string): Promise<{ id: number; title: string }> {
  const { db } = ctx.database;
  const [row] = await db
    .insert(problems)
    .values({
      problemId: `${shortName}1`,
      title: demo.title,
      author,
      description: demo.description,
      input: demo.input,
      output: demo.output,
      hint: demo.hint,
      source: 'Demo',
      difficulty: demo.difficulty,
      examples: [{ input: demo.cases[0]!.input, output: demo.cases[0]!.output }],
      isUploadCase: false,
      isGroup: true,
      gid,
    })
    .returning({ id: problems.id, title: problems.title });
  await saveCaseSet(ctx.database, ctx.config.dataDir, row!.id, demo.cases);
  return row!;
}

export async function seedGroups(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const [existing] = await db.select({ n: count() }).from(groups);
  if ((existing?.n ?? 0) > 0) return 0;
  const people = await db
    .select({ uid: users.uid, username: users.username })
    .from(users)
    .where(inArray(users.username, ['root', 'demo_ada', 'demo_bob', 'demo_cyd']));
  const uid = (name: string) => people.find((p) => p.username === name)?.uid;
  const root = uid('root');
  const words = demoTexts(ctx.config.demoLang).groups;
  const DEMO_PROBLEMS = demoProblems(ctx.config.demoLang);
  const [aPlusB] = await db.select({ id: problems.id, title: problems.title }).from(problems).where(eq(problems.problemId, 'P1000'));
  if (!root || !uid('demo_ada') || !uid('demo_bob') || !uid('demo_cyd') || !aPlusB || DEMO_PROBLEMS.length < 2) return 0;

  const [club] = await db
    .insert(groups)
    .values({
      name: words.club.name,
      shortName: 'ALGOCLUB',
      brief: words.club.brief,
      description: words.club.description,
      ownerUid: root,
      owner: 'root',
      auth: GroupAuth.PUBLIC,
    })
    .returning({ id: groups.id });
  const code = crypto.randomBytes(4).toString('base64url').slice(0, 6).toUpperCase();
  const [klass] = await db
    .insert(groups)
    .values({
      name: words.klass.name,
      shortName: 'CLASS26',
      brief: words.klass.brief,
      description: words.klass.description,
      ownerUid: root,
      owner: 'root',
      auth: GroupAuth.PRIVATE,
      code,
    })
    .returning({ id: groups.id });
  await db.insert(groupMembers).values([
    { gid: club!.id, uid: root, auth: GroupLevel.ROOT },
    { gid: club!.id, uid: uid('demo_ada')!, auth: GroupLevel.ADMIN },
    { gid: club!.id, uid: uid('demo_bob')!, auth: GroupLevel.MEMBER },
    { gid: klass!.id, uid: root, auth: GroupLevel.ROOT },
    { gid: klass!.id, uid: uid('demo_cyd')!, auth: GroupLevel.MEMBER },
    { gid: klass!.id, uid: uid('demo_bob')!, auth: GroupLevel.APPLYING, reason: words.applyReason },
  ]);

  const clubProblem = await groupProblem(ctx, club!.id, 'ALGOCLUB', DEMO_PROBLEMS[1]!, 'root');
  const classProblem = await groupProblem(ctx, klass!.id, 'CLASS26', DEMO_PROBLEMS[0]!, 'root');

  const [category] = await db
    .insert(trainingCategories)
    .values({ name: words.warmupCategory, color: '#19be6b', gid: club!.id })
    .returning({ id: trainingCategories.id });
  const [training] = await db
    .insert(trainings)
    .values({
      title: words.clubTraining.title,
      description: words.clubTraining.description,
      author: 'root',
      uid: root,
      auth: TrainingAuth.PUBLIC,
      rank: 1,
      gid: club!.id,
      categoryId: category!.id,
    })
    .returning({ id: trainings.id });
  await db.insert(trainingProblems).values([
    { tid: training!.id, pid: aPlusB.id, rank: 1, displayId: 'P1000' },
    { tid: training!.id, pid: clubProblem.id, rank: 2, displayId: 'ALGOCLUB1' },
  ]);

  const now = Date.now();
  const [quiz] = await db
    .insert(contests)
    .values({
      uid: root,
      author: 'root',
      title: words.quiz.title,
      description: words.quiz.description,
      type: ContestType.ACM,
      auth: ContestAuth.PUBLIC,
      startTime: new Date(now - DAY),
      endTime: new Date(now + 30 * DAY),
      gid: klass!.id,
    })
    .returning({ id: contests.id });
  await db.insert(contestProblems).values({ cid: quiz!.id, pid: classProblem.id, displayId: 'A', displayTitle: classProblem.title, color: '#e74c3c' });
  return 2;
}

/**
 * Demo trainings for a fresh site (seed.ts calls this right after the demo problems and contests):
 * two categories, two public trainings (one per category; the first starts with A + B) and a private
 * one whose password — random per site — is written in its description. Nothing is done when a
 * training or category exists already or the demo problems are missing.
 */
import crypto from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { TrainingAuth } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { problems, trainingCategories, trainingProblems, trainings, users } from '../../db/schema/index.js';
import { demoTexts } from '../../demo-texts/index.js';

/** `text` names the training's words in demo-texts. */
const DEMO = [
  {
    text: 'gettingStarted',
    category: 0,
    auth: TrainingAuth.PUBLIC,
    problems: ['P1000', 'P1001', 'P1002', 'P1003', 'P1012'],
  },
  {
    text: 'classic',
    category: 1,
    auth: TrainingAuth.PUBLIC,
    problems: ['P1004', 'P1005', 'P1006', 'P1007', 'P1008', 'P1009', 'P1011'],
  },
  {
    text: 'private',
    category: 1,
    auth: TrainingAuth.PRIVATE,
    problems: ['P1010', 'P1005', 'P1009'],
  },
] as const;

export async function seedTrainings(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const [existing] = await db.select({ n: count() }).from(trainings);
  const [existingCategories] = await db.select({ n: count() }).from(trainingCategories);
  if ((existing?.n ?? 0) > 0 || (existingCategories?.n ?? 0) > 0) return 0;
  const bank = await db
    .select({ id: problems.id, problemId: problems.problemId })
    .from(problems)
    .where(inArray(problems.problemId, [...new Set(DEMO.flatMap((d) => d.problems))]));
  const pidOf = new Map(bank.map((p) => [p.problemId, p.id]));
  if (!pidOf.has('P1000')) return 0;
  const [root] = await db.select({ uid: users.uid, username: users.username }).from(users).where(eq(users.username, 'root'));
  const words = demoTexts(ctx.config.demoLang).trainings;
  const categories = await db
    .insert(trainingCategories)
    .values([
      { name: words.categories.beginner, color: '#19be6b' },
      { name: words.categories.algorithms, color: '#2d8cf0' },
    ])
    .returning({ id: trainingCategories.id });
  const password = crypto.randomBytes(6).toString('base64url');
  for (const [i, demo] of DEMO.entries()) {
    const priv = demo.auth === TrainingAuth.PRIVATE;
    const text = words[demo.text];
    const [t] = await db
      .insert(trainings)
      .values({
        title: text.title,
        description: typeof text.description === 'function' ? text.description(password) : text.description,
        author: root?.username ?? null,
        uid: root?.uid ?? null,
        auth: demo.auth,
        privatePwd: priv ? password : null,
        rank: i + 1,
        categoryId: categories[demo.category]!.id,
      })
      .returning({ id: trainings.id });
    const links = demo.problems.flatMap((problemId, rank) => {
      const pid = pidOf.get(problemId);
      return pid === undefined ? [] : [{ tid: t!.id, pid, rank: rank + 1, displayId: problemId }];
    });
    if (links.length) await db.insert(trainingProblems).values(links);
  }
  return DEMO.length;
}

/**
 * Demo discussions for a fresh site (seed.ts calls this with the demo trainings): three discussions by
 * root in the default categories of migration 0010 — one about the demo problem P1000 — with a
 * comment or two, so the discussion screens and the problem's Discussion button show something.
 * Nothing is done when a discussion exists already, or the categories or P1000 are missing.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { comments, discussionCategories, discussions, problems, users } from '../../db/schema/index.js';
import { demoTexts } from '../../demo-texts/index.js';

/** Where each demo discussion goes; its words (`text`) come from demo-texts in OJ_DEMO_LANG. */
const DEMO = [
  { category: '题解', pid: 'P1000', text: 'solution' },
  { category: '闲聊', pid: null, text: 'chat' },
  { category: '建议', pid: null, text: 'ideas' },
] as const;

export async function seedDiscussions(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const [existing] = await db.select({ n: count() }).from(discussions);
  if ((existing?.n ?? 0) > 0) return 0;
  const [root] = await db.select({ uid: users.uid, username: users.username }).from(users).where(eq(users.username, 'root'));
  const cats = await db
    .select({ id: discussionCategories.id, name: discussionCategories.name })
    .from(discussionCategories)
    .where(inArray(discussionCategories.name, [...new Set(DEMO.map((d) => d.category))]));
  const catOf = new Map(cats.map((c) => [c.name, c.id]));
  const [p1000] = await db.select({ problemId: problems.problemId }).from(problems).where(sql`upper(${problems.problemId}) = 'P1000'`);
  if (!root || !p1000 || DEMO.some((d) => !catOf.has(d.category))) return 0;
  const words = demoTexts(ctx.config.demoLang).discussions;
  return db.transaction(async (tx) => {
    for (const demo of DEMO) {
      const text = words[demo.text];
      const [d] = await tx
        .insert(discussions)
        .values({
          categoryId: catOf.get(demo.category)!,
          title: text.title,
          description: text.description,
          content: text.content,
          pid: demo.pid ? p1000.problemId : null,
          uid: root.uid,
          author: root.username,
          topPriority: demo.category === '闲聊',
          commentNum: text.comments.length,
        })
        .returning({ id: discussions.id });
      if (text.comments.length)
        await tx.insert(comments).values(text.comments.map((content) => ({ did: d!.id, uid: root.uid, fromName: root.username, content })));
    }
    return DEMO.length;
  });
}

/**
 * Demo discussions for a fresh site (seed.ts calls this with the demo trainings): three discussions by
 * root in the default categories of migration 0010 — one about the demo problem P1000 — with a
 * comment or two, so the discussion screens and the problem's Discussion button show something.
 * Nothing is done when a discussion exists already, or the categories or P1000 are missing.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { comments, discussionCategories, discussions, problems, users } from '../../db/schema/index.js';

const DEMO = [
  {
    category: '题解',
    pid: 'P1000',
    title: 'Reading two numbers and printing their sum',
    description: 'How input and output work on this judge, with A + B in C++ and Python.',
    content:
      'Read the input from **standard input** and print to **standard output**; nothing else is checked.\n\n' +
      '```cpp\n#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a + b << "\\n";\n}\n```\n\n' +
      '```python\na, b = map(int, input().split())\nprint(a + b)\n```\n\nUse `long long` when the sum may not fit in 32 bits.',
    comments: ['Remember the newline at the end of the output: most checkers ignore it, some do not.'],
  },
  {
    category: '闲聊',
    pid: null,
    title: 'Welcome to the discussion area',
    description: 'Introduce yourself, share what you are practising, ask for a study partner.',
    content: 'Be kind, stay on topic, and do not post full solutions of running contests. Markdown and $\\LaTeX$ like $a^2 + b^2 = c^2$ work here.',
    comments: ['Hello everyone! Starting with the Getting Started training.', 'Good luck, and have fun!'],
  },
  {
    category: '建议',
    pid: null,
    title: 'Ideas for new problems and features',
    description: 'Tell the administrators what you would like to see on the site.',
    content: 'Post one idea per comment, so that others can like the ones they agree with.',
    comments: [],
  },
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
  return db.transaction(async (tx) => {
    for (const demo of DEMO) {
      const [d] = await tx
        .insert(discussions)
        .values({
          categoryId: catOf.get(demo.category)!,
          title: demo.title,
          description: demo.description,
          content: demo.content,
          pid: demo.pid ? p1000.problemId : null,
          uid: root.uid,
          author: root.username,
          topPriority: demo.category === '闲聊',
          commentNum: demo.comments.length,
        })
        .returning({ id: discussions.id });
      if (demo.comments.length)
        await tx.insert(comments).values(demo.comments.map((content) => ({ did: d!.id, uid: root.uid, fromName: root.username, content })));
    }
    return DEMO.length;
  });
}

/**
 * Demo contests for a fresh site (seed.ts calls this right after the demo problems were created): a
 * running public ACM contest with A + B as
 * problem A, an ended OI contest with results on its board, and a scheduled protected contest
 * (password "demo"). Nothing is done when a contest exists already or the demo problems are missing.
 */
import crypto from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { ContestAuth, ContestType, JudgeStatus, ProblemAuth, Role } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { contestProblems, contests, problems, submissions, userRoles, users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/password.js';
import { saveCaseSet } from '../../lib/testdata.js';
import { demoProblems } from '../../seed-problems.js';
import { demoTexts } from '../../demo-texts/index.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Demo participants of the ended contest; their passwords are random (reset them to log in). */
const DEMO_USERS = ['demo_ada', 'demo_bob', 'demo_cyd'];

export async function seedContests(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const [existing] = await db.select({ n: count() }).from(contests);
  if ((existing?.n ?? 0) > 0) return 0;
  const bank = await db
    .select({ id: problems.id, problemId: problems.problemId, title: problems.title })
    .from(problems)
    .where(inArray(problems.problemId, ['P1000', 'P1001']));
  const aPlusB = bank.find((p) => p.problemId === 'P1000');
  const second = bank.find((p) => p.problemId === 'P1001');
  if (!aPlusB || !second) return 0;
  const [root] = await db.select({ uid: users.uid, username: users.username }).from(users).where(eq(users.username, 'root'));
  const words = demoTexts(ctx.config.demoLang).contests;
  const DEMO_PROBLEMS = demoProblems(ctx.config.demoLang);
  const now = Date.now();
  const owner = { uid: root?.uid ?? null, author: root?.username ?? null };

  const [running] = await db
    .insert(contests)
    .values({
      ...owner,
      title: words.acm.title,
      description: words.acm.description,
      type: ContestType.ACM,
      auth: ContestAuth.PUBLIC,
      startTime: new Date(now - HOUR),
      endTime: new Date(now + 30 * DAY),
      openRank: true,
      awardType: 1,
      awardConfig: [
        { priority: 1, name: words.awards.gold, background: '#e6bf25', color: '#ffffff', num: 10 },
        { priority: 2, name: words.awards.silver, background: '#b4c0c7', color: '#ffffff', num: 20 },
        { priority: 3, name: words.awards.bronze, background: '#CD7F32', color: '#ffffff', num: 30 },
      ],
    })
    .returning({ id: contests.id });
  await db.insert(contestProblems).values([
    { cid: running!.id, pid: aPlusB.id, displayId: 'A', displayTitle: aPlusB.title, color: '#e74c3c' },
    { cid: running!.id, pid: second.id, displayId: 'B', displayTitle: second.title, color: '#3498db' },
  ]);

  // OI contests take OI problems: contest-only OI copies of the first two demo problems, 100 points each.
  const oiPids: number[] = [];
  for (const demo of DEMO_PROBLEMS.slice(0, 2)) {
    const [row] = await db
      .insert(problems)
      .values({
        problemId: `OI-${demo.problemId}`,
        title: demo.title,
        author: owner.author,
        description: demo.description,
        input: demo.input,
        output: demo.output,
        hint: demo.hint,
        source: 'Demo',
        difficulty: demo.difficulty,
        type: ContestType.OI,
        auth: ProblemAuth.CONTEST,
        examples: [demo.cases[0]!],
        isUploadCase: false,
      })
      .returning({ id: problems.id });
    const share = Math.floor(100 / demo.cases.length);
    await saveCaseSet(
      ctx.database,
      ctx.config.dataDir,
      row!.id,
      demo.cases.map((c, i) => ({ ...c, score: i === 0 ? 100 - share * (demo.cases.length - 1) : share })),
    );
    oiPids.push(row!.id);
  }
  const oiStart = now - 10 * DAY;
  const [ended] = await db
    .insert(contests)
    .values({
      ...owner,
      title: words.oi.title,
      description: words.oi.description,
      type: ContestType.OI,
      auth: ContestAuth.PUBLIC,
      startTime: new Date(oiStart),
      endTime: new Date(oiStart + 3 * HOUR),
      openRank: true,
      oiRankScoreType: 'Highest',
    })
    .returning({ id: contests.id });
  await db
    .insert(contestProblems)
    .values(oiPids.map((pid, i) => ({ cid: ended!.id, pid, displayId: String.fromCharCode(65 + i), displayTitle: DEMO_PROBLEMS[i]!.title, color: null })));
  const people: { uid: string; username: string }[] = [];
  for (const username of DEMO_USERS) {
    const [u] = await db
      .insert(users)
      .values({ uid: crypto.randomUUID(), username, password: await hashPassword(crypto.randomBytes(18).toString('base64url')), nickname: username })
      .onConflictDoNothing()
      .returning({ uid: users.uid, username: users.username });
    if (u) {
      await db.insert(userRoles).values({ uid: u.uid, roleId: Role.USER });
      people.push(u);
    }
  }
  // (user, problem, minutes after start, status, score)
  const results: [number, number, number, number, number][] = [
    [0, 0, 12, JudgeStatus.ACCEPTED, 100],
    [0, 1, 95, JudgeStatus.PARTIAL_ACCEPTED, 60],
    [1, 0, 20, JudgeStatus.WRONG_ANSWER, 40],
    [1, 0, 35, JudgeStatus.ACCEPTED, 100],
    [1, 1, 150, JudgeStatus.ACCEPTED, 100],
    [2, 0, 50, JudgeStatus.PARTIAL_ACCEPTED, 80],
  ];
  const solution = (i: number): [string, string] => {
    const sols = DEMO_PROBLEMS[i]!.solutions;
    return sols['C++'] !== undefined ? ['C++', sols['C++']] : (Object.entries(sols)[0] ?? ['C++', '']);
  };
  if (people.length === DEMO_USERS.length) {
    await db.insert(submissions).values(
      results.map(([who, prob, min, status, score]) => {
        const [language, code] = status === JudgeStatus.ACCEPTED ? solution(prob) : ['C++', '// first try'];
        return {
          pid: oiPids[prob]!,
          displayPid: String.fromCharCode(65 + prob),
          uid: people[who]!.uid,
          username: people[who]!.username,
          status,
          score,
          time: 15 + who,
          memory: 1024,
          language,
          code,
          length: Buffer.byteLength(code, 'utf8'),
          cid: ended!.id,
          submitTime: new Date(oiStart + min * 60_000),
          judger: 'demo',
        };
      }),
    );
  }

  const [scheduled] = await db
    .insert(contests)
    .values({
      ...owner,
      title: words.protected.title,
      description: words.protected.description,
      type: ContestType.ACM,
      auth: ContestAuth.PROTECTED,
      pwd: 'demo',
      startTime: new Date(now + 7 * DAY),
      endTime: new Date(now + 7 * DAY + 3 * HOUR),
      sealRank: true,
      sealRankTime: new Date(now + 7 * DAY + 2 * HOUR),
    })
    .returning({ id: contests.id });
  await db.insert(contestProblems).values({ cid: scheduled!.id, pid: aPlusB.id, displayId: 'A', displayTitle: aPlusB.title, color: '#2ecc71' });
  return 3;
}

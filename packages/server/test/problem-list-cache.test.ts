import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { connect, type Database } from '../src/db/client.js';
import { createTestApp, type TestApp } from './harness.js';
import { rootToken } from './helpers.js';
import { client } from './client.js';
import { likeOf } from '../src/lib/like.js';

/**
 * The bank's problem list is kept per API node while `problem_list_version` stays the same (migration
 * 0028, modules/problem/list-cache.ts). Node A is the test app, node B a second app with its own pool on
 * the same database: every change committed anywhere shows at B's very next request (no notice to wait
 * for), the verdict counts are always fresh, and only a write that bypasses the triggers is not seen.
 */
describe('problem list pages kept across API nodes', () => {
  let t: TestApp;
  let root: string;
  let bDb: Database;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let p1: number;
  let p2: number;
  let tagId: number;

  const listOnB = async (query: Record<string, string | number> = {}) => {
    const r = await client({ app: b }).call('problem.list', { query: { limit: 30, ...query } });
    expect(r.status).toBe(200);
    return r.data;
  };
  const version = async () => Number((await t.database.db.execute<{ v: string }>(sql`select version::text as v from problem_list_version`)).rows[0]!.v);

  beforeAll(async () => {
    t = await createTestApp();
    root = await rootToken(t);
    const create = async (problemId: string, tag: string) => {
      const r = await client(t, root).call('adminProblem.create', {
        body: {
          problem: { problemId, title: `Title ${problemId}`, description: 'Add two numbers.' },
          samples: [{ input: '1 2\n', output: '3\n' }],
          languages: [],
          tags: [{ name: tag }],
          codeTemplates: [],
        },
      });
      expect(r.status).toBe(200);
      return r.data.pid;
    };
    p1 = await create('P1000', 'math');
    p2 = await create('P1001', 'graph');
    tagId = (await t.database.db.execute<{ id: number }>(sql`select id from tag where name = 'graph'`)).rows[0]!.id;
    bDb = connect(t.database.url, 2);
    b = await buildApp({ config: t.config, database: bDb });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await bDb?.close();
    await t?.close();
  });

  it('serves a kept page: a title changed with the triggers off is not seen until the version moves', async () => {
    expect((await listOnB()).records.map((r) => r.title)).toEqual(['Title P1000', 'Title P1001']);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update problem set title = 'Silent' where id = ${p1}`);
    });
    // Only the kept page can explain the old title.
    expect((await listOnB()).records[0]!.title).toBe('Title P1000');
    await t.database.db.execute(sql`update problem_list_version set version = version + 1`);
    expect((await listOnB()).records[0]!.title).toBe('Silent');
  });

  it("shows a problem hidden on node A at node B's next request, total included", async () => {
    expect((await listOnB()).total).toBe(2);
    const r = await client(t, root).call('adminProblem.changeAuth', { body: { id: p2, auth: 2 } });
    expect(r.status).toBe(200);
    const after = await listOnB();
    expect(after.records.map((x) => x.pid)).toEqual([p1]);
    expect(after.total).toBe(1);
    // Those who list hidden problems have their own pages.
    const rootList = await client({ app: b }, root).call('problem.list', { query: { auth: 2 } });
    expect(rootList.data.records.map((x) => x.pid)).toEqual([p2]);
    await client(t, root).call('adminProblem.changeAuth', { body: { id: p2, auth: 1 } });
    expect((await listOnB()).total).toBe(2);
  });

  it("follows a tag renamed, and a keyword's page a new problem joins", async () => {
    expect((await listOnB({ tagId })).records.map((r) => r.tags.map((x) => x.name))).toEqual([['graph']]);
    const r = await client(t, root).call('adminProblem.updateTag', { body: { id: tagId, name: 'graphs', color: null, oj: 'ME' } });
    expect(r.status).toBe(200);
    expect((await listOnB({ tagId })).records[0]!.tags[0]!.name).toBe('graphs');

    expect((await listOnB({ keyword: 'title' })).total).toBe(1);
    await t.database.db.execute(sql`insert into problem (problem_id, title, author, description) values ('P1002', 'Another title', 'root', '')`);
    const found = await listOnB({ keyword: 'title' });
    expect(found.records.map((x) => x.problemId)).toEqual(['P1001', 'P1002']);
  });

  it('reads the verdict counts fresh on a kept page', async () => {
    const before = (await listOnB()).records.find((r) => r.pid === p2)!;
    const v = await version();
    const [{ uid }] = (await t.database.db.execute<{ uid: string }>(sql`select uid from user_info where username = 'root'`)).rows as [{ uid: string }];
    await t.database.db.execute(sql`
      insert into judge (pid, display_pid, uid, username, status, language, code)
      values (${p2}, 'P1001', ${uid}, 'root', 0, 'C++', 'int main() {}')`);
    const after = (await listOnB()).records.find((r) => r.pid === p2)!;
    expect(after.total).toBe(before.total + 1);
    expect(after.ac).toBe(before.ac + 1);
    // A submission is no change of the list itself, and neither is a statement edited.
    await t.database.db.execute(sql`update problem set description = 'Edited.' where id = ${p2}`);
    expect(await version()).toBe(v);
  });

  it('status by a partial problem id follows a problem renamed on node A (the matching ids are kept with the version)', async () => {
    const byId = async (problemID: string) =>
      (await client({ app: b }).call('submission.list', { query: { problemID, limit: 50 } })).data.records.map((r) => r.pid);
    expect(await byId('P100')).toContain(p2);
    await t.database.db.execute(sql`update problem set problem_id = 'Q2001' where id = ${p2}`);
    expect(await byId('P100')).not.toContain(p2);
    expect(await byId('Q20')).toContain(p2);
  });

  it('matches a keyword in memory as the ilike over titles and display ids would, for every filter', async () => {
    const titles = [
      '100% Sum',
      'a_b problem',
      'Back\\slash',
      'ÉCOLE étoile',
      'ΣΊΣΥΦΟΣ σίσυφος',
      'İstanbul ıI',
      'Straße STRASSE',
      '两数之和 A+B',
      'Emoji 🎈 balloon',
      'ǅemal ǆ Ǆ',
    ];
    await t.database.db.transaction(async (tx) => {
      for (const [i, title] of titles.entries()) {
        await tx.execute(sql`
          insert into problem (problem_id, title, author, description, difficulty, auth, is_remote, remote_oj)
          values (${`K${i}_x%`}, ${title}, 'root', '', ${i % 3}, ${i % 4 === 3 ? 2 : 1}, ${i % 5 === 4}, ${i % 5 === 4 ? 'HDU' : null})`);
      }
      await tx.execute(sql`insert into problem_tag (pid, tid) select id, ${tagId} from problem where problem_id like 'K%' and id % 2 = 0`);
    });
    const keywords = [
      '%',
      '_',
      '\\',
      'a_b',
      '100%',
      '0%',
      'x%',
      'k1',
      'K1_',
      'é',
      'É',
      'école',
      'σ',
      'Σ',
      'ς',
      'ΣΊ',
      'i',
      'I',
      'İ',
      'ı',
      'ß',
      'ss',
      '之和',
      'a+b',
      '🎈',
      'ǅ',
      'ǆ',
      'title',
      ' sum ',
      'P100',
      'p1',
      'zzz',
    ];
    const filters: Record<string, string | number>[] = [
      {},
      { difficulty: 1 },
      { oj: 'HDU' },
      { oj: 'ME' },
      { oj: 'nowhere' },
      { tagId },
      { limit: 2, currentPage: 2 },
    ];
    const sqlIds = async (keyword: string, f: Record<string, string | number>, hidden: number | null) => {
      const like = likeOf(keyword.trim());
      const res = await t.database.db.execute<{ id: number }>(sql`
        select id from problem p where gid is null and is_group = false
          and auth = ${hidden ?? 1}
          and (title ilike ${like} or problem_id ilike ${like})
          and (${f.difficulty ?? null}::int is null or difficulty = ${f.difficulty ?? null}::int)
          and (${f.oj ?? null}::text is null or (${f.oj ?? null}::text = 'ME' and not is_remote) or (is_remote and remote_oj = ${f.oj ?? null}::text))
          and (${f.tagId ?? null}::int is null or exists (select 1 from problem_tag pt where pt.pid = p.id and pt.tid = ${f.tagId ?? null}::int))
        order by id`);
      return res.rows.map((r) => r.id);
    };
    let matchedSome = 0;
    for (const keyword of keywords) {
      for (const f of filters) {
        for (const hidden of [null, 2]) {
          const expected = await sqlIds(keyword, f, hidden);
          const r = await client({ app: b }, hidden ? root : undefined).call('problem.list', {
            query: { limit: 50, keyword, ...f, ...(hidden ? { auth: hidden } : {}) },
          });
          expect(r.status).toBe(200);
          const limit = Number(f.limit ?? 50);
          const from = (Number(f.currentPage ?? 1) - 1) * limit;
          expect({ keyword, f, hidden, pids: r.data.records.map((x) => x.pid), total: r.data.total }).toEqual({
            keyword,
            f,
            hidden,
            pids: expected.slice(from, from + limit),
            total: expected.length,
          });
          if (expected.length) matchedSome++;
        }
      }
    }
    // The keywords are no vacuous check: many of them find something.
    expect(matchedSome).toBeGreaterThan(60);
    // Each row as the list without a keyword (read by SQL) shows it, tags included.
    const all = (await client(t).call('problem.list', { query: { limit: 100 } })).data.records;
    for (const row of (await listOnB({ keyword: 'k', limit: 100 })).records) expect(row).toEqual(all.find((x) => x.pid === row.pid));
    expect(all.filter((x) => x.problemId.startsWith('K') && x.tags.length).length).toBeGreaterThan(0);
  });

  it('keeps the searched fields with the version: a title changed with the triggers off is found only once it moves', async () => {
    const p = (await t.database.db.execute<{ id: number }>(sql`select id from problem where problem_id = 'K0_x%'`)).rows[0]!.id;
    expect((await listOnB({ keyword: 'Sum' })).records.map((r) => r.pid)).toContain(p);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update problem set title = 'Quietly renamed' where id = ${p}`);
    });
    // A keyword never asked before: only fields kept in memory can miss the new title.
    expect((await listOnB({ keyword: 'quietly' })).total).toBe(0);
    await t.database.db.execute(sql`update problem_list_version set version = version + 1`);
    expect((await listOnB({ keyword: 'quietly' })).records.map((r) => r.pid)).toEqual([p]);
  });

  it('moves the version once per transaction, at its commit', async () => {
    const v = await version();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update problem set difficulty = 3 where id = ${p1}`);
      await tx.execute(sql`update problem set difficulty = 4 where id = ${p2}`);
      await tx.execute(sql`delete from problem_tag where pid = ${p1}`);
      // Not yet: the triggers are deferred to the commit.
      expect(Number((await tx.execute<{ v: string }>(sql`select version::text as v from problem_list_version`)).rows[0]!.v)).toBe(v);
    });
    expect(await version()).toBe(v + 1);
    expect((await listOnB({ difficulty: 4 })).records.map((r) => r.pid)).toEqual([p2]);
  });
});

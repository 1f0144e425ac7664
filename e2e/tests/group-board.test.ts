/**
 * A group's announcements, rank and discussions in Chromium: the owner writes an
 * announcement in the announcement tab, a member reads it on the group's home; the rank tab ranks the
 * members by ACM and OI with its state in the address bar and numbers going on across pages; a member
 * posts a discussion in the group's discussion tab, a group admin hides it from the Discussion Admin
 * table, another member no longer sees it; with the group discussion switch off the tab's route says
 * "No Access". Screenshots at 768 px.
 *
 * The group, its members and its submissions are written straight into the server's database (the
 * group core's calls and the group place are other parts of the issue).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { newVisitor, launch } from '../lib/browser.js';
import { api, apiOk, loginSession, registerUser, rootToken, type User } from '../lib/api.js';
import { notice, pageShot, useSession } from '../lib/ui.js';
import { siteDbUrl } from '../lib/site-db.js';

let browser: Browser;
let root: string;
let gid = 0;
const stamp = runStamp(5);
const owner: User = stampedUser('gbo', stamp, 'group-board1');
const gadmin: User = stampedUser('gba', stamp, 'group-board2');
const ann: User = stampedUser('gbm', stamp, 'group-board3');
const bob: User = stampedUser('gbb', stamp, 'group-board4');
const carl: User = stampedUser('gbc', stamp, 'group-board5');
let config: { openGroupDiscussion: boolean; discussionAcRequired: number };

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'server', 'src');

/** SQL on the server's database (the embedded PostgreSQL of the e2e data directory, port from its postmaster.pid). */
async function withDb<T>(run: (sql: (text: string, values?: unknown[]) => Promise<any[]>) => Promise<T>): Promise<T> {
  // Loaded by path at run time: the server's sources are type-checked by the server's own config.
  const { connect } = (await import(path.join(serverSrc, 'db/client.ts'))) as {
    connect(url: string, max: number): { pool: { query(text: string, values?: unknown[]): Promise<{ rows: any[] }> }; close(): Promise<void> };
  };
  const database = connect(siteDbUrl(), 1);
  try {
    return await run(async (text, values) => (await database.pool.query(text, values)).rows);
  } finally {
    await database.close();
  }
}

async function pageAs(u: User, width = 768) {
  const { context, page } = await newVisitor(browser, { width, height: 1000 });
  await useSession(context, await loginSession(u));
  return { context, page };
}

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  for (const u of [owner, gadmin, ann, bob, carl]) await registerUser(u);
  config = await apiOk('GET', '/api/admin/config/get-web-config', { token: root });
  await apiOk('PUT', '/api/admin/config/set-web-config', { token: root, body: { discussionAcRequired: 0, openGroupDiscussion: true } });
  gid = await withDb(async (sql) => {
    const uid = async (u: User) => (await sql('select uid from user_info where username = $1', [u.username]))[0].uid as string;
    const [g] = await sql(
      `insert into "group" (name, short_name, brief, description, owner_uid, owner, auth, code)
       values ($1, $2, 'Class of the board test', 'A **class** group.', $3, $4, 3, 'CODE42') returning id`,
      [`Board ${stamp}`, `gb${stamp}`, await uid(owner), owner.username],
    );
    const id = g.id as number;
    const members: [User, number][] = [
      [owner, 5],
      [gadmin, 4],
      [ann, 3],
      [bob, 3],
    ];
    for (const [u, level] of members) await sql('insert into group_member (gid, uid, auth) values ($1, $2, $3)', [id, await uid(u), level]);
    const pids: number[] = [];
    for (const p of ['A', 'B']) {
      const [row] = await sql(`insert into problem (problem_id, title, gid, is_group) values ($1, $2, $3, true) returning id`, [
        `GB${stamp}${p}`.toUpperCase(),
        `Board ${p}`,
        id,
      ]);
      pids.push(row.id);
    }
    // ann: 2 AC (OI 20 + 20); bob: 1 AC in 2 submissions (OI 60); the owner: 1 AC (OI 10)
    const subs: [User, number, number, number][] = [
      [ann, pids[0]!, 0, 20],
      [ann, pids[1]!, 0, 20],
      [bob, pids[0]!, -1, 0],
      [bob, pids[1]!, 0, 60],
      [owner, pids[0]!, 0, 10],
    ];
    for (const [u, pid, status, score] of subs) {
      await sql(
        `insert into judge (pid, display_pid, uid, username, status, oi_rank_score, language, code, gid, cid)
         values ($1, 'GB', $2, $3, $4, $5, 'C', 'int main(){}', $6, 0)`,
        [pid, await uid(u), u.username, status, score, id],
      );
    }
    // The group admin solved problem A in an ended group contest (WA, WA, AC: OI 30), which counts, and a
    // public bank problem opened in the group (stamped with the group), which is not the group's.
    const [contest] = await sql(
      `insert into contest (title, gid, start_time, end_time) values ($1, $2, now() - interval '2 hours', now() - interval '1 hour') returning id`,
      [`Board round ${stamp}`, id],
    );
    const [bank] = await sql(`insert into problem (problem_id, title) values ($1, 'Board bank') returning id`, [`GB${stamp}PUB`.toUpperCase()]);
    const inGroup: [number, number, number, number][] = [
      [pids[0]!, -1, 0, contest.id],
      [pids[0]!, -1, 0, contest.id],
      [pids[0]!, 0, 30, contest.id],
      [bank.id, 0, 100, 0],
    ];
    for (const [pid, status, score, cid] of inGroup) {
      await sql(
        `insert into judge (pid, display_pid, uid, username, status, oi_rank_score, language, code, gid, cid, submit_time)
         values ($1, 'GB', $2, $3, $4, $5, 'C', 'int main(){}', $6, $7, now() - interval '90 minutes')`,
        [pid, await uid(gadmin), gadmin.username, status, score, id, cid],
      );
    }
    return id;
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (config) {
    await api('PUT', '/api/admin/config/set-web-config', {
      token: root,
      body: { openGroupDiscussion: config.openGroupDiscussion, discussionAcRequired: config.discussionAcRequired },
    });
  }
});

describe('group announcements and rank', () => {
  it('the owner posts an announcement in the announcement tab; a member reads it on the home', async () => {
    const o = await pageAs(owner, 1280);
    await o.page.goto(`/group/${gid}/announcement`);
    await o.page.getByTestId('group-announcement-admin').waitFor();
    await o.page.getByTestId('ann-create').click();
    await o.page.getByTestId('ann-field-title').fill(`Homework ${stamp}`);
    await o.page.getByTestId('ann-field-content').locator('textarea').fill('Solve **problem A** by Friday.');
    await o.page.getByTestId('ann-save').click();
    const row = o.page.locator('.ant-table-row', { hasText: `Homework ${stamp}` });
    await row.waitFor();
    // A draft, hidden at once with the row's switch: members do not see it.
    await o.page.getByTestId('ann-create').click();
    await o.page.getByTestId('ann-field-title').fill(`Draft ${stamp}`);
    await o.page.getByTestId('ann-field-content').locator('textarea').fill('Not yet.');
    await o.page.getByTestId('ann-field-visible').click();
    await o.page.getByTestId('ann-save').click();
    await o.page.locator('.ant-table-row', { hasText: `Draft ${stamp}` }).waitFor();
    await o.context.close();

    const m = await pageAs(ann);
    await m.page.goto(`/group/${gid}`);
    await m.page.getByTestId('group-description').waitFor();
    const title = m.page.getByTestId('announcement-title');
    await title.first().waitFor();
    expect(await title.allTextContents()).toEqual([`Homework ${stamp}`]);
    // Members have no announcement tab (group admins only).
    expect(await m.page.getByTestId('group-tab-announcement').count()).toBe(0);
    await title.first().click();
    await m.page.getByTestId('announcement-detail').getByText('problem A').waitFor();
    await pageShot(m.page, 'group-board-home-768');
    await m.context.close();

    // A group admin (level 4) may not change the owner's announcement: its buttons are disabled.
    const a = await pageAs(gadmin, 1280);
    await a.page.goto(`/group/${gid}/announcement`);
    const ownRow = a.page.locator('.ant-table-row', { hasText: `Homework ${stamp}` });
    await ownRow.waitFor();
    expect(await ownRow.locator('[data-testid^="ann-edit-"]').isDisabled()).toBe(true);
    expect(await ownRow.locator('[data-testid^="ann-delete-"]').count()).toBe(0);
    await a.context.close();
  });

  it('ranks the members by ACM and OI, with page, limit and type in the address bar', async () => {
    const m = await pageAs(bob);
    await m.page.goto(`/group/${gid}/rank`);
    const table = m.page.getByTestId('group-rank-table');
    await table.locator('.ant-table-row').first().waitFor();
    const users = () => table.locator('[data-testid^="group-rank-user-"]').allTextContents();
    // ACM: AC, then fewer submissions; the contest's count, the bank problem does not
    expect(await users()).toEqual([ann.username, owner.username, bob.username, gadmin.username]);
    expect(await m.page.getByTestId('group-rank-counted').innerText()).toContain('its problem list, trainings and contests');
    expect(await m.page.getByTestId(`group-rank-ac-${ann.username}`).getAttribute('href')).toBe(`/group/${gid}/status?username=${ann.username}&status=0`);
    await m.page.getByTestId('group-rank-type').getByText('OI').click();
    await m.page.waitForURL(/type=1/);
    await table.getByText('Score').first().waitFor();
    await m.page.waitForFunction((first) => document.querySelector('[data-testid^="group-rank-user-"]')?.textContent === first, bob.username);
    expect(await users()).toEqual([bob.username, ann.username, gadmin.username, owner.username]);
    await pageShot(m.page, 'group-board-rank-768');
    // Page 2 of 2 a page: the third place keeps its number.
    await m.page.goto(`/group/${gid}/rank?type=0&page=2&limit=2`);
    await m.page.getByTestId('group-rank-place-3').waitFor();
    expect(await users()).toEqual([bob.username, gadmin.username]);
    await m.context.close();
  });
});

describe('group discussions', () => {
  it('a member posts, a group admin hides it from the Discussion Admin table, another member no longer sees it', async () => {
    const m = await pageAs(ann);
    await m.page.goto(`/group/${gid}/discussion`);
    await m.page.getByTestId('discussion-list').waitFor();
    // Members do not moderate.
    expect(await m.page.getByTestId('group-discussion-admin-toggle').count()).toBe(0);
    await m.page.getByTestId('discussion-post').click();
    await m.page.getByTestId('discussion-title-input').fill(`Class question ${stamp}`);
    await m.page.getByTestId('discussion-description-input').fill('About problem A');
    await m.page.getByTestId('discussion-content').locator('textarea').fill('How do I read **two** numbers?');
    await m.page.getByTestId('discussion-save').click();
    await m.page.waitForURL(new RegExp(`/group/${gid}/discussion-detail/\\d+$`));
    const did = Number(/(\d+)$/.exec(m.page.url())![1]);
    await m.page.getByTestId('discussion-detail-title').getByText(`Class question ${stamp}`).waitFor();
    await pageShot(m.page, 'group-board-discussion-768');
    await m.context.close();

    // A non-member: the group's discussion does not open for him, through the site's page either.
    const c = await pageAs(carl);
    await c.page.goto(`/discussion-detail/${did}`);
    await c.page.getByText('not a member of this group').first().waitFor();
    await c.context.close();

    const a = await pageAs(gadmin, 1280);
    await a.page.goto(`/group/${gid}/discussion`);
    await a.page.getByTestId(`discussion-title-${did}`).waitFor();
    await a.page.getByTestId('group-discussion-admin-toggle').click();
    await a.page.getByTestId('group-discussion-admin').waitFor();
    expect(await a.page.getByTestId(`admin-discussion-title-${did}`).getAttribute('href')).toBe(`/group/${gid}/discussion-detail/${did}`);
    await a.page.getByTestId(`admin-discussion-status-${did}`).click();
    await a.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Hidden' }).click();
    await notice(a.page, 'Update').waitFor();
    await a.context.close();

    const b = await pageAs(bob);
    await b.page.goto(`/group/${gid}/discussion`);
    await b.page.getByTestId('discussion-list').waitFor();
    await b.page.getByText('No discussions').first().waitFor();
    expect(await b.page.getByTestId(`discussion-title-${did}`).count()).toBe(0);
    await b.context.close();
  });

  it('the group discussion switch off closes the tab and its routes', async () => {
    await apiOk('PUT', '/api/admin/config/set-web-config', { token: root, body: { openGroupDiscussion: false } });
    try {
      const m = await pageAs(ann);
      await m.page.goto(`/group/${gid}/discussion`);
      await notice(m.page, 'No Access').waitFor();
      await m.page.waitForURL(/\/home$/);
      await m.page.goto(`/group/${gid}/rank`);
      await m.page.getByTestId('group-rank').waitFor();
      expect(await m.page.getByTestId('group-tab-discussion').count()).toBe(0);
      await m.context.close();
    } finally {
      await apiOk('PUT', '/api/admin/config/set-web-config', { token: root, body: { openGroupDiscussion: true } });
    }
  });
});

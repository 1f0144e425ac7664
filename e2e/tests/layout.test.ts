/**
 * Layout without overlaps, measured geometrically at 390, 768 and 1280 px: the discussion
 * report dialog's character counter clears the field and the dialog's buttons; a group contest card's info
 * column clears its status column; the roles table on /admin/user fits a 1280 px window (it scrolls inside
 * its card); neighbouring tag chips and buttons keep a gap of at least 4 px. No page scrolls sideways.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp, stampedUser } from '@oj/test-fixtures';
import { launch, newVisitor } from '../lib/browser.js';
import { apiOk, createProblem, loginSession, registerUser, rootToken, rootUser, signIn } from '../lib/api.js';
import { insertGroup } from '../lib/group-db.js';
import { pageShot, useSession } from '../lib/ui.js';

let browser: Browser;
const stamp = runStamp(5);
const user = stampedUser('ly', stamp, 'layout-pass1');
const problemId = `LY${stamp}`.toUpperCase();
const widths = [390, 768, 1280];
let did = 0;
let gid = 0;
let cid = 0;

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  if (!b) throw new Error('element not shown');
  return b;
}

/** The page does not scroll sideways. */
async function expectNoSideScroll(page: Page) {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, 'page scrolls sideways').toBeLessThanOrEqual(inner);
}

/** The horizontal gaps between neighbours on the same line (elements matching `selector` inside `root`). */
async function neighbourGaps(root: Locator, selector: string): Promise<number[]> {
  return root.evaluate((el, sel) => {
    const boxes = [...el.querySelectorAll(sel)].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
    const gaps: number[] = [];
    for (let i = 1; i < boxes.length; i++) {
      const a = boxes[i - 1]!;
      const b = boxes[i]!;
      // Same line: they share vertical space.
      if (a.top < b.bottom && b.top < a.bottom) gaps.push(Math.round((b.left - a.right) * 10) / 10);
    }
    return gaps;
  }, selector);
}

beforeAll(async () => {
  browser = await launch();
  const root = await rootToken();
  await createProblem(
    root,
    { problemId, title: `Layout ${stamp}`, auth: 1 },
    { tags: [{ name: `Greedy${stamp}` }, { name: `Math${stamp}` }, { name: `DP${stamp}` }] },
  );
  await registerUser(user);
  const session = await loginSession(user);
  // The super admin writes the discussion (a new user may not post yet); the user reports it.
  const rootSession = await loginSession(rootUser);
  const [category] = await apiOk<{ id: number }[]>('GET', '/api/discussion-category', { token: rootSession.token });
  const d = await apiOk<{ id: number }>('POST', '/api/discussion', {
    token: rootSession.token,
    body: { title: `Layout talk ${stamp}`, description: 'About layout', categoryId: category!.id, content: 'Does it overlap?' },
  });
  did = d.id;
  gid = await insertGroup({ owner: user.username });
  const iso = (min: number) => new Date(Date.now() + min * 60_000).toISOString();
  const c = await apiOk<{ id: number }>('POST', '/api/group/contest', {
    token: session.token,
    body: {
      gid,
      title: `A rather long group contest title for the layout check ${stamp}`,
      description: 'Layout.',
      startTime: iso(-30),
      endTime: iso(120),
      type: 0,
      auth: 0,
      openRank: true,
    },
  });
  cid = c.id;
});
afterAll(() => browser?.close());

describe('layout without overlaps', () => {
  it('the report dialog: the counter clears the field and the buttons', async () => {
    const session = await loginSession(user);
    for (const width of widths) {
      const { context, page } = await newVisitor(browser, { width, height: 800 });
      await useSession(context, session);
      await page.goto(`/discussion-detail/${did}`);
      await page.getByTestId('discussion-report').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('report-reason') });
      await page.getByTestId('report-reason').fill('x'.repeat(120));
      const counter = dialog.locator('.ant-input-data-count');
      await counter.waitFor();
      expect(await counter.innerText()).toContain('120');
      const field = await box(page.getByTestId('report-reason'));
      const count = await box(counter);
      const footer = await box(dialog.locator('.ant-modal-footer'));
      expect(intersects(count, field), 'counter over the field').toBe(false);
      expect(intersects(count, footer), 'counter over the buttons').toBe(false);
      for (const g of await neighbourGaps(dialog.locator('.ant-modal-footer'), '.ant-btn')) expect(g).toBeGreaterThanOrEqual(4);
      for (const g of await neighbourGaps(page.getByTestId('report-tags'), '.ant-tag')) expect(g).toBeGreaterThanOrEqual(4);
      await expectNoSideScroll(page);
      await pageShot(page, `layout-report-dialog-${width}`);
      await context.close();
    }
  }, 90_000);

  it("a group contest card's info column clears its status column", async () => {
    const session = await loginSession(user);
    for (const width of widths) {
      const { context, page } = await newVisitor(browser, { width, height: 900 });
      await useSession(context, session);
      await page.goto(`/group/${gid}/contest`);
      const card = page.getByTestId(`contest-item-${cid}`);
      await card.waitFor();
      const body = await box(card.locator('.oj-contest-item-body'));
      const status = await box(card.locator('.oj-contest-item-status'));
      expect(intersects(body, status), 'info column over the status').toBe(false);
      const cardBox = await box(card);
      // Every entry of the info column lies inside the card and clears the others.
      const items = await card.locator('.oj-contest-item-info > li').all();
      const boxes = await Promise.all(items.map(box));
      for (const [i, b] of boxes.entries()) {
        expect(b.x + b.width, `info entry ${i} leaves the card`).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
        expect(intersects(b, status), `info entry ${i} over the status`).toBe(false);
        for (const c of boxes.slice(i + 1)) expect(intersects(b, c), `info entry ${i} over another`).toBe(false);
      }
      for (const g of await neighbourGaps(page.getByTestId('group-contest-list').locator('.ant-card-extra'), '.ant-btn')) expect(g).toBeGreaterThanOrEqual(4);
      await expectNoSideScroll(page);
      await pageShot(page, `layout-group-contest-${width}`);

      // The group's contest admin table: the info column's text stays inside its cell, clear of the actions.
      await page.goto(`/group/${gid}/contest/admin`);
      const info = page.locator('.oj-contest-info').first();
      await info.waitFor();
      const cell = await box(page.locator('td').filter({ has: info }).first());
      const actions = await box(page.getByTestId(`contest-edit-${cid}`).locator('xpath=ancestor::td[1]'));
      for (const line of await info.locator(':scope > span').all()) {
        const b = await box(line);
        expect(b.x + b.width, 'info text leaves its cell').toBeLessThanOrEqual(cell.x + cell.width + 0.5);
        expect(intersects(b, actions), 'info text under the actions').toBe(false);
      }
      await expectNoSideScroll(page);
      await pageShot(page, `layout-group-contest-admin-${width}`);
      await context.close();
    }
  }, 90_000);

  it('the roles table fits a 1280 px window and scrolls inside its card', async () => {
    const { page, context } = await newVisitor(browser, { width: 1280, height: 900 });
    await signIn(page, rootUser, { admin: true });
    await page.goto('/admin/user?tab=permissions');
    const table = page.getByTestId('permission-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await expectNoSideScroll(page);
    const card = await box(page.locator('.ant-card').filter({ has: table }).first());
    const shown = await box(table);
    expect(shown.x + shown.width, 'table leaves its card').toBeLessThanOrEqual(card.x + card.width + 0.5);
    // The first column stays in view when the table scrolls sideways.
    const first = table.locator('tbody tr.ant-table-row').first().locator('td').first();
    const before = await box(first);
    await table
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
    expect((await box(first)).x).toBeCloseTo(before.x, 0);
    await pageShot(page, 'layout-roles-table-1280');
    await context.close();
  }, 60_000);

  it("tag chips on the problem page and the admin dashboard's contest status keep a gap", async () => {
    for (const width of widths) {
      const { context, page } = await newVisitor(browser, { width, height: 900 });
      // The demo problem P1000 carries two tags (Beginner, Math); a problem page asks a visitor to log in.
      await useSession(context, await loginSession(user));
      await page.goto('/problem/P1000?l=en-US');
      const tags = page.getByTestId('problem-tags');
      await tags.waitFor();
      const gaps = await neighbourGaps(tags, '.ant-tag');
      expect(gaps.length).toBeGreaterThan(0);
      for (const g of gaps) expect(g, 'problem page tags touch').toBeGreaterThanOrEqual(4);
      await expectNoSideScroll(page);
      await pageShot(page, `layout-problem-tags-${width}`);
      await context.close();
    }
    const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
    await signIn(page, rootUser, { admin: true });
    await page.goto('/admin?l=en-US');
    const meta = page.locator('.oj-dash-contest-meta').first();
    await meta.waitFor();
    const tag = await box(meta.locator('.ant-tag'));
    const text = await meta.evaluate((el) => {
      const range = document.createRange();
      const last = el.lastChild!;
      range.selectNodeContents(last);
      const r = range.getBoundingClientRect();
      return { x: r.left, y: r.top, width: r.width, height: r.height };
    });
    expect(text.x - (tag.x + tag.width), 'the status tag touches the start time').toBeGreaterThanOrEqual(4);
    await context.close();
  }, 90_000);
});

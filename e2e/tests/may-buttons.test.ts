/**
 * A button is shown exactly when the server accepts its call. The web asks the policy (`useMay`, `may`)
 * with the actor of the session, its role ids and the permission codes the site assigned; the server
 * asks the same policy in its guards. For a handful of policy rows this logs in as the actor (through
 * the API), opens the page that holds the button, then makes the button's call as that actor, and
 * requires "shown" and "accepted" to agree: Rejudge on a submission (a user; a problem admin before and
 * after his role is given the `rejudge` permission through the permission API; the super admin),
 * Edit/Delete on a discussion (its author, another user), the problem page's Edit (a problem admin,
 * a user) and the admin problem list's similarity check (a problem admin, the super admin).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStamp } from '@oj/test-fixtures';
import { launch, newVisitor, shot } from '../lib/browser.js';
import { AC_C, api, apiOk, createProblem, loginSession, registerUser, rootToken, rootUser, type ApiAnswer, type Session, waitVerdict } from '../lib/api.js';
import { useSession } from '../lib/ui.js';

let browser: Browser;
let root: string;
const stamp = runStamp(5);
const problemId = `MAY${stamp}`;
const user = { username: `mayu${stamp}`, password: 'password1' };
const problemAdmin = { username: `maypa${stamp}`, password: 'password1' };
const author = { username: `maya${stamp}`, password: 'password1' };
const other = { username: `mayo${stamp}`, password: 'password1' };
const PROBLEM_ADMIN_ROLE = 1008;
let pid: number;
let submitId: number;
let did: number;
let categoryId: number;
let rolePermissions: number[] = [];
let webConfig: { discussionAcRequired: number; openPublicDiscussion: boolean } | undefined;

const sessions: Record<string, Session> = {};
const sessionOf = async (u: { username: string; password: string }) => (sessions[u.username] ??= await loginSession(u));

beforeAll(async () => {
  browser = await launch();
  root = await rootToken();
  pid = await createProblem(root, { problemId, title: `May ${stamp}`, auth: 1 });
  for (const u of [user, problemAdmin, author, other]) await registerUser(u);
  const [row] = (await apiOk('GET', `admin/user/get-user-list?keyword=${problemAdmin.username}`, { token: root })).records;
  await apiOk('PUT', 'admin/user/edit-user', {
    token: root,
    body: { uid: row.uid, username: problemAdmin.username, type: PROBLEM_ADMIN_ROLE, status: 0, email: row.email },
  });
  const u = await sessionOf(user);
  const sub = await apiOk<{ submitId: number }>('POST', 'submit-problem-judge', { token: u.token, body: { pid: problemId, language: 'C', code: AC_C } });
  submitId = sub.submitId;
  await waitVerdict(submitId, u.token);
  // New users have solved nothing: let the author post without the judge (put back in afterAll).
  webConfig = await apiOk('GET', '/api/admin/config/get-web-config', { token: root });
  await apiOk('PUT', '/api/admin/config/set-web-config', { token: root, body: { discussionAcRequired: 0, openPublicDiscussion: true } });
  categoryId = (await apiOk<{ id: number }[]>('GET', '/api/discussion-category', { token: root }))[0]!.id;
  did = (
    await apiOk<{ id: number }>('POST', '/api/discussion', {
      token: (await sessionOf(author)).token,
      body: { title: `May talk ${stamp}`, description: 'Who may edit', categoryId, content: 'The author and nobody else.' },
    })
  ).id;
  // What the problem admin role carries now, so the grant below can be taken back.
  const permissions = await apiOk<{ id: number; roles: number[] }[]>('GET', 'admin/permission', { token: root });
  rolePermissions = permissions.filter((p) => p.roles.includes(PROBLEM_ADMIN_ROLE)).map((p) => p.id);
}, 180_000);

afterAll(async () => {
  if (rolePermissions.length) await api('PUT', 'admin/permission/role', { token: root, body: { roleId: PROBLEM_ADMIN_ROLE, permissionIds: rolePermissions } });
  if (webConfig) {
    await api('PUT', '/api/admin/config/set-web-config', {
      token: root,
      body: { discussionAcRequired: webConfig.discussionAcRequired, openPublicDiscussion: webConfig.openPublicDiscussion },
    });
  }
  await browser?.close();
});

/**
 * Opens `path` logged in as `session` and says whether the button `testId` is there once the page shows
 * `ready` and the actor's roles and permissions have come from the server (the policy's input).
 */
async function shown(session: Session, path: string, ready: string, testId: string, screenshot?: string): Promise<{ page: Page; shown: boolean }> {
  const { context, page } = await newVisitor(browser);
  await useSession(context, session);
  const authInfo = page.waitForResponse((r) => r.url().includes('/api/get-user-auth-info') && r.ok());
  await page.goto(path);
  await authInfo;
  await page.getByTestId(ready).first().waitFor();
  // The roles reach the session in an effect after the answer: two frames later the page shows what they allow.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))));
  const count = await page.getByTestId(testId).count();
  if (screenshot) await shot(page, screenshot);
  return { page, shown: count > 0 };
}

const accepted = (r: ApiAnswer<unknown>) => r.http === 200 && r.status === 200;

/** One policy row: the button's presence and the server's answer to its call, which must agree. */
async function row(name: string, o: { shown: boolean; answer: ApiAnswer<unknown>; expected: boolean }) {
  expect({ row: name, shown: o.shown, accepted: accepted(o.answer) }).toEqual({ row: name, shown: o.expected, accepted: o.expected });
}

describe('buttons shown exactly when the server accepts', () => {
  it('Rejudge on a submission: a user no, a problem admin once his role has the rejudge permission, the super admin yes', async () => {
    const onStatus = (s: Session, screenshot?: string) => shown(s, `/status?username=${user.username}`, `run-${submitId}`, `rejudge-${submitId}`, screenshot);
    const rejudge = (s: Session) => api('GET', `admin/judge/rejudge?submitId=${submitId}`, { token: s.token });

    const u = await sessionOf(user);
    await row('user', { shown: (await onStatus(u)).shown, answer: await rejudge(u), expected: false });

    // The problem admin role does not carry `rejudge` out of the box.
    const pa = await sessionOf(problemAdmin);
    await row('problem admin without rejudge', { shown: (await onStatus(pa, 'may-rejudge-without')).shown, answer: await rejudge(pa), expected: false });

    const permissions = await apiOk<{ id: number; code: string }[]>('GET', 'admin/permission', { token: root });
    const rejudgeId = permissions.find((p) => p.code === 'rejudge')!.id;
    await apiOk('PUT', 'admin/permission/role', { token: root, body: { roleId: PROBLEM_ADMIN_ROLE, permissionIds: [...rolePermissions, rejudgeId] } });
    // The same login, no new one: the next page load reads the role's permissions again.
    await row('problem admin given rejudge', { shown: (await onStatus(pa, 'may-rejudge-granted')).shown, answer: await rejudge(pa), expected: true });
    await waitVerdict(submitId, u.token);

    const rootSession = await sessionOf(rootUser);
    await row('super admin', { shown: (await onStatus(rootSession)).shown, answer: await rejudge(rootSession), expected: true });
    await waitVerdict(submitId, u.token);
  }, 180_000);

  it('Edit and Delete on a discussion: its author yes, another user no', async () => {
    const onDetail = (s: Session, testId: string, screenshot?: string) => shown(s, `/discussion-detail/${did}`, 'discussion-detail-title', testId, screenshot);
    const edit = (s: Session) =>
      api('PUT', '/api/discussion', {
        token: s.token,
        body: { id: did, title: `May talk ${stamp}`, description: 'Who may edit', categoryId, content: 'The author and nobody else.' },
      });
    const remove = (s: Session) => api('DELETE', `/api/discussion?did=${did}`, { token: s.token });

    const o = await sessionOf(other);
    await row('other user edits', { shown: (await onDetail(o, 'discussion-edit', 'may-discussion-other')).shown, answer: await edit(o), expected: false });
    await row('other user deletes', { shown: (await onDetail(o, 'discussion-delete')).shown, answer: await remove(o), expected: false });

    const a = await sessionOf(author);
    await row('author edits', { shown: (await onDetail(a, 'discussion-edit', 'may-discussion-author')).shown, answer: await edit(a), expected: true });
    // Last: the author's delete goes through.
    await row('author deletes', { shown: (await onDetail(a, 'discussion-delete')).shown, answer: await remove(a), expected: true });
  }, 120_000);

  it("the problem page's Edit: a problem admin yes, a user no", async () => {
    const onProblem = (s: Session, screenshot?: string) => shown(s, `/problem/${problemId}`, 'problem-description', 'edit-problem', screenshot);
    const open = (s: Session) => api('GET', `admin/problem?pid=${pid}`, { token: s.token });

    const u = await sessionOf(user);
    await row('user', { shown: (await onProblem(u, 'may-problem-user')).shown, answer: await open(u), expected: false });
    const pa = await sessionOf(problemAdmin);
    await row('problem admin', { shown: (await onProblem(pa, 'may-problem-admin')).shown, answer: await open(pa), expected: true });
  }, 120_000);

  it("the admin problem list's similarity check: a problem admin no (he does not read others' code), the super admin yes", async () => {
    const onList = (s: Session, screenshot?: string) =>
      shown(s, `/admin/problems?keyword=${problemId}`, `problem-edit-${problemId}`, `problem-plagiarism-${problemId}`, screenshot);
    const checks = (s: Session) => api('GET', `plagiarism/checks?pid=${pid}`, { token: s.token });
    const pa = await sessionOf(problemAdmin);
    await row('problem admin', { shown: (await onList(pa, 'may-plagiarism-problem-admin')).shown, answer: await checks(pa), expected: false });
    const r = await sessionOf(rootUser);
    await row('super admin', { shown: (await onList(r)).shown, answer: await checks(r), expected: true });
  }, 120_000);
});

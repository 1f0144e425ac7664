/**
 * The super admin's site screens: site announcements (CRUD, validation, only the visible ones
 * on the home page), the home carousel (upload refuses non-images and oversize, removal), the site
 * configuration (bad values refused and nothing changed; SMS and group settings round-trip; the SMS secret
 * never sent back), the data source, and every call refused to a normal user, a problem admin and an admin.
 */
import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSiteEndpoints, CAROUSEL_LIMITS, MSG, Role, type Endpoint } from '@oj/shared';
import { announcements, carousel, siteConfig } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './harness.js';
import { call, createUser, login, post, put, rootToken, uidOf } from './helpers.js';
import { uploadTo } from './problem-admin-helpers.js';
import { client } from './client.js';

let t: TestApp;
let root: string;
let user: string;
let padmin: string;
let admin: string;

function pngBytes(shade = 200): Buffer {
  const png = new PNG({ width: 8, height: 8 });
  png.data.fill(shade);
  return PNG.sync.write(png);
}

const home = async () => (await client(t).call('site.announcements', { query: { limit: 50 } })).data;
const configRows = async () => t.database.db.select({ key: siteConfig.key, value: siteConfig.value }).from(siteConfig).orderBy(siteConfig.key);
const uploadCarousel = (token: string | null, filename: string, content: Buffer | string) =>
  uploadTo(t, '/api/file/upload-carouse-img', { token, filename, content });

beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
  await createUser(t, { username: 'site_user' });
  await createUser(t, { username: 'site_padmin', roles: [Role.PROBLEM_ADMIN] });
  await createUser(t, { username: 'site_admin', roles: [Role.ADMIN] });
  [user, padmin, admin] = await Promise.all(['site_user', 'site_padmin', 'site_admin'].map((u, i) => login(t, u, 'password1', `10.14.0.${i + 1}`)));
  // The first-start seed's welcome announcement and demo slide: each test counts from nothing.
  await t.database.db.delete(announcements);
  await t.database.db.delete(carousel);
});

afterAll(() => t.close());

describe('site announcements', () => {
  it('are created, listed, edited, hidden and deleted by the super admin; the home page shows only the visible ones', async () => {
    const made = await client(t, root).call('adminSite.addAnnouncement', { body: { title: '  Welcome  ', content: 'Hello **all**' } });
    expect(made).toMatchObject({ http: 200, status: 200, data: { title: 'Welcome', content: 'Hello **all**', status: 0, username: 'root' } });
    const hidden = await client(t, root).call('adminSite.addAnnouncement', { body: { title: 'Draft', content: 'not yet', status: 1 } });
    expect(hidden.data.status).toBe(1);

    const list = await client(t, root).call('adminSite.announcements', { query: { currentPage: 1, limit: 10 } });
    expect(list.data.total).toBe(2);
    expect(list.data.records.map((r) => r.title)).toEqual(['Draft', 'Welcome']);

    expect((await home()).records.map((r) => r.title)).toEqual(['Welcome']);

    // the visible switch: one PUT with the new status
    const shown = await client(t, root).call('adminSite.updateAnnouncement', { body: { ...hidden.data, status: 0 } });
    expect(shown.data).toMatchObject({ id: hidden.data.id, status: 0, title: 'Draft' });
    expect((await home()).records.map((r) => r.title)).toEqual(['Draft', 'Welcome']);
    const edited = await client(t, root).call('adminSite.updateAnnouncement', { body: { id: made.data.id, title: 'Welcome!', content: 'Edited', status: 1 } });
    expect(edited.data).toMatchObject({ title: 'Welcome!', content: 'Edited', status: 1 });
    expect((await home()).records.map((r) => r.title)).toEqual(['Draft']);

    expect((await client(t, root).call('adminSite.removeAnnouncement', { query: { aid: hidden.data.id } })).status).toBe(200);
    expect((await client(t, root).call('adminSite.removeAnnouncement', { query: { aid: hidden.data.id } })).msg).toBe(MSG.announcementNotFound);
    expect((await home()).total).toBe(0);
    await client(t, root).call('adminSite.removeAnnouncement', { query: { aid: made.data.id } });
  });

  it('refuse a missing title or content with the spec message, too long text, and ids that are not site announcements; nothing is stored', async () => {
    const before = (await t.database.db.select({ n: count() }).from(announcements))[0]!.n;
    for (const [body, msg] of [
      [{ title: '   ', content: 'x' }, MSG.announcementTitleRequired],
      [{ content: 'x' }, MSG.announcementTitleRequired],
      [{ title: 'T', content: ' \n ' }, MSG.announcementContentRequired],
      [{ title: 'x'.repeat(256), content: 'x' }, 'title: at most 255 characters.'],
      [{ title: 'T', content: 'x', status: 2 }, 'status: 0 (visible) or 1 (hidden).'],
    ] as const) {
      const r = await post(t, '/api/admin/announcement', body, { token: root });
      expect([r.http, r.status, r.msg]).toEqual([400, 400, msg]);
    }
    expect((await client(t, root).call('adminSite.updateAnnouncement', { body: { title: 'T', content: 'x' } })).msg).toBe(MSG.announcementNotFound);
    expect((await client(t, root).call('adminSite.updateAnnouncement', { body: { id: 999999, title: 'T', content: 'x' } })).msg).toBe(MSG.announcementNotFound);
    // a contest's announcement is not reachable here
    const [contestOne] = await t.database.db.insert(announcements).values({ title: 'C', content: 'c', cid: 12345 }).returning();
    expect((await client(t, root).call('adminSite.updateAnnouncement', { body: { id: contestOne!.id, title: 'Hacked', content: 'x' } })).msg).toBe(
      MSG.announcementNotFound,
    );
    expect((await client(t, root).call('adminSite.removeAnnouncement', { query: { aid: contestOne!.id } })).msg).toBe(MSG.announcementNotFound);
    expect((await client(t, root).call('adminSite.announcements')).data.total).toBe(0);
    expect((await t.database.db.select({ n: count() }).from(announcements))[0]!.n).toBe(before + 1);
  });
});

describe('home carousel', () => {
  it('takes an image, lists it on the home page, and removes it with its file', async () => {
    const bytes = pngBytes(7);
    const up = await uploadCarousel(root, 'slide.png', bytes);
    expect(up).toMatchObject({ http: 200, status: 200 });
    expect(up.data.url).toMatch(/^\/api\/public\/files\/carousel\/[0-9a-f]{64}\.png$/);
    expect((await client(t).call('site.carousel')).data).toEqual([up.data]);
    const file = path.join(t.config.dataDir, 'files', up.data.url.replace('/api/public/files/', ''));
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);

    expect((await client(t, root).call('adminSite.removeCarousel', { query: { id: up.data.id } })).status).toBe(200);
    expect((await client(t).call('site.carousel')).data).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
    expect((await client(t, root).call('adminSite.removeCarousel', { query: { id: up.data.id } })).msg).toBe(MSG.carouselImageNotFound);
  });

  it('refuses what is not an image, an image under a wrong name, and an oversized one; nothing is stored', async () => {
    const script = await uploadCarousel(root, 'evil.png', '<script>alert(1)</script>');
    expect([script.status, script.msg]).toEqual([400, MSG.fileTypeNotSupport]);
    const svg = await uploadCarousel(root, 'x.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(svg.msg).toBe(MSG.fileTypeNotSupport);
    const renamed = await uploadCarousel(root, 'slide.exe', pngBytes());
    expect(renamed.msg).toBe(MSG.fileTypeNotSupport);
    const big = Buffer.concat([pngBytes(), Buffer.alloc(CAROUSEL_LIMITS.maxBytes)]);
    const oversize = await uploadCarousel(root, 'big.png', big);
    expect([oversize.status, oversize.msg]).toEqual([400, MSG.exceedMaxSize]);
    expect((await t.database.db.select({ n: count() }).from(carousel))[0]!.n).toBe(0);
  });

  it(`holds at most ${CAROUSEL_LIMITS.maxImages} images, also when they are uploaded at once`, async () => {
    const ups = await Promise.all(Array.from({ length: CAROUSEL_LIMITS.maxImages + 3 }, (_, i) => uploadCarousel(root, `s${i}.png`, pngBytes(i))));
    expect(ups.filter((u) => u.status === 200)).toHaveLength(CAROUSEL_LIMITS.maxImages);
    expect(ups.filter((u) => u.msg === `The home page shows at most ${CAROUSEL_LIMITS.maxImages} images; remove one first.`)).toHaveLength(3);
    const shown = (await client(t).call('site.carousel')).data as { id: number }[];
    expect(shown).toHaveLength(CAROUSEL_LIMITS.maxImages);
    for (const s of shown) await client(t, root).call('adminSite.removeCarousel', { query: { id: s.id } });
  });
});

describe('site configuration', () => {
  it('refuses bad values with a clear message and changes nothing, not even the good fields sent with them', async () => {
    const before = await configRows();
    for (const [url, body, msg] of [
      ['/api/admin/config/set-web-config', { name: 'New name', baseUrl: 'javascript:alert(1)' }, 'The base URL must be empty or an http(s) address.'],
      ['/api/admin/config/set-web-config', { shortName: '', register: false }, 'The short name may not be empty.'],
      ['/api/admin/config/set-web-config', { register: 'yes' }, 'register'],
      ['/api/admin/switch/update', { openGroupJudge: 'off', submitIntervalSec: 5 }, 'openGroupJudge: true or false.'],
      ['/api/admin/switch/update', { submitIntervalSec: 99999 }, 'submitIntervalSec: 0 to 3600 seconds.'],
      ['/api/admin/config/set-group-config', { groupDailyLimit: 3, groupPerUserLimit: -1 }, 'groupPerUserLimit: 0 to 1000.'],
      ['/api/admin/config/set-group-config', { groupAcRequired: 1.5 }, 'groupAcRequired: a whole number.'],
      [
        '/api/admin/config/set-sms-config',
        { regionId: 'cn-hangzhou', domain: 'evil domain/', accessKeyId: 'k', signName: 'S', templateCode: 'T' },
        'domain: not a host name.',
      ],
      ['/api/admin/config/set-email-config', { host: 'smtp.example.com', port: 70000, secure: true }, 'port: 1 to 65535.'],
    ] as const) {
      const r = await put(t, url, body, { token: root });
      expect(r.http, url).toBe(400);
      expect(r.msg, url).toContain(msg);
    }
    expect(await configRows()).toEqual(before);
  });

  it('saves a card’s fields in one write; cards saving different fields at once keep both', async () => {
    await Promise.all([
      client(t, root).call('admin.setWebConfig', { body: { name: 'Parallel OJ' } }),
      client(t, root).call('admin.setWebConfig', { body: { openContestComment: false } }),
      client(t, root).call('admin.setWebConfig', { body: { recordName: 'ICP 1' } }),
    ]);
    const web = (await client(t).call('site.websiteConfig')).data;
    expect(web).toMatchObject({ name: 'Parallel OJ', openContestComment: false, recordName: 'ICP 1' });
    await client(t, root).call('admin.setWebConfig', { body: { name: 'Online Judge', openContestComment: true, recordName: '' } });
  });

  it('keeps the group settings (defaults first) and the judge switches with group judging', async () => {
    expect((await client(t, root).call('adminSite.groupConfig')).data).toEqual({
      groupDailyLimit: 2,
      groupPerUserLimit: 5,
      groupAcRequired: 20,
    });
    const saved = await client(t, root).call('adminSite.setGroupConfig', { body: { groupDailyLimit: 3, groupPerUserLimit: 10, groupAcRequired: 0 } });
    expect([saved.status, saved.msg]).toEqual([200, MSG.settingsSaved]);
    expect((await client(t, root).call('adminSite.groupConfig')).data).toEqual({
      groupDailyLimit: 3,
      groupPerUserLimit: 10,
      groupAcRequired: 0,
    });
    const sw = await client(t, root).call('admin.updateSwitch', { body: { openGroupJudge: false } });
    expect(sw.data).toMatchObject({ openGroupJudge: false, openPublicJudge: true, openContestJudge: true });
    expect((await client(t, root).call('admin.switchInfo')).data.openGroupJudge).toBe(false);
    await client(t, root).call('admin.updateSwitch', { body: { openGroupJudge: true } });
  });

  it('keeps the SMS settings and never sends the secret back; a blank secret keeps the stored one', async () => {
    const body = {
      regionId: 'cn-shanghai',
      domain: 'dysmsapi.aliyuncs.com',
      accessKeyId: 'LTAI5tKey',
      secret: 'top-secret-value',
      signName: '我的OJ',
      templateCode: 'SMS_123',
    };
    const saved = await client(t, root).call('adminSite.setSmsConfig', { body });
    expect(saved.status).toBe(200);
    const { secret: _secret, ...rest } = body;
    const expected = { ...rest, hasSecret: true };
    expect(saved.data).toEqual(expected);
    const read = await client(t, root).call('adminSite.smsConfig');
    expect(read.data).toEqual(expected);
    expect(JSON.stringify(read.res.body)).not.toContain('top-secret-value');
    expect(JSON.stringify(saved.res.body)).not.toContain('top-secret-value');
    await client(t, root).call('adminSite.setSmsConfig', { body: { ...rest, templateCode: 'SMS_456', secret: '' } });
    const [row] = (await configRows()).filter((r) => r.key === 'sms');
    expect(row!.value).toMatchObject({ secret: 'top-secret-value', templateCode: 'SMS_456' });
  });

  it('shows the data source without the password', async () => {
    const r = await client(t, root).call('adminSite.dataSource');
    expect(r.status).toBe(200);
    expect(r.data.version).toMatch(/^\d+/);
    expect(r.data.sizeBytes).toBeGreaterThan(1_000_000);
    expect(r.data.database).toBeTruthy();
    const password = new URL(t.database.url).password;
    expect(r.data.url).toMatch(/^postgres(ql)?:\/\//);
    if (password) expect(r.data.url).not.toContain(password);
  });
});

describe('sessions', () => {
  it('lists the logins with user, IP and browser, filtered by user; a revoked one stops working', async () => {
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
    const r = await client(t).call(
      'account.login',
      { body: { username: 'site_user', password: 'password1' } },
      { ip: '10.14.9.9', headers: { 'user-agent': agent } },
    );
    const token = r.headers.authorization as string;
    const uid = await uidOf(t, 'site_user');
    const list = await client(t, root).call('admin.sessions', { query: { uid, currentPage: 1, limit: 10 } });
    expect(list.data.total).toBe(2);
    expect(list.data.records[0]).toMatchObject({ username: 'site_user', ip: '10.14.9.9', userAgent: agent, active: true });
    expect(JSON.stringify(list.data)).not.toContain(token.split('.')[2]);
    await client(t, root).call('admin.revokeSession', { query: { id: list.data.records[0].id } });
    expect((await client(t, token).call('account.authInfo')).http).toBe(401);
  });
});

describe('guards', () => {
  const declared: Endpoint[] = [
    ...Object.values(adminSiteEndpoints),
    { method: 'GET', path: 'admin/user/get-sessions' },
    { method: 'DELETE', path: 'admin/user/revoke-session' },
    { method: 'GET', path: 'admin/config/get-web-config' },
    { method: 'PUT', path: 'admin/config/set-web-config' },
    { method: 'GET', path: 'admin/config/get-email-config' },
    { method: 'PUT', path: 'admin/config/set-email-config' },
    { method: 'POST', path: 'admin/config/test-email' },
    { method: 'GET', path: 'admin/switch/info' },
    { method: 'PUT', path: 'admin/switch/update' },
  ];

  it('refuse every call to a visitor (401), a normal user, a problem admin and an admin (403), and change nothing', async () => {
    const [a] = await t.database.db.insert(announcements).values({ title: 'Keep', content: 'me' }).returning();
    const up = await uploadCarousel(root, 'keep.png', pngBytes(3));
    const before = { config: await configRows(), ann: await t.database.db.select().from(announcements), car: await t.database.db.select().from(carousel) };
    const bodies: Record<string, unknown> = {
      'admin/announcement': { id: a!.id, title: 'Pwned', content: 'x', status: 1 },
      'admin/config/set-web-config': { name: 'Pwned' },
      'admin/config/set-sms-config': { regionId: 'x', domain: 'x', accessKeyId: 'x', secret: 'x', signName: 'x', templateCode: 'x' },
      'admin/config/set-group-config': { groupDailyLimit: 99 },
      'admin/switch/update': { openPublicJudge: false },
      'admin/config/set-email-config': { host: 'evil.example', port: 25, secure: false },
      'admin/config/test-email': { email: 'x@example.com' },
    };
    const queries: Record<string, Record<string, string>> = {
      'admin/announcement': { aid: String(a!.id) },
      'admin/config/home-carousel': { id: String(up.data.id) },
      'admin/user/revoke-session': { id: 'x' },
    };
    for (const [who, token, http] of [
      ['visitor', null, 401],
      ['user', user, 403],
      ['problem admin', padmin, 403],
      ['admin', admin, 403],
    ] as const) {
      for (const e of declared) {
        const body = e.method === 'POST' || e.method === 'PUT' ? (bodies[e.path] ?? {}) : undefined;
        const r = await call(t, e.method, `/api/${e.path}`, { token, body, query: e.method === 'DELETE' ? queries[e.path] : undefined });
        expect(r.http, `${who}: ${e.method} ${e.path}`).toBe(http);
      }
      const upload = await uploadCarousel(token, 'x.png', pngBytes(9));
      expect(upload.http, `${who}: upload-carouse-img`).toBe(http);
    }
    expect({ config: await configRows(), ann: await t.database.db.select().from(announcements), car: await t.database.db.select().from(carousel) }).toEqual(
      before,
    );
    await client(t, root).call('adminSite.removeAnnouncement', { query: { aid: a!.id } });
    await client(t, root).call('adminSite.removeCarousel', { query: { id: up.data.id } });
  });
});

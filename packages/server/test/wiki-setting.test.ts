/**
 * The OI Wiki page's address is a site setting: offline installs and schools behind
 * a firewall point it at a mirror. Public in the website config, edited by root only, http(s) only.
 * And the about page's description: no English default that every language would open with (item 13).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPED_DESCRIPTION, seed } from '../src/seed.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, put, rootToken } from './helpers.js';
import { client } from './client.js';

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  root = await rootToken(t);
});
afterAll(() => t.close());

const publicUrl = async () => (await client(t).call('site.websiteConfig')).data.oiWikiUrl;

describe('the OI Wiki address', () => {
  it('defaults to the public wiki and is part of the public website config', async () => {
    expect(await publicUrl()).toBe('https://oi-wiki.org');
    expect((await client(t, root).call('admin.webConfig')).data.oiWikiUrl).toBe('https://oi-wiki.org');
  });

  it('is set by root to a mirror, and everyone then gets the mirror', async () => {
    const r = await client(t, root).call('admin.setWebConfig', { body: { oiWikiUrl: '  http://wiki.school.lan/oi  ' } });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.oiWikiUrl).toBe('http://wiki.school.lan/oi');
    expect(await publicUrl()).toBe('http://wiki.school.lan/oi');
    // Other settings saved later keep it.
    await client(t, root).call('admin.setWebConfig', { body: { shortName: 'OJ' } });
    expect(await publicUrl()).toBe('http://wiki.school.lan/oi');
  });

  it('refuses anything but an http(s) address, and changes nothing', async () => {
    for (const bad of ['', 'javascript:alert(1)', 'data:text/html,hi', 'ftp://wiki.example', 'wiki.example', 42, `http://x/${'a'.repeat(600)}`]) {
      const r = await put(t, '/api/admin/config/set-web-config', { oiWikiUrl: bad }, { token: root });
      expect(r.http, String(bad)).toBe(400);
      expect(r.msg, String(bad)).toMatch(/OI Wiki URL|oiWikiUrl/);
    }
    expect(await publicUrl()).toBe('http://wiki.school.lan/oi');
  });

  it('may not be changed by a user who is not root', async () => {
    await createUser(t, { username: 'wiki_user', password: 'password1' });
    const user = await login(t, 'wiki_user');
    const r = await client(t, user).call('admin.setWebConfig', { body: { oiWikiUrl: 'https://evil.example' } });
    expect([401, 403]).toContain(r.http);
    expect(await publicUrl()).toBe('http://wiki.school.lan/oi');
  });
});

describe('the about page description', () => {
  it('is empty by default, so the about page opens with its own translated sentence', async () => {
    expect((await client(t).call('site.websiteConfig')).data.description).toBe('');
  });

  it('left at the English text earlier versions stored is cleared at start; one an operator wrote is kept', async () => {
    await client(t, root).call('admin.setWebConfig', { body: { description: SHIPPED_DESCRIPTION } });
    await seed({ config: t.config, database: t.database });
    expect((await client(t).call('site.websiteConfig')).data.description).toBe('');
    await client(t, root).call('admin.setWebConfig', { body: { description: 'Our school judge.' } });
    await seed({ config: t.config, database: t.database });
    expect((await client(t).call('site.websiteConfig')).data.description).toBe('Our school judge.');
  });
});

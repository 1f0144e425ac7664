import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@oj/shared';
import { files, users } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login } from './helpers.js';
import { client } from './client.js';
import { multipart } from './problem-admin-helpers.js';

let t: TestApp;
let uid: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  uid = await createUser(t, { username: 'painter' });
  token = await login(t, 'painter');
});
afterAll(() => t.close());

function pngBytes(): Buffer {
  const png = new PNG({ width: 8, height: 8 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

async function upload(filename: string, content: Buffer | string, o: { field?: string; auth?: string | null } = {}) {
  const { payload, contentType } = multipart([{ field: o.field ?? 'image', filename, type: 'image/png', content }]);
  const headers: Record<string, string> = { 'content-type': contentType };
  const auth = o.auth === undefined ? token : o.auth;
  if (auth) headers.authorization = auth;
  const res = await t.app.inject({ method: 'POST', url: '/api/file/upload-avatar', headers, payload });
  return { http: res.statusCode, ...(res.json() as { status: number; msg: string; data: any }) };
}

describe('avatar upload', () => {
  it('stores a PNG under DATA_DIR/files/avatar/<sha256>.png and makes it the avatar', async () => {
    const bytes = pngBytes();
    const r = await upload('Me.PNG', bytes);
    const hash = crypto.createHash('sha256').update(bytes).digest('hex');
    expect(r).toMatchObject({ http: 200, status: 200, data: { link: `/api/public/files/avatar/${hash}.png` } });
    expect(fs.readFileSync(path.join(t.config.dataDir, 'files', 'avatar', `${hash}.png`)).equals(bytes)).toBe(true);
    const [u] = await t.database.db.select().from(users).where(eq(users.uid, uid));
    expect(u!.avatar).toBe(r.data.link);
    const rows = await t.database.db.select().from(files).where(eq(files.uid, uid));
    expect(rows[0]).toMatchObject({ kind: 'avatar', mime: 'image/png', size: bytes.length, name: 'Me.PNG' });

    const served = await t.app.inject({ method: 'GET', url: r.data.link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('accepts the other image types when name and content agree, stored with a canonical extension', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20, 1)]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20, 2)]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4, 0), Buffer.from('WEBPVP8 '), Buffer.alloc(20, 3)]);
    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60, 4)]);
    expect((await upload('a.gif', gif)).data.link).toMatch(/\.gif$/);
    expect((await upload('a.jpeg', jpeg)).data.link).toMatch(/\.jpg$/);
    expect((await upload('a.jpg', jpeg)).data.link).toMatch(/\.jpg$/);
    expect((await upload('a.webp', webp)).data.link).toMatch(/\.webp$/);
    expect((await upload('a.bmp', bmp)).data.link).toMatch(/\.bmp$/);
  });

  it('refuses other types, spoofed extensions and mismatches with the catalogue message', async () => {
    const cases: [string, Buffer | string][] = [
      ['evil.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['page.html', '<html><script>alert(1)</script></html>'],
      ['fake.png', '<html><script>alert(1)</script></html>'],
      ['real-png.exe', pngBytes()],
      ['png-called.gif', pngBytes()],
      ['noextension', pngBytes()],
      ['double.png.html', pngBytes()],
    ];
    for (const [name, content] of cases) {
      const r = await upload(name, content);
      expect(r, name).toMatchObject({ http: 200, status: 400, msg: MSG.fileTypeNotSupport });
    }
    const [u] = await t.database.db.select().from(users).where(eq(users.uid, uid));
    expect(u!.avatar).toMatch(/\.(png|gif|jpg|webp|bmp)$/);
  });

  it('refuses files over 2 MB (2097152 bytes) with the catalogue message and accepts exactly 2 MB', async () => {
    const header = pngBytes();
    const exact = Buffer.concat([header, Buffer.alloc(2097152 - header.length, 7)]);
    expect((await upload('exact.png', exact)).status).toBe(200);
    const over = Buffer.concat([header, Buffer.alloc(2097153 - header.length, 7)]);
    expect(await upload('over.png', over)).toMatchObject({ http: 200, status: 400, msg: MSG.exceedMaxSize });
    const huge = Buffer.concat([header, Buffer.alloc(6 * 1024 * 1024, 7)]);
    expect(await upload('huge.png', huge)).toMatchObject({ http: 200, status: 400, msg: MSG.exceedMaxSize });
  });

  it('needs a login, a multipart body and the image field', async () => {
    expect((await upload('a.png', pngBytes(), { auth: null })).http).toBe(401);
    expect(await upload('a.png', pngBytes(), { field: 'file' })).toMatchObject({ status: 400, msg: MSG.fileMissing });
    expect(await upload('a.png', Buffer.alloc(0))).toMatchObject({ status: 400, msg: MSG.fileMissing });
    const json = await t.app.inject({ method: 'POST', url: '/api/file/upload-avatar', headers: { authorization: token }, payload: { image: 'x' } });
    expect(json.json()).toMatchObject({ status: 400, msg: MSG.fileMissing });
    const { payload, contentType } = multipart([{ field: 'image', filename: 'a.png', content: pngBytes() }]);
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload-avatar',
      headers: { authorization: token, 'content-type': contentType },
      payload: payload.subarray(0, payload.length - 30),
    });
    expect(cut.statusCode).toBeLessThan(500);
    expect(cut.json().status).toBe(400);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload-avatar',
      headers: { authorization: token, 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expect(noBoundary.statusCode).toBeLessThan(500);
  });
});

describe('public files', () => {
  it('serves the seeded carousel SVG with a sandboxing CSP and nosniff', async () => {
    const list = await client(t).call('site.carousel');
    const url: string = list.data[0].url;
    expect(url).toMatch(/^\/api\/public\/files\/carousel\/[0-9a-f]{64}\.svg$/);
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lists no directories and reveals nothing outside DATA_DIR/files', async () => {
    fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'TOP-SECRET');
    fs.writeFileSync(path.join(t.config.dataDir, 'files', '.hidden'), 'HIDDEN');
    const attempts = [
      '/api/public/files/',
      '/api/public/files/avatar/',
      '/api/public/files/avatar',
      '/api/public/files/../secret.txt',
      '/api/public/files/..%2fsecret.txt',
      '/api/public/files/%2e%2e/secret.txt',
      '/api/public/files/%2e%2e%2fsecret.txt',
      '/api/public/files/avatar/..%2f..%2fsecret.txt',
      '/api/public/files/avatar/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/api/public/files/..\\secret.txt',
      '/api/public/files/%5c..%5csecret.txt',
      '/api/public/files/.hidden',
      '/api/public/files/%00',
      '/api/public/files/avatar/missing.png',
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('TOP-SECRET');
      expect(res.body, url).not.toContain('HIDDEN');
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
    }
  });
});

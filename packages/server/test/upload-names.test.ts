/**
 * A control character in an upload's file name: every multipart route refuses it with
 * `fileNameInvalid` (status 400, never a 500) and leaves nothing in DATA_DIR, whether the byte is sent
 * raw in the part header or encoded in `filename*`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, Role } from '@oj/shared';
import { insertGroup } from './group-helpers.js';
import { createTestApp, type TestApp } from './harness.js';
import { createUser, login, rootToken, unpack } from './helpers.js';
import { textEntries, zip } from './problem-admin-helpers.js';

let t: TestApp;
let root: string;
let user: string;
let gid: number;

const png = () => {
  const p = new PNG({ width: 8, height: 8 });
  p.data.fill(200);
  return PNG.sync.write(p);
};

/** Every multipart route: its path, field, a content it would otherwise take, the caller and the name's extension. */
const ROUTES = () => [
  { url: '/api/file/upload-avatar', field: 'image', ext: 'png', content: png(), token: user },
  { url: `/api/file/upload-group-avatar?gid=${gid}`, field: 'image', ext: 'png', content: png(), token: root },
  { url: '/api/file/upload-md-img', field: 'image', ext: 'png', content: png(), token: user },
  { url: '/api/file/upload-md-file', field: 'file', ext: 'txt', content: Buffer.from('notes\n'), token: root },
  { url: '/api/file/upload-carouse-img', field: 'file', ext: 'png', content: png(), token: root },
  { url: '/api/file/upload-testcase-zip?mode=default', field: 'file', ext: 'zip', content: zip(textEntries({ '1.in': '1\n', '1.out': '1\n' })), token: root },
  { url: '/api/file/import-problem', field: 'file', ext: 'zip', content: zip(textEntries({ 'problem_1.json': '{}' })), token: root },
  { url: '/api/file/import-fps-problem', field: 'file', ext: 'xml', content: Buffer.from('<fps version="1.2"></fps>'), token: root },
  { url: '/api/file/import-problems?format=auto', field: 'file', ext: 'xml', content: Buffer.from('<fps version="1.2"></fps>'), token: root },
];

/** Names the parser hands over with the control character in them: raw bytes in the header, or encoded in `filename*`. */
const NAMES: { label: string; disposition: (field: string, ext: string) => Buffer }[] = [
  ...['\0', '\x01', '\x7f', '\x1b'].map((c) => ({
    label: `raw ${JSON.stringify(c)}`,
    disposition: (field: string, ext: string) => Buffer.from(`form-data; name="${field}"; filename="a${c}b.${ext}"`, 'latin1'),
  })),
  ...['%00', '%01'].map((c) => ({
    label: `encoded ${c}`,
    disposition: (field: string, ext: string) => Buffer.from(`form-data; name="${field}"; filename*=UTF-8''a${c}b.${ext}`),
  })),
];

/**
 * A line break (raw, or encoded in `filename*`) breaks the part's header: the multipart parser drops the
 * part, so the request carries no file at all and is answered as such.
 */
const BROKEN: { label: string; disposition: (field: string, ext: string) => Buffer }[] = [
  { label: 'raw \\n', disposition: (field, ext) => Buffer.from(`form-data; name="${field}"; filename="a\nb.${ext}"`) },
  ...['%0A', '%0D'].map((c) => ({
    label: `encoded ${c}`,
    disposition: (field: string, ext: string) => Buffer.from(`form-data; name="${field}"; filename*=UTF-8''a${c}b.${ext}`),
  })),
];

function body(disposition: Buffer, content: Buffer) {
  const boundary = '----ojUploadNames';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: `),
    disposition,
    Buffer.from('\r\nContent-Type: application/octet-stream\r\n\r\n'),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Every file and folder under DATA_DIR but the database's own and the shared `tmp/` folder itself (made
 * once for every upload's private temp folder; what is inside it is listed).
 */
function listing(dir = t.config.dataDir, rel = ''): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const name = path.join(rel, e.name);
    if (rel === '' && (e.name === 'pg' || e.name.startsWith('pg'))) continue;
    if (e.isDirectory()) out.push(...(name === 'tmp' ? [] : [`${name}/`]), ...listing(dir, name));
    else out.push(name);
  }
  return out.sort();
}

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { username: 'uploader' });
  await createUser(t, { username: 'padm', roles: [Role.PROBLEM_ADMIN] });
  root = await rootToken(t);
  user = await login(t, 'uploader');
  gid = await insertGroup(t, { owner: 'root' });
});

afterAll(() => t.close());

describe('a control character in an upload file name', () => {
  it('is refused with the catalogue message on every multipart route, and nothing is left on disk', async () => {
    const before = listing();
    for (const r of ROUTES()) {
      for (const n of NAMES) {
        const { payload, contentType } = body(n.disposition(r.field, r.ext), r.content);
        const res = unpack(await t.app.inject({ method: 'POST', url: r.url, headers: { 'content-type': contentType, authorization: r.token }, payload }));
        expect([res.http, res.status, res.msg], `${r.url} ${n.label}`).toEqual([200, 400, MSG.fileNameInvalid]);
      }
      for (const n of BROKEN) {
        const { payload, contentType } = body(n.disposition(r.field, r.ext), r.content);
        const res = unpack(await t.app.inject({ method: 'POST', url: r.url, headers: { 'content-type': contentType, authorization: r.token }, payload }));
        expect([res.http, res.status, res.msg], `${r.url} ${n.label}`).toEqual([200, 400, MSG.fileMissing]);
      }
    }
    expect(listing()).toEqual(before);
  });

  it('a clean name still uploads', async () => {
    const { payload, contentType } = body(Buffer.from('form-data; name="image"; filename="face.png"'), png());
    const res = unpack(
      await t.app.inject({ method: 'POST', url: '/api/file/upload-avatar', headers: { 'content-type': contentType, authorization: user }, payload }),
    );
    expect(res.status, res.msg).toBe(200);
  });
});

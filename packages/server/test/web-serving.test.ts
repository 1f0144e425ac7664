/**
 * How the SPA and the API go out: precompressed brotli/gzip assets, year-long immutable caching of
 * hashed assets, index.html never cached without asking, and the security headers (CSP forbidding
 * inline script and foreign form targets, framing, referrer, nosniff) on pages and API answers alike.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const ASSET = '/assets/index-Ab3dE_f9.js';

beforeAll(async () => {
  // A build as `npm run build -w @oj/web` leaves it: hashed assets with .br/.gz siblings.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body></body></html>`);
  fs.writeFileSync(path.join(dist, ASSET), script);
  fs.writeFileSync(path.join(dist, `${ASSET}.br`), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, `${ASSET}.gz`), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const fetchUrl = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('static files', () => {
  it('sends a hashed asset as brotli when accepted, cached for a year as immutable', async () => {
    const res = await fetchUrl(ASSET, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    const cache = String(res.headers['cache-control']);
    expect(cache).toContain('immutable');
    expect(cache).toContain('max-age=31536000');
  });

  it('sends gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gz = await fetchUrl(ASSET, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await fetchUrl(ASSET, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(String(plain.headers['cache-control'])).toContain('immutable');
  });

  it('never lets index.html be kept without asking, whichever path served it', async () => {
    for (const url of ['/', '/home', '/problem/P1000', '/index.html']) {
      const res = await fetchUrl(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('caches unhashed files of public/ briefly', async () => {
    const res = await fetchUrl('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['cache-control'])).not.toContain('immutable');
  });
});

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  it.each(['/home', ASSET, '/api/get-website-config', '/api/no-such-call'])('%s carries the CSP and the other headers', async (url) => {
    const res = await fetchUrl(url);
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // /oiwiki probes (connect) and frames the wiki of the site setting, wherever it is.
    for (const d of ['connect-src', 'frame-src']) expect(csp.get(d)).toEqual(expect.arrayContaining(['http:', 'https:']));
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('keeps the sandboxing CSP of uploaded files', async () => {
    fs.mkdirSync(path.join(t.config.dataDir, 'files', 'avatar'), { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, 'files', 'avatar', 'evil.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const res = await fetchUrl('/api/public/files/avatar/evil.svg');
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.has('sandbox')).toBe(true);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { build, registerUser, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  const web = await mkdtemp(path.join(tmpdir(), 'meet-web-'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Meet</title>');
  t = await build({ WEB_DIST: web });
});
afterAll(() => t.close());

function expectHardened(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("'unsafe-eval'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(String(headers['permissions-policy'])).toContain('camera=(self)');
}

test('the web app HTML carries a CSP that forbids framing, nosniff and no referrer', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/home/meetings' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expectHardened(res.headers);
});

test('API replies, errors included, carry the same headers', async () => {
  expectHardened((await t.post('/api/user/getUserInfo', {})).headers);
  expectHardened((await t.app.inject({ method: 'GET', url: '/healthz' })).headers);
});

test('stored files carry the same headers', async () => {
  const token = await registerUser(t, 'headers@example.com');
  const info = (await t.post('/api/user/getUserInfo', {}, token)).json().payload;
  await t.app.blobs.put(`avatars/${info.code}.png`, Buffer.from('x'), 'image/png');
  const res = await t.app.inject({ method: 'GET', url: `/files/avatars/${info.code}.png` });
  expect(res.statusCode).toBe(200);
  expectHardened(res.headers);
});

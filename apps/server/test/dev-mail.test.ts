import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { build, type TestApp } from './helper.js';

describe('the development mailbox (MAIL_OUTBOX_HTTP=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
    for (const email of ['alice@example.com', 'bob@example.com']) {
      await t.post('/api/user/generateEmailVerifyCode', { email, type: 'register' });
    }
  });
  afterAll(() => t.close());

  const get = (url: string, extra: Partial<InjectOptions> = {}) =>
    t.app.inject({ method: 'GET', url, ...extra });

  test("lists one address's mail to a request from this machine", async () => {
    const res = await get('/dev/mail?to=alice@example.com');
    expect(res.statusCode).toBe(200);
    const mails = res.json() as { to: string }[];
    expect(mails.map((m) => m.to)).toEqual(['alice@example.com']);
  });

  test('without `to` it lists nothing and answers 400', async () => {
    for (const url of ['/dev/mail', '/dev/mail?to=', '/dev/mail?to[]=alice@example.com']) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('alice@example.com');
      expect(res.body).not.toContain('bob@example.com');
    }
  });

  test('a request from another machine is answered 404 and sees no mail', async () => {
    const res = await get('/dev/mail?to=alice@example.com', { remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('verification');
  });

  test('a request through a proxy is not from this machine', async () => {
    const res = await get('/dev/mail?to=alice@example.com', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode).toBe(404);
  });

  // A reverse proxy on this machine connects from loopback and may send only one of these.
  test.each([
    ['x-forwarded-for', '203.0.113.9'],
    ['x-forwarded-host', 'meet.example.com'],
    ['x-forwarded-proto', 'https'],
    ['forwarded', 'for=203.0.113.9'],
    ['x-real-ip', '203.0.113.9'],
    ['x-client-ip', '203.0.113.9'],
    ['true-client-ip', '203.0.113.9'],
    ['cf-connecting-ip', '203.0.113.9'],
    ['via', '1.1 nginx'],
  ])(
    'a loopback request with only %s: %s came through a proxy and sees no mail',
    async (name, value) => {
      for (const remoteAddress of ['127.0.0.1', '::1']) {
        const res = await get('/dev/mail?to=alice@example.com', {
          remoteAddress,
          headers: { [name]: value },
        });
        expect(res.statusCode, `${remoteAddress} ${name}`).toBe(404);
        expect(res.body).not.toContain('alice@example.com');
      }
    },
  );

  test('a plain loopback request, over IPv4 or IPv6, is from this machine', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await get('/dev/mail?to=alice@example.com', { remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
  });
});

describe('without MAIL_OUTBOX_HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ MAIL_OUTBOX_HTTP: '' });
  });
  afterAll(() => t.close());

  test('there is no /dev/mail, even from this machine', async () => {
    await t.post('/api/user/generateEmailVerifyCode', { email: 'c@example.com', type: 'register' });
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail?to=c@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('verification code');
  });
});

test('MAIL_OUTBOX_HTTP=1 refuses to start with NODE_ENV=production', () => {
  expect(() => loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX_HTTP: '1' })).toThrow(
    /development only.*SMTP_URL/,
  );
  expect(loadConfig({ NODE_ENV: 'production' }).mailOutboxHttp).toBe(false);
  expect(loadConfig({}).mailOutboxHttp).toBe(false);
});

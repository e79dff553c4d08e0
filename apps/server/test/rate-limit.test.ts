/**
 * Rate limits by client address and by account: sign-in calls per IP and per email address,
 * every API call per IP (the real one behind a trusted proxy) and per signed-in account.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, registerUser, type TestApp } from './helper.js';

describe('sign-in calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '3', AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE: '4' });
  });
  afterAll(() => t.close());

  const login = (email: string, ip: string) =>
    t.post('/api/user/emailLogin', { email, password: 'x1' }, undefined, { remoteAddress: ip });

  test('are limited per IP with 429 and a time to try again', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login('a@example.com', '10.1.1.1')).statusCode).toBe(400);
    const limited = await login('a@example.com', '10.1.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: -1,
      msg: expect.stringMatching(/^Too many requests, please try again in \d+ seconds$/),
    });
    expect((await login('b@example.com', '10.1.1.2')).statusCode).toBe(400);
  });

  // Code calls only: sign-in is not limited per email (that locked its owner out), its wrong
  // passwords are throttled by address instead (sign-in-enumeration.test.ts).
  const verify = (email: string, ip: string) =>
    t.post('/api/user/verifyEmailCode', { email, code: '123456', type: 'register' }, undefined, {
      remoteAddress: ip,
    });

  test('code calls are limited per email address, whichever addresses they come from', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await verify('Target@Example.com', `10.2.0.${i + 1}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    expect((await verify('other@example.com', '10.2.0.9')).statusCode).toBe(400);
  });

  test('sign-ins are not limited per email address: its owner is never locked out', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login('owner@example.com', `10.6.0.${i + 1}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
  });
});

describe('every API call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({
      API_RATE_LIMIT_PER_MINUTE: '5',
      ACCOUNT_RATE_LIMIT_PER_MINUTE: '6',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    });
  });
  afterAll(() => t.close());

  const info = (token: string | undefined, ip: string) =>
    t.post('/api/user/getUserInfo', {}, token, { remoteAddress: ip });

  test('is limited per signed-in account, from any address', async () => {
    const token = await registerUser(t, 'busy@example.com', 'secret123', '10.3.0.1');
    const calm = await registerUser(t, 'calm@example.com', 'secret123', '10.3.0.2');
    const statuses = [];
    // From this machine (not limited by address), so only the account limit applies.
    for (let i = 0; i < 7; i++) statuses.push((await info(token, '127.0.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect((await info(token, '10.3.0.9')).statusCode).toBe(429);
    expect((await info(calm, '127.0.0.1')).statusCode).toBe(200);
  });

  test('is limited per client address, and this machine itself is not', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await info(undefined, '10.4.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    for (let i = 0; i < 8; i++) expect((await info(undefined, '127.0.0.1')).statusCode).toBe(401);
  });

  test('a made-up X-Forwarded-For does not escape the limit when no proxy is trusted', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.post('/api/user/getUserInfo', {}, undefined, {
        remoteAddress: '10.5.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ TRUST_PROXY: '10.9.0.1', API_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  const viaProxy = (client: string) =>
    t.post('/api/tool/checkLimitRegion', {}, undefined, {
      remoteAddress: '10.9.0.1',
      headers: { 'x-forwarded-for': client },
    });

  test("the client's real address is the one limited, not the proxy's", async () => {
    const first = [];
    for (let i = 0; i < 4; i++) first.push((await viaProxy('198.51.100.7')).statusCode);
    expect(first).toEqual([200, 200, 200, 429]);
    expect((await viaProxy('198.51.100.8')).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, expect, test } from 'vitest';
import { build, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(() => t.close());

test('login calls are rate-limited per IP with 429', async () => {
  const attempt = (ip: string) =>
    t.post('/api/user/emailLogin', { email: 'a@example.com', password: 'x1' }, undefined, {
      remoteAddress: ip,
    });
  for (let i = 0; i < 3; i++) expect((await attempt('10.1.1.1')).statusCode).toBe(400);
  const limited = await attempt('10.1.1.1');
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toMatchObject({
    code: -1,
    msg: 'Too many requests, please try again later',
  });
  expect((await attempt('10.1.1.2')).statusCode).toBe(400);
});

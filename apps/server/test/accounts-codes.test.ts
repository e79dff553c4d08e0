import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, mailedCode, randomIp, registerUser, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const send = (email: string, type: 'register' | 'reset', ip = randomIp(), language?: string) =>
  t.post('/api/user/generateEmailVerifyCode', { email, type, language }, undefined, {
    remoteAddress: ip,
  });

describe('generateEmailVerifyCode', () => {
  test('mails a 6-digit code to the address and answers code 0', async () => {
    const res = await send('First@Example.com', 'register');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'success', payload: null });
    expect(await mailedCode(t, 'first@example.com')).toMatch(/^\d{6}$/);
  });

  test('a second request within 60 s is refused, and allowed after', async () => {
    const email = 'resend@example.com';
    expect((await send(email, 'register')).json().code).toBe(0);
    const again = await send(email, 'register');
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toMatch(/Please wait \d+ seconds/);
    t.clock.advance(61_000);
    expect((await send(email, 'register')).json().code).toBe(0);
  });

  test('the 11th code of a day for one email is "Too many operations", and allowed again a day later', async () => {
    const email = 'daily@example.com';
    for (let i = 0; i < 10; i++) {
      expect((await send(email, 'register')).json().code).toBe(0);
      t.clock.advance(61_000);
    }
    const refused = await send(email, 'register');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('Too many operations, please retry after 24 hours');
    t.clock.advance(24 * 60 * 60 * 1000);
    expect((await send(email, 'register')).json().code).toBe(0);
  });

  test('the 11th code of a day from one IP is "Too many operations"', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      expect((await send(`ip${i}@example.com`, 'register', ip)).json().code).toBe(0);
    }
    const refused = await send('ip-last@example.com', 'register', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('Too many operations, please retry after 24 hours');
    expect((await send('ip-last@example.com', 'register')).json().code).toBe(0);
  });

  test('sign-up for a registered email is refused with the catalogue text and its key', async () => {
    await send('taken@example.com', 'register');
    const code = await mailedCode(t, 'taken@example.com');
    await t.post('/api/user/emailRegister', {
      email: 'taken@example.com',
      code,
      password: 'abc12345',
    });
    t.clock.advance(61_000);
    const res = await send('taken@example.com', 'register');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: -1,
      msg: 'This email has already been registered',
      key: 'emailRegistered',
    });
  });

  test('reset for an unknown email is answered as for a registered one, and nothing is mailed', async () => {
    const res = await send('nobody@example.com', 'reset');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0 });
    await expect(mailedCode(t, 'nobody@example.com')).rejects.toThrow('no code mailed');
  });

  test('the message follows the request language', async () => {
    const res = await send('not-an-email', 'reset', randomIp(), 'zh');
    expect(res.json().msg).toBe('请输入有效的邮箱地址');
  });

  test.each([
    [{ type: 'register' }, 'email is required'],
    [{ email: 'x@example.com' }, 'type is required'],
    [{ email: 'not-an-email', type: 'register' }, 'Please enter a valid email address'],
    [{ email: 12345, type: 'register' }, 'email is not valid'],
    [{ email: 'x@example.com', type: 'other' }, 'type is not valid'],
  ])('bad input %j gets a 400 with "%s"', async (body, msg) => {
    const res = await t.post('/api/user/generateEmailVerifyCode', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, msg, key: expect.any(String), payload: null });
  });

  test('form-encoded bodies work and unknown fields are ignored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/generateEmailVerifyCode',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=form%40example.com&type=register&appName=meet&useragent=web%2F3.10.3&extra=1',
      remoteAddress: randomIp(),
    });
    expect(res.json().code).toBe(0);
  });

  test('a body that is not JSON is a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/generateEmailVerifyCode',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(-1);
  });
});

describe('verifyEmailCode', () => {
  test('the right code passes; a wrong one is "Incorrect verification code"', async () => {
    const email = 'verify@example.com';
    await send(email, 'register');
    const code = await mailedCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await t.post('/api/user/verifyEmailCode', { email, code: wrong, type: 'register' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Incorrect verification code');
    const good = await t.post('/api/user/verifyEmailCode', { email, code, type: 'register' });
    expect(good.json().code).toBe(0);
  });

  test('a code older than 10 minutes is "Verification code expired"', async () => {
    const email = 'expire@example.com';
    await send(email, 'register');
    const code = await mailedCode(t, email);
    t.clock.advance(10 * 60 * 1000 - 1000);
    expect(
      (await t.post('/api/user/verifyEmailCode', { email, code, type: 'register' })).json().code,
    ).toBe(0);
    t.clock.advance(2000);
    const res = await t.post('/api/user/verifyEmailCode', { email, code, type: 'register' });
    expect(res.json().msg).toBe('Verification code expired');
  });

  test('five wrong tries void the code, even for the right one after', async () => {
    const email = 'tries@example.com';
    await send(email, 'register');
    const code = await mailedCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.post('/api/user/verifyEmailCode', {
        email,
        code: wrong,
        type: 'register',
      });
      expect(res.json().msg).toBe('Incorrect verification code');
    }
    const res = await t.post('/api/user/verifyEmailCode', { email, code, type: 'register' });
    expect(res.json().msg).toBe('Operation timed out, request a verification email again');
  });

  test('a code must be 6 digits', async () => {
    const res = await t.post('/api/user/verifyEmailCode', {
      email: 'a@example.com',
      code: '12',
      type: 'register',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The verification code is 6 digits');
  });
});

describe('the five-try limit holds on every route that takes a code', () => {
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

  test('emailRegister: twelve wrong codes, then the right one, is refused', async () => {
    const email = 'brute-register@example.com';
    await send(email, 'register');
    const code = await mailedCode(t, email);
    const msgs = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.post('/api/user/emailRegister', {
        email,
        code: wrongFor(code),
        password: 'abc12345',
      });
      expect(res.statusCode).toBe(400);
      msgs.push(res.json().msg);
    }
    expect(msgs.slice(0, 5)).toEqual(Array(5).fill('Incorrect verification code'));
    expect(msgs.slice(5)).toEqual(
      Array(7).fill('Operation timed out, request a verification email again'),
    );
    const right = await t.post('/api/user/emailRegister', { email, code, password: 'abc12345' });
    expect(right.json()).toMatchObject({
      code: -1,
      msg: 'Operation timed out, request a verification email again',
    });
    const login = await t.post('/api/user/emailLogin', { email, password: 'abc12345' });
    expect(login.json().msg).toBe('Incorrect email or password');
  });

  test('resetEmailPassword: twelve wrong codes, then the right one, is refused and the password stays', async () => {
    const email = 'brute-reset@example.com';
    await registerUser(t, email, 'first1234');
    t.clock.advance(61_000);
    await send(email, 'reset');
    const code = await mailedCode(t, email);
    for (let i = 0; i < 12; i++) {
      await t.post('/api/user/resetEmailPassword', {
        email,
        code: wrongFor(code),
        password: 'taken999x',
      });
    }
    const right = await t.post('/api/user/resetEmailPassword', {
      email,
      code,
      password: 'taken999x',
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().msg).toBe('Operation timed out, request a verification email again');
    expect(
      (await t.post('/api/user/emailLogin', { email, password: 'taken999x' })).json().code,
    ).toBe(-1);
    expect(
      (await t.post('/api/user/emailLogin', { email, password: 'first1234' })).json().code,
    ).toBe(0);
  });

  test('fifteen wrong guesses sent at once count one by one: at most five are judged "incorrect"', async () => {
    const email = 'brute-parallel@example.com';
    await send(email, 'register');
    const code = await mailedCode(t, email);
    const replies = await Promise.all(
      Array.from({ length: 15 }, () =>
        t.post('/api/user/emailRegister', { email, code: wrongFor(code), password: 'abc12345' }),
      ),
    );
    const incorrect = replies.filter((r) => r.json().msg === 'Incorrect verification code');
    expect(incorrect.length).toBe(5);
    expect(replies.every((r) => r.statusCode === 400)).toBe(true);
    const right = await t.post('/api/user/emailRegister', { email, code, password: 'abc12345' });
    expect(right.json().code).toBe(-1);
  });

  test('a right code registers once: two sign-ups with it at once give one account', async () => {
    const email = 'race-register@example.com';
    await send(email, 'register');
    const code = await mailedCode(t, email);
    const replies = await Promise.all(
      [1, 2, 3].map(() => t.post('/api/user/emailRegister', { email, code, password: 'abc12345' })),
    );
    expect(replies.filter((r) => r.json().code === 0)).toHaveLength(1);
    expect(replies.every((r) => r.statusCode < 500)).toBe(true);
  });
});

test('an address with markup in it is refused and nothing is mailed', async () => {
  const email = '<script>alert(1)</script>@x.com';
  const res = await send(email, 'register');
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    msg: 'Please enter a valid email address',
    key: 'invalidEmail',
  });
  const outbox = await t.app.inject({
    method: 'GET',
    url: `/dev/mail?to=${encodeURIComponent(email)}`,
  });
  expect(outbox.json()).toEqual([]);
});

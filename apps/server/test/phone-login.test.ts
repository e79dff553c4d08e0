/**
 * Sign-in by text message: `/tool/send-sms` puts a code in the SMS outbox (listed at
 * `/dev/sms?to=` in development, under /dev/mail's rules), `/user/phone-login` signs in with it,
 * making an account for a new number; the same limits and texts as email codes.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SIGNUP_AI_CREDITS } from '@meet/shared';
import { build, randomIp, registerUser, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

let serial = 0;
/** A number nobody used yet in this file. */
const newPhone = () => `+1 555 ${String(1_000_000 + ++serial * 7919).slice(-7)}`;
const e164 = (phone: string) => phone.replace(/[\s]/g, '');

const sendSms = (phone: string, ip = randomIp(), extra: Partial<InjectOptions> = {}) =>
  t.post('/api/tool/send-sms', { phone }, undefined, { remoteAddress: ip, ...extra });

async function textedCode(phone: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/dev/sms?to=${encodeURIComponent(phone)}`,
  });
  const texts = res.json() as { text: string }[];
  const match = texts[0] && /\b(\d{6})\b/.exec(texts[0].text);
  if (!match) throw new Error(`no code texted to ${phone}`);
  return match[1]!;
}

describe('phone sign-in', () => {
  test('a new number gets a code by text, signs in with it, and has a basic account with the 60 sign-up credits; the number signs in to the same account later', async () => {
    const phone = newPhone();
    expect((await sendSms(phone)).json()).toMatchObject({ code: 0 });
    const code = await textedCode(phone);
    const res = await t.post('/api/user/phone-login', { phone, code });
    expect(res.json()).toMatchObject({ code: 0 });
    const { token, userInfo } = res.json().payload;
    expect(res.headers.authorization).toBe(token);
    expect(userInfo).toMatchObject({
      phone: e164(phone),
      email: '',
      userType: 1,
      energyPoint: SIGNUP_AI_CREDITS,
      isVisitor: false,
    });
    expect(userInfo.userName).toMatch(/^\+15\*+\d{4}$/);

    // The code is used up.
    const again = await t.post('/api/user/phone-login', { phone, code });
    expect(again.json().key).toBe('codeVoid');

    t.clock.advance(61_000);
    await sendSms(phone);
    const second = await t.post('/api/user/phone-login', {
      phone: e164(phone),
      code: await textedCode(phone),
    });
    expect(second.json().payload.userInfo.userId).toBe(userInfo.userId);
  });

  test('the text is in the request language, from the same catalogue as the code mail', async () => {
    const phone = newPhone();
    await t.post('/api/tool/send-sms', { phone, language: 'zh' });
    const [text] = (
      await t.app.inject({ method: 'GET', url: `/dev/sms?to=${encodeURIComponent(phone)}` })
    ).json();
    expect(text.text).toMatch(/^【Meet】您的验证码是 \d{6}，10 分钟内有效/);
  });

  test('an invalid number is refused with "Invalid phone number, please reenter" (and in Chinese)', async () => {
    for (const phone of ['12345', '13800138000', '+1 555 CALL NOW', '+0123456789']) {
      const res = await t.post('/api/tool/send-sms', { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toMatchObject({
        key: 'invalidPhone',
        msg: 'Invalid phone number, please reenter',
      });
    }
    const zh = await t.post('/api/user/phone-login', {
      phone: '42',
      code: '123456',
      language: 'zh',
    });
    expect(zh.json().msg).toBe('手机号码无效，请重新输入');
  });

  test('a wrong code counts against five tries, like an email code; an expired code is refused', async () => {
    const phone = newPhone();
    await sendSms(phone);
    const code = await textedCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.post('/api/user/phone-login', { phone, code: wrong });
      expect(res.json()).toMatchObject({
        key: 'incorrectCode',
        msg: 'Incorrect verification code',
      });
    }
    expect((await t.post('/api/user/phone-login', { phone, code })).json().key).toBe('codeVoid');

    const late = newPhone();
    await sendSms(late);
    const lateCode = await textedCode(late);
    t.clock.advance(10 * 60_000 + 1);
    expect(
      (await t.post('/api/user/phone-login', { phone: late, code: lateCode })).json(),
    ).toMatchObject({
      key: 'codeExpired',
      msg: 'Verification code expired',
    });
  });

  test('codes are limited as email codes are: one a minute per number, ten a day per number', async () => {
    const phone = newPhone();
    expect((await sendSms(phone)).statusCode).toBe(200);
    const soon = await sendSms(phone);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().key).toBe('codeRequestTooSoon');
    for (let i = 1; i < 10; i++) {
      t.clock.advance(61_000);
      expect((await sendSms(phone)).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    const day = await sendSms(phone);
    expect(day.statusCode).toBe(429);
    expect(day.json()).toMatchObject({
      key: 'tooManyOperations',
      msg: 'Too many operations, please retry after 24 hours',
    });
  });
});

describe('the development SMS outbox (MAIL_OUTBOX_HTTP=1)', () => {
  const get = (url: string, extra: Partial<InjectOptions> = {}) =>
    t.app.inject({ method: 'GET', url, ...extra });

  test("lists one number's texts to this machine, written however the number is typed", async () => {
    const phone = newPhone();
    await sendSms(phone);
    for (const to of [phone, e164(phone), phone.replace(/ /g, '-')]) {
      const res = await get(`/dev/sms?to=${encodeURIComponent(to)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((m: { to: string }) => m.to)).toEqual([e164(phone)]);
    }
  });

  test('needs ?to=, answers nothing to another machine or through a proxy', async () => {
    for (const url of ['/dev/sms', '/dev/sms?to=', '/dev/sms?to[]=1']) {
      expect((await get(url)).statusCode).toBe(400);
    }
    const phone = newPhone();
    await sendSms(phone);
    const url = `/dev/sms?to=${encodeURIComponent(phone)}`;
    expect((await get(url, { remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    const proxied = await get(url, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(404);
    expect(proxied.body).not.toContain('verification');
  });

  test('without MAIL_OUTBOX_HTTP there is no /dev/sms', async () => {
    const quiet = await build({ MAIL_OUTBOX_HTTP: '' });
    try {
      await quiet.post('/api/tool/send-sms', { phone: '+15550001111' });
      const res = await quiet.app.inject({ method: 'GET', url: '/dev/sms?to=%2B15550001111' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('verification');
    } finally {
      await quiet.close();
    }
  });
});

describe('a name for a new phone account (issue 30)', () => {
  async function phoneLogin(phone: string) {
    await sendSms(phone);
    const res = await t.post('/api/user/phone-login', { phone, code: await textedCode(phone) });
    expect(res.json()).toMatchObject({ code: 0 });
    return res.json().payload;
  }

  test('the first sign-in of a number is flagged newAccount; the name set through the profile call is kept, and the number signs in again unflagged with it', async () => {
    const phone = newPhone();
    const first = await phoneLogin(phone);
    expect(first.newAccount).toBe(true);
    // Until the person picks a name, the account has the masked number.
    expect(first.userInfo.userName).toMatch(/^\+15\*+\d{4}$/);

    const named = await t.post(
      '/api/user/updateUserInfo',
      { username: 'Grace Hopper' },
      first.token,
    );
    expect(named.json()).toMatchObject({ code: 0, payload: { userName: 'Grace Hopper' } });
    const info = await t.post('/api/user/getUserInfo', {}, first.token);
    expect(info.json().payload.userName).toBe('Grace Hopper');

    t.clock.advance(61_000);
    const again = await phoneLogin(phone);
    expect(again.newAccount).toBeUndefined();
    expect(again.userInfo).toMatchObject({
      userId: first.userInfo.userId,
      userName: 'Grace Hopper',
    });
  });

  test('a returning number is not flagged even when it kept the masked number as its name', async () => {
    const phone = newPhone();
    expect((await phoneLogin(phone)).newAccount).toBe(true);
    t.clock.advance(61_000);
    const again = await phoneLogin(phone);
    expect(again.newAccount).toBeUndefined();
    expect(again.userInfo.userName).toMatch(/^\+15\*+\d{4}$/);
  });

  test("an empty name is refused with the profile call's own message", async () => {
    const first = await phoneLogin(newPhone());
    const res = await t.post('/api/user/updateUserInfo', { username: '   ' }, first.token);
    expect(res.json()).toMatchObject({ key: 'nicknameEmpty', msg: 'Nickname cannot be empty' });
  });

  test('email sign-up and sign-in are never flagged', async () => {
    const email = `named-${Date.now()}@example.com`;
    await registerUser(t, email);
    const res = await t.post('/api/user/emailLogin', { email, password: 'secret123' });
    expect(res.json().code).toBe(0);
    expect(res.json().payload).not.toHaveProperty('newAccount');
  });
});

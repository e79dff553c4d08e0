/**
 * Sign-in tells no one which addresses have an account (issue 27): a wrong password and an
 * address without an account get the same answer after the same work (one password hash), and a
 * reset code request is answered alike for both (mailed only to the account). Wrong passwords
 * are throttled by where they come from, never by locking the account: its owner still signs in
 * from elsewhere.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { build, mailedCode, randomIp, registerUser, type TestApp } from './helper.js';

const PER_PAIR = 5;
const PER_IP = 12;
const WINDOW_MINUTES = 15;

let t: TestApp;
beforeAll(async () => {
  t = await build({
    SIGN_IN_FAILURES_PER_IP_EMAIL: String(PER_PAIR),
    SIGN_IN_FAILURES_PER_IP: String(PER_IP),
    SIGN_IN_FAILURE_WINDOW_MINUTES: String(WINDOW_MINUTES),
  });
});
afterAll(() => t.close());

let serial = 0;
const uniqueEmail = (name: string) => `${name}-${process.pid}-${++serial}@example.com`;

const login = (email: string, password: string, ip = randomIp(), language = 'en') =>
  t.post('/api/user/emailLogin', { email, password, language }, undefined, { remoteAddress: ip });

/** What a client can tell apart: the status and the whole body. */
const seen = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  body: res.json(),
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe('emailLogin', () => {
  test('a wrong password and an address with no account get the same answer', async () => {
    const email = uniqueEmail('known');
    await registerUser(t, email, 'secret123');
    for (const language of ['en', 'zh']) {
      const wrong = seen(await login(email, 'wrong9999', randomIp(), language));
      const nobody = seen(await login(uniqueEmail('nobody'), 'wrong9999', randomIp(), language));
      expect(nobody).toEqual(wrong);
      expect(wrong).toEqual({
        status: 400,
        body: {
          code: -1,
          msg: language === 'en' ? 'Incorrect email or password' : '邮箱或密码错误',
          key: 'signInFailed',
          payload: null,
        },
      });
    }
  });

  test('an address with no account, or an account with no password, still costs one password hash', async () => {
    const passwords = t.app.passwords as unknown as {
      verifyArgon2(password: string, stored: string): Promise<boolean>;
    };
    const argon2 = vi.spyOn(passwords, 'verifyArgon2');
    try {
      const email = uniqueEmail('hashed');
      await registerUser(t, email, 'secret123');
      argon2.mockClear();
      await login(email, 'wrong9999');
      expect(argon2).toHaveBeenCalledTimes(1);
      argon2.mockClear();
      await login(uniqueEmail('nobody'), 'wrong9999');
      expect(argon2).toHaveBeenCalledTimes(1);
      // A guest (visitor) account has no email or password at all; one by phone has no password.
      argon2.mockClear();
      const phoneOnly = await t.app.users.findByEmail(email);
      await t.app.users.update(phoneOnly!.id, { passwordHash: null });
      await login(email, 'secret123');
      expect(argon2).toHaveBeenCalledTimes(1);
    } finally {
      argon2.mockRestore();
    }
  });

  test('takes about as long for an address with no account as for a wrong password', async () => {
    const email = uniqueEmail('timed');
    await registerUser(t, email, 'secret123');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      let start = performance.now();
      await login(email, `wrong${i}aaa`);
      known.push(performance.now() - start);
      start = performance.now();
      await login(uniqueEmail('nobody'), `wrong${i}aaa`);
      unknown.push(performance.now() - start);
    }
    // Generous: the machine is shared; without the hash an unknown address answers ~10x faster.
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
  });
});

describe('reset codes', () => {
  const requestReset = (email: string, ip = randomIp()) =>
    t.post('/api/user/generateEmailVerifyCode', { email, type: 'reset' }, undefined, {
      remoteAddress: ip,
    });
  const mails = async (email: string) =>
    (await t.app.inject({ method: 'GET', url: `/dev/mail?to=${encodeURIComponent(email)}` })).json()
      .length as number;

  test('are answered alike for an address with an account and one without; only the account is mailed', async () => {
    const email = uniqueEmail('reset-known');
    await registerUser(t, email, 'secret123');
    t.clock.advance(61_000);
    const nobody = uniqueEmail('reset-nobody');
    const known = seen(await requestReset(email));
    const unknown = seen(await requestReset(nobody));
    expect(unknown).toEqual(known);
    expect(known.body).toMatchObject({ code: 0 });
    expect(await mails(email)).toBe(2);
    expect(await mails(nobody)).toBe(0);
    // Asking again at once meets the same limit for both.
    const again = seen(await requestReset(email));
    expect(again.status).toBe(429);
    expect(seen(await requestReset(nobody))).toEqual(again);
  });

  test('a reset for an address with no account fails as a wrong code does, never "not registered"', async () => {
    const email = uniqueEmail('reset-code');
    await registerUser(t, email, 'secret123');
    t.clock.advance(61_000);
    const nobody = uniqueEmail('reset-code-nobody');
    await requestReset(email);
    await requestReset(nobody);
    const code = await mailedCode(t, email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const reset = (address: string) =>
      t.post('/api/user/resetEmailPassword', {
        email: address,
        code: wrongCode,
        password: 'newpass2',
      });
    const known = seen(await reset(email));
    expect(seen(await reset(nobody))).toEqual(known);
    expect(known.body).toMatchObject({ key: 'incorrectCode' });
    // Never asked for: the same as an account's address that never asked.
    const neverAsked = seen(await reset(uniqueEmail('never-asked')));
    const accountNeverAsked = uniqueEmail('account-never-asked');
    await registerUser(t, accountNeverAsked, 'secret123');
    expect(seen(await reset(accountNeverAsked)).body).toEqual(neverAsked.body);
  });
});

describe('wrong passwords', () => {
  test('from one address are refused past the limit there, and the owner still signs in from another', async () => {
    const email = uniqueEmail('owner');
    await registerUser(t, email, 'secret123');
    const attacker = randomIp();
    for (let i = 0; i < PER_PAIR; i++)
      expect((await login(email, `guess${i}aa`, attacker)).statusCode).toBe(400);
    const refused = await login(email, 'secret123', attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/^Too many requests, please try again in \d+ seconds$/);
    expect((await login(email, 'secret123', randomIp())).json().code).toBe(0);
    // The window ends, and the address may try again.
    t.clock.advance(WINDOW_MINUTES * 60_000);
    expect((await login(email, 'secret123', attacker)).json().code).toBe(0);
  });

  test('from many addresses never lock the account', async () => {
    const email = uniqueEmail('many');
    await registerUser(t, email, 'secret123');
    for (let i = 0; i < 25; i++) {
      const res = await login(email, `guess${i}aa`, randomIp());
      expect(res.statusCode).toBe(400);
    }
    expect((await login(email, 'secret123', randomIp())).json().code).toBe(0);
  });

  test('from one address for many emails are refused there past the address limit', async () => {
    const ip = randomIp();
    for (let i = 0; i < PER_IP; i++) {
      expect((await login(uniqueEmail('spray'), 'guess1aa', ip)).statusCode).toBe(400);
    }
    const email = uniqueEmail('sprayed');
    await registerUser(t, email, 'secret123');
    expect((await login(email, 'secret123', ip)).statusCode).toBe(429);
    expect((await login(email, 'secret123', randomIp())).json().code).toBe(0);
  });

  test('a right password clears what its address had counted for that email', async () => {
    const email = uniqueEmail('forgetful');
    await registerUser(t, email, 'secret123');
    const ip = randomIp();
    // Twice the pair's limit in all, under the address's own.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < PER_PAIR - 1; i++) await login(email, `guess${i}aa`, ip);
      expect((await login(email, 'secret123', ip)).json().code).toBe(0);
    }
  });
});

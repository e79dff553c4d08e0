import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { creditLedger, users } from '../src/db/schema/index.js';
import { build, mailedCode, randomIp, registerUser, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

async function requestCode(email: string, type: 'register' | 'reset') {
  const res = await t.post('/api/user/generateEmailVerifyCode', { email, type }, undefined, {
    remoteAddress: randomIp(),
  });
  expect(res.json().code).toBe(0);
  return mailedCode(t, email);
}

describe('emailRegister', () => {
  test('creates a basic user with 60 AI credits in the ledger and returns a token in payload and header', async () => {
    const email = 'new@example.com';
    const code = await requestCode(email, 'register');
    const res = await t.post('/api/user/emailRegister', { email, code, password: 'abc123' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.payload.token).toMatch(/^[\w-]{43}$/);
    expect(res.headers.authorization).toBe(body.payload.token);
    expect(body.payload.userInfo).toMatchObject({
      email,
      userType: 1,
      energyPoint: 60,
      isVisitor: false,
    });

    const [user] = await t.app.database.db.select().from(users).where(eq(users.email, email));
    const ledger = await t.app.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, user!.id));
    expect(ledger).toEqual([expect.objectContaining({ delta: 60, reason: 'signup' })]);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  test.each(['abc12', 'abcdefgh', '12345678'])(
    'password %s breaks the rule and is refused',
    async (password) => {
      const res = await t.post('/api/user/emailRegister', {
        email: 'p@example.com',
        code: '123456',
        password,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(
        'Password must be at least 6 characters and contain letters and numbers',
      );
    },
  );

  test('a used code cannot register twice, and a registered email is refused', async () => {
    const email = 'twice@example.com';
    const code = await requestCode(email, 'register');
    expect(
      (await t.post('/api/user/emailRegister', { email, code, password: 'abc123' })).json().code,
    ).toBe(0);
    const again = await t.post('/api/user/emailRegister', { email, code, password: 'abc123' });
    expect(again.json().msg).toBe('This email has already been registered');
    const sent = await t.post('/api/user/generateEmailVerifyCode', { email, type: 'register' });
    expect(sent.json().msg).toBe('This email has already been registered');
  });

  test('a wrong code registers nobody', async () => {
    const email = 'wrongcode@example.com';
    const code = await requestCode(email, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await t.post('/api/user/emailRegister', { email, code: wrong, password: 'abc123' });
    expect(res.json().msg).toBe('Incorrect verification code');
    const login = await t.post('/api/user/emailLogin', { email, password: 'abc123' });
    expect(login.json().msg).toBe('Incorrect email or password');
  });
});

describe('emailLogin, logout and tokens', () => {
  test('signs in with the right password; "Incorrect email or password" otherwise', async () => {
    await registerUser(t, 'login@example.com', 'pass1234');
    const bad = await t.post('/api/user/emailLogin', {
      email: 'login@example.com',
      password: 'pass9999',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Incorrect email or password');
    const good = await t.post('/api/user/emailLogin', {
      email: 'LOGIN@example.com',
      password: 'pass1234',
    });
    expect(good.json().code).toBe(0);
    const info = await t.post('/api/user/getUserInfo', {}, good.json().payload.token);
    expect(info.json().payload.email).toBe('login@example.com');
  });

  test('logout revokes the token: it then gets 203 with HTTP 401', async () => {
    const token = await registerUser(t, 'logout@example.com');
    expect((await t.post('/api/user/getUserInfo', {}, token)).json().code).toBe(0);
    expect((await t.post('/api/user/logout', {}, token)).json().code).toBe(0);
    const after = await t.post('/api/user/getUserInfo', {}, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(203);
  });

  test('a missing or made-up token is 203', async () => {
    expect((await t.post('/api/user/getUserInfo')).json().code).toBe(203);
    expect((await t.post('/api/user/getUserInfo', {}, 'x'.repeat(43))).json().code).toBe(203);
  });

  test('a token in use is valid for 365 days', async () => {
    const token = await registerUser(t, 'longlived@example.com');
    // Used every few weeks (one unused for 60 days ends sooner: session-idle.test.ts).
    for (let day = 0; day < 364; day += 28) {
      t.clock.advance(Math.min(28, 364 - day) * 24 * 3600 * 1000);
      expect((await t.post('/api/user/getUserInfo', {}, token)).json().code).toBe(0);
    }
    t.clock.advance(2 * 24 * 3600 * 1000);
    expect((await t.post('/api/user/getUserInfo', {}, token)).json().code).toBe(203);
  });

  test('getUserInfo returns the Self info fields', async () => {
    const token = await registerUser(t, 'self@example.com');
    const info = (await t.post('/api/user/getUserInfo', {}, token)).json().payload;
    expect(info).toEqual({
      userId: expect.any(Number),
      userConferenceId: expect.stringMatching(/^\d{10}$/),
      code: expect.any(String),
      avatar: '',
      email: 'self@example.com',
      userName: 'self',
      userType: 1,
      payType: 0,
      expiredTime: 0,
      energyPoint: 60,
      isVisitor: false,
      phone: '',
      googleLinked: false,
    });
  });
});

describe('resetEmailPassword', () => {
  test('sets a new password and signs out every old session', async () => {
    const email = 'reset@example.com';
    const oldToken = await registerUser(t, email, 'oldpass1');
    t.clock.advance(61_000);
    const code = await requestCode(email, 'reset');
    const res = await t.post('/api/user/resetEmailPassword', { email, code, password: 'newpass2' });
    expect(res.json().code).toBe(0);
    expect((await t.post('/api/user/getUserInfo', {}, oldToken)).json().code).toBe(203);
    expect((await t.post('/api/user/emailLogin', { email, password: 'oldpass1' })).json().msg).toBe(
      'Incorrect email or password',
    );
    expect(
      (await t.post('/api/user/emailLogin', { email, password: 'newpass2' })).json().code,
    ).toBe(0);
  });

  test('an unknown email is refused as a code never sent is, not as "not registered"', async () => {
    const res = await t.post('/api/user/resetEmailPassword', {
      email: 'ghost@example.com',
      code: '123456',
      password: 'abc123',
    });
    expect(res.json().msg).toBe('Operation timed out, request a verification email again');
  });
});

describe('visitorLogin', () => {
  test('the same device uuid gets the same visitor account back; another gets another', async () => {
    const a1 = await t.post('/api/user/visitorLogin', {
      uuid: 'device-aaaaaaaaaaaa',
      visitors: true,
    });
    const a2 = await t.post('/api/user/visitorLogin', {
      uuid: 'device-aaaaaaaaaaaa',
      visitors: 'true',
    });
    const b = await t.post('/api/user/visitorLogin', {
      uuid: 'device-bbbbbbbbbbbb',
      visitors: true,
    });
    expect(a1.json().payload.userInfo).toMatchObject({ isVisitor: true, userType: 0 });
    expect(a2.json().payload.userInfo.userId).toBe(a1.json().payload.userInfo.userId);
    expect(a2.json().payload.token).not.toBe(a1.json().payload.token);
    expect(b.json().payload.userInfo.userId).not.toBe(a1.json().payload.userInfo.userId);
  });
});

describe('updateUserInfo', () => {
  test.each([
    ['   ', 'Nickname cannot be empty'],
    ['x'.repeat(51), 'Nickname cannot exceed 50 characters'],
  ])('username %j is refused with "%s"', async (username, msg) => {
    const token = await registerUser(t, `nick${username.length}@example.com`);
    const res = await t.post('/api/user/updateUserInfo', { username }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
  });

  test('a new name is trimmed and saved; the same name again is refused', async () => {
    const token = await registerUser(t, 'rename@example.com');
    const res = await t.post('/api/user/updateUserInfo', { username: '  Ada Lovelace ' }, token);
    expect(res.json().payload.userName).toBe('Ada Lovelace');
    expect((await t.post('/api/user/getUserInfo', {}, token)).json().payload.userName).toBe(
      'Ada Lovelace',
    );
    const same = await t.post('/api/user/updateUserInfo', { username: 'Ada Lovelace' }, token);
    expect(same.json().msg).toBe('The new nickname is the same as the current one');
  });
});

describe('changeAvatar', () => {
  function multipart(filename: string, data: Buffer, field = 'avatar') {
    const boundary = '----meettest';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    return {
      payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }
  const image = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .toFormat(format)
      .toBuffer();
  async function upload(token: string, filename: string, data: Buffer, field?: string) {
    const { payload, headers } = multipart(filename, data, field);
    return t.app.inject({
      method: 'POST',
      url: '/api/user/changeAvatar',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
  }

  test('a valid image is stored square and served at payload.url', async () => {
    const token = await registerUser(t, 'avatar@example.com');
    const res = await upload(token, 'me.jpg', await image(300, 200, 'jpeg'));
    expect(res.json().code).toBe(0);
    const url = res.json().payload.url as string;
    expect(url).toMatch(/^\/files\/avatars\/.+\.png$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.width).toBe(meta.height);
    expect((await t.post('/api/user/getUserInfo', {}, token)).json().payload.avatar).toBe(url);
  });

  test.each([
    ['small.png', () => image(99, 200), 'The image must be at least 100x120 pixels'],
    ['short.png', () => image(200, 119), 'The image must be at least 100x120 pixels'],
    ['huge.png', () => image(3001, 200), 'The image must be at most 3000 pixels on each side'],
    ['pic.bmp', () => image(200, 200), 'Please select a png, jpeg, gif or jpg image'],
    [
      'fake.png',
      async () => Buffer.from('not an image at all'),
      'Please select a png, jpeg, gif or jpg image',
    ],
  ])('%s is refused', async (filename, make, msg) => {
    const token = await registerUser(t, `bad-${filename}@example.com`);
    const res = await upload(token, filename, await make());
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
  });

  test('a request without the avatar field is refused', async () => {
    const token = await registerUser(t, 'nofile@example.com');
    const res = await upload(token, 'x.png', await image(200, 200), 'other');
    expect(res.json().msg).toBe('Please choose an image');
  });
});

describe('system routes', () => {
  // The database and version are the operator's (system-disclosure.test.ts).
  test('healthz reports its status to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  test('the OpenAPI document lists the account calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/user/emailRegister',
        '/api/user/emailLogin',
        '/api/user/visitorLogin',
      ]),
    );
  });

  test('an unknown API path is a JSON 404', async () => {
    const res = await t.post('/api/nothing/here', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: -1 });
  });
});

/**
 * Sign-in by QR code: the waiting page gets a code (`/user/upload-scan-info`), a signed-in
 * device opens it (`/user/scan-info`, the waiting page then sees "scanned") and approves or
 * denies it (`/user/approve-scan`), and the waiting page collects the sign-in once
 * (`/user/get-scan-result`). Codes expire; a used or denied code signs nobody in.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SCAN_LOGIN_TTL_MS } from '@meet/shared';
import { build, registerUser, type TestApp } from './helper.js';
import { registered, visitor } from './room-members.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

async function newCode() {
  const res = await t.post('/api/user/upload-scan-info', {}, undefined, {
    headers: { 'user-agent': CHROME_LINUX },
  });
  expect(res.json(), res.body).toMatchObject({ code: 0 });
  return res.json().payload as { scanId: string; pollKey: string; path: string; expiresAt: number };
}

const result = (scanId: string, pollKey: string) =>
  t.post('/api/user/get-scan-result', { scanId, pollKey });
const approve = (token: string, scanId: string, yes = true) =>
  t.post('/api/user/approve-scan', { scanId, approve: yes }, token);

describe('QR sign-in', () => {
  test('a signed-in phone opens the code and approves it; the waiting page signs in as that user, once', async () => {
    const phone = await registered(t);
    const code = await newCode();
    expect(code.path).toBe(`/scan/${code.scanId}`);
    expect(code.expiresAt).toBe(t.clock.now() + SCAN_LOGIN_TTL_MS);
    expect((await result(code.scanId, code.pollKey)).json().payload).toEqual({
      status: 'waiting',
      login: null,
    });

    const info = await t.post('/api/user/scan-info', { scanId: code.scanId }, phone.token);
    expect(info.json().payload).toMatchObject({ deviceName: 'Chrome · Linux', status: 'scanned' });
    expect((await result(code.scanId, code.pollKey)).json().payload.status).toBe('scanned');

    expect((await approve(phone.token, code.scanId)).json().payload.status).toBe('approved');
    const signedIn = await result(code.scanId, code.pollKey);
    const { status, login } = signedIn.json().payload;
    expect(status).toBe('approved');
    expect(login.userInfo.userId).toBe(phone.userId);
    expect(signedIn.headers.authorization).toBe(login.token);
    const me = await t.post('/api/user/getUserInfo', {}, login.token);
    expect(me.json().payload.userId).toBe(phone.userId);

    // Used: no second sign-in, and it cannot be approved again.
    expect((await result(code.scanId, code.pollKey)).json().payload).toEqual({
      status: 'used',
      login: null,
    });
    const reuse = await approve(phone.token, code.scanId);
    expect(reuse.statusCode).toBe(410);
    expect(reuse.json()).toMatchObject({
      key: 'scanCodeUsed',
      msg: 'This QR code has already been used',
    });
  });

  test('the approver sees what the server saw of the asking device, never what it says of itself', async () => {
    const phone = await registered(t);
    const res = await t.post(
      '/api/user/upload-scan-info',
      { deviceName: 'your own phone (verified)' },
      undefined,
      { headers: { 'user-agent': CHROME_LINUX }, remoteAddress: '203.0.113.7' },
    );
    const code = res.json().payload as { scanId: string };
    const info = await t.post('/api/user/scan-info', { scanId: code.scanId }, phone.token, {
      remoteAddress: '198.51.100.9',
    });
    expect(info.json().payload).toMatchObject({
      deviceName: 'Chrome · Linux',
      browser: 'Chrome',
      os: 'Linux',
      ip: '203.0.113.7',
      sameNetwork: false,
    });
    expect(info.body).not.toContain('verified');
  });

  test('an approver on the same address is told it is this network; an unknown browser is not named', async () => {
    const phone = await registered(t);
    const res = await t.post('/api/user/upload-scan-info', {}, undefined, {
      headers: { 'user-agent': 'curl/8.0' },
      remoteAddress: '203.0.113.8',
    });
    const { scanId } = res.json().payload as { scanId: string };
    const info = await t.post('/api/user/scan-info', { scanId }, phone.token, {
      remoteAddress: '203.0.113.8',
    });
    expect(info.json().payload).toMatchObject({
      deviceName: '',
      browser: '',
      os: '',
      ip: '203.0.113.8',
      sameNetwork: true,
    });
  });

  test('the approver is shown the account an approval signs in to: their own, and only theirs', async () => {
    const email = `approver-${process.pid}@example.com`;
    const token = await registerUser(t, email);
    const code = await newCode();
    const info = await t.post('/api/user/scan-info', { scanId: code.scanId }, token);
    expect(info.json().payload.signInAs).toEqual({
      userName: email.split('@')[0],
      email: `a***@example.com`,
    });
    const guest = await visitor(t);
    const asGuest = await t.post('/api/user/scan-info', { scanId: code.scanId }, guest.token);
    expect(asGuest.json().key).toBe('realLoginRequired');
    await approve(token, code.scanId);
    const login = (await result(code.scanId, code.pollKey)).json().payload.login;
    expect(login.userInfo.email).toBe(email);
  });

  test('the result needs the key only the waiting page has', async () => {
    const phone = await registered(t);
    const code = await newCode();
    await approve(phone.token, code.scanId);
    const stolen = await result(code.scanId, 'x'.repeat(43));
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().key).toBe('scanCodeNotFound');
    expect(stolen.body).not.toContain('token');
    expect((await result(code.scanId, code.pollKey)).json().payload.status).toBe('approved');
  });

  test('a denied code never signs in', async () => {
    const phone = await registered(t);
    const code = await newCode();
    expect((await approve(phone.token, code.scanId, false)).json().payload.status).toBe('denied');
    expect((await result(code.scanId, code.pollKey)).json().payload).toEqual({
      status: 'denied',
      login: null,
    });
    expect((await approve(phone.token, code.scanId)).json().key).toBe('scanCodeUsed');
  });

  test('codes expire: the waiting page sees "expired" and the phone is told to refresh', async () => {
    const phone = await registered(t);
    const code = await newCode();
    t.clock.advance(SCAN_LOGIN_TTL_MS);
    expect((await result(code.scanId, code.pollKey)).json().payload.status).toBe('expired');
    for (const res of [
      await approve(phone.token, code.scanId),
      await t.post('/api/user/scan-info', { scanId: code.scanId }, phone.token),
    ]) {
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({
        key: 'scanCodeExpired',
        msg: 'This QR code has expired. Refresh it on the other device',
      });
    }
  });

  test('an approval just before the end still leaves time to collect it', async () => {
    const phone = await registered(t);
    const code = await newCode();
    t.clock.advance(SCAN_LOGIN_TTL_MS - 1000);
    await approve(phone.token, code.scanId);
    t.clock.advance(10_000);
    expect((await result(code.scanId, code.pollKey)).json().payload.status).toBe('approved');
  });

  test('only a signed-in account can approve: not a visitor, not without a token; unknown codes are not found', async () => {
    const code = await newCode();
    const guest = await visitor(t);
    expect((await approve(guest.token, code.scanId)).json().key).toBe('realLoginRequired');
    expect((await t.post('/api/user/approve-scan', { scanId: code.scanId })).statusCode).toBe(401);
    const phone = await registered(t);
    const unknown = await approve(phone.token, 'nosuchcode0000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().key).toBe('scanCodeNotFound');
    expect((await result(code.scanId, code.pollKey)).json().payload.status).toBe('waiting');
  });

  test('two approvals at once: one wins, the waiting page signs in once as that user', async () => {
    const [a, b] = [await registered(t), await registered(t)];
    const code = await newCode();
    const replies = await Promise.all([
      approve(a.token, code.scanId),
      approve(b.token, code.scanId),
    ]);
    const won = replies.filter((r) => r.json().code === 0);
    expect(won).toHaveLength(1);
    const collected = await Promise.all([
      result(code.scanId, code.pollKey),
      result(code.scanId, code.pollKey),
    ]);
    const logins = collected.map((r) => r.json().payload.login).filter(Boolean);
    expect(logins).toHaveLength(1);
    expect([a.userId, b.userId]).toContain(logins[0].userInfo.userId);
  });
});

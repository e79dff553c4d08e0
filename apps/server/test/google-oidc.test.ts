/**
 * Sign-in with Google through OpenID Connect (`openid-client`), against a local OpenID
 * provider started by the test (`oidc-provider`) standing in for Google: the redirect out and
 * back, `/user/firebaseLogin` with the callback's ticket, accounts made or found, and linking on
 * /binding (`/user/bindGoogle`) with the existing account's password or from a signed-in
 * account. Tickets work once, only in the browser that started, and not after ten minutes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GOOGLE_TICKET_TTL_MS, SIGNUP_AI_CREDITS } from '@meet/shared';
import { build, registerUser, type TestApp } from './helper.js';
import { OidcStandIn, type Account } from './oidc-stand-in.js';
import { registered } from './room-members.js';

const SITE = 'http://localhost:3000';
const CLIENT = { id: 'meet-test-client', secret: 'meet-test-secret' };

let t: TestApp;
let google: OidcStandIn;
beforeAll(async () => {
  google = new OidcStandIn(CLIENT.id, CLIENT.secret, `${SITE}/api/user/google/callback`);
  const issuer = await google.start();
  t = await build({
    PUBLIC_URL: SITE,
    GOOGLE_CLIENT_ID: CLIENT.id,
    GOOGLE_CLIENT_SECRET: CLIENT.secret,
    GOOGLE_ISSUER: issuer,
  });
});
afterAll(async () => {
  await t.close();
  await google.stop();
});

let serial = 0;
const googleAccount = (over: Partial<Account> = {}): Account => {
  serial += 1;
  return {
    sub: `google-sub-${serial}`,
    email: `g${serial}-${Date.now()}@gmail.example`,
    name: `Grace ${serial}`,
    ...over,
  };
};

interface Started {
  cookie: string;
  location: URL;
}

/** "Continue with Google" in a browser: start, sign in at the provider, come back. */
async function viaGoogle(
  account: Account,
  options: { purpose?: 'login' | 'bind'; token?: string; from?: string } = {},
): Promise<Started> {
  google.signInAs(account);
  const start = await t.post(
    '/api/user/google/start',
    { purpose: options.purpose ?? 'login', from: options.from },
    options.token,
  );
  expect(start.json(), start.body).toMatchObject({ code: 0 });
  const setCookie = String(start.headers['set-cookie']);
  expect(setCookie).toMatch(
    /^meet_google=[\w-]+; Path=\/api\/user; Max-Age=600; HttpOnly; SameSite=Lax$/,
  );
  const cookie = setCookie.split(';')[0]!;
  const url = new URL(start.json().payload.url);
  expect(url.href.startsWith(google.issuer)).toBe(true);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('scope')).toBe('openid email profile');

  const back = await google.follow(url.href);
  expect(back.origin + back.pathname).toBe(`${SITE}/api/user/google/callback`);
  const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
  expect(callback.statusCode).toBe(302);
  return { cookie, location: new URL(String(callback.headers.location), SITE) };
}

const firebaseLogin = (ticket: string, cookie?: string) =>
  t.post('/api/user/firebaseLogin', { ticket }, undefined, cookie ? { headers: { cookie } } : {});
const bindGoogle = (body: Record<string, unknown>, cookie: string, token?: string) =>
  t.post('/api/user/bindGoogle', body, undefined, {
    headers: { cookie, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

describe('Google sign-in (local OpenID provider)', () => {
  test('a new Google account signs in and gets a basic account with the sign-up credits; the next sign-in finds the same account', async () => {
    const account = googleAccount();
    const first = await viaGoogle(account, { from: '/join' });
    expect(first.location.pathname).toBe('/signin');
    expect(first.location.searchParams.get('from')).toBe('/join');
    const ticket = first.location.searchParams.get('google')!;
    const res = await firebaseLogin(ticket, first.cookie);
    expect(res.json(), res.body).toMatchObject({ code: 0 });
    const { userInfo, token } = res.json().payload;
    expect(userInfo).toMatchObject({
      email: account.email,
      userName: account.name,
      googleLinked: true,
      userType: 1,
      energyPoint: SIGNUP_AI_CREDITS,
    });
    expect((await t.post('/api/user/getUserInfo', {}, token)).json().payload.userId).toBe(
      userInfo.userId,
    );

    // The ticket is spent.
    expect((await firebaseLogin(ticket, first.cookie)).json().key).toBe('googleTicketInvalid');

    const again = await viaGoogle(account);
    const second = await firebaseLogin(again.location.searchParams.get('google')!, again.cookie);
    expect(second.json().payload.userInfo.userId).toBe(userInfo.userId);
  });

  test('the ticket works only in the browser that started, and not after ten minutes', async () => {
    const account = googleAccount();
    const started = await viaGoogle(account);
    const ticket = started.location.searchParams.get('google')!;
    for (const cookie of [undefined, 'meet_google=someone-elses-browser']) {
      const res = await firebaseLogin(ticket, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ key: 'googleTicketInvalid' });
    }
    t.clock.advance(GOOGLE_TICKET_TTL_MS + 1);
    expect((await firebaseLogin(ticket, started.cookie)).json().key).toBe('googleTicketInvalid');
  });

  test("an address that already has an account is linked only with that account's password (/binding); afterwards Google signs in to it", async () => {
    const email = `owner-${Date.now()}@gmail.example`;
    const ownerToken = await registerUser(t, email, 'owner123');
    const owner = (await t.post('/api/user/getUserInfo', {}, ownerToken)).json().payload;
    const account = googleAccount({ email });
    const started = await viaGoogle(account);
    const ticket = started.location.searchParams.get('google')!;

    const refused = await firebaseLogin(ticket, started.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      key: 'googleAccountExists',
      msg: `An account with ${email} already exists. Enter its password to link your Google account`,
      payload: { email, ticket },
    });

    const wrong = await bindGoogle({ ticket, password: 'nope1234' }, started.cookie);
    expect(wrong.json()).toMatchObject({ key: 'incorrectPassword' });
    const missing = await bindGoogle({ ticket }, started.cookie);
    expect(missing.json().key).toBe('fieldRequired');

    const linked = await bindGoogle({ ticket, password: 'owner123' }, started.cookie);
    expect(linked.json(), linked.body).toMatchObject({ code: 0 });
    expect(linked.json().payload.userInfo).toMatchObject({
      userId: owner.userId,
      googleLinked: true,
    });

    const next = await viaGoogle(account);
    const signedIn = await firebaseLogin(next.location.searchParams.get('google')!, next.cookie);
    expect(signedIn.json().payload.userInfo.userId).toBe(owner.userId);
  });

  test('a signed-in account links Google from /binding; that Google account cannot be linked to anyone else', async () => {
    const me = await registered(t);
    const account = googleAccount();
    const started = await viaGoogle(account, { purpose: 'bind', token: me.token });
    expect(started.location.pathname).toBe('/binding');
    const ticket = started.location.searchParams.get('ticket')!;
    // A bind ticket is not a sign-in.
    expect((await firebaseLogin(ticket, started.cookie)).json().key).toBe('googleTicketInvalid');
    // Someone else's session cannot use it.
    const other = await registered(t);
    expect((await bindGoogle({ ticket }, started.cookie, other.token)).statusCode).toBe(401);

    const linked = await bindGoogle({ ticket }, started.cookie, me.token);
    expect(linked.json(), linked.body).toMatchObject({
      code: 0,
      payload: { token: me.token, userInfo: { googleLinked: true } },
    });

    const again = await viaGoogle(account, { purpose: 'bind', token: other.token });
    const taken = await bindGoogle(
      { ticket: again.location.searchParams.get('ticket')! },
      again.cookie,
      other.token,
    );
    expect(taken.json()).toMatchObject({
      key: 'googleLinkedElsewhere',
      msg: 'This Google account is already linked to another account',
    });

    const login = await viaGoogle(account);
    expect(
      (await firebaseLogin(login.location.searchParams.get('google')!, login.cookie)).json().payload
        .userInfo.userId,
    ).toBe(me.userId);
  });

  test('linking needs a signed-in account to start; a callback we did not start, or one with an error, goes back with googleSignInFailed', async () => {
    expect((await t.post('/api/user/google/start', { purpose: 'bind' })).statusCode).toBe(401);
    for (const query of ['state=unknown&code=abc', '', 'error=access_denied&state=x']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/user/google/callback?${query}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/signin?googleError=googleSignInFailed');
    }
    // A code that was already exchanged (the callback replayed) is refused by its state.
    const account = googleAccount();
    google.signInAs(account);
    const start = await t.post('/api/user/google/start', {});
    const back = await google.follow(start.json().payload.url);
    const once = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(String(once.headers.location)).toMatch(/^\/signin\?google=/);
    const twice = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(twice.headers.location).toBe('/signin?googleError=googleSignInFailed');
  });

  test('only paths of this site are kept as where to go afterwards', async () => {
    const account = googleAccount();
    // The same rule as the web app's ?from= (shared safeSitePath): "/\host" and "/%5Chost" too.
    for (const from of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example/x',
      '/%5Cevil.example/x',
      '/\t/evil.example/x',
    ]) {
      const started = await viaGoogle(account, { from });
      expect(started.location.searchParams.get('from'), from).toBeNull();
    }
    const kept = await viaGoogle(account, { from: '/home/recording?tab=1' });
    expect(kept.location.searchParams.get('from')).toBe('/home/recording?tab=1');
  });

  test('the sign-in page learns that Google sign-in is on', async () => {
    expect((await t.post('/api/user/signInMethods', {})).json().payload).toEqual({
      phone: true,
      google: true,
      scan: true,
    });
  });
});

describe('without Google configured', () => {
  test('Google sign-in is off: the page hides it and the calls say googleUnavailable', async () => {
    const off = await build();
    try {
      expect((await off.post('/api/user/signInMethods', {})).json().payload.google).toBe(false);
      const start = await off.post('/api/user/google/start', {});
      expect(start.statusCode).toBe(403);
      expect(start.json()).toMatchObject({
        key: 'googleUnavailable',
        msg: 'Google sign-in is not available on this server',
      });
      expect((await off.post('/api/user/firebaseLogin', { ticket: 'abcdefgh12' })).json().key).toBe(
        'googleUnavailable',
      );
    } finally {
      await off.close();
    }
  });
});

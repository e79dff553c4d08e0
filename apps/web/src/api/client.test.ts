import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { authStore } from '../features/auth/auth-store';
import i18n from '../i18n/i18n';
import { ApiError, apiGet, apiPost, NETWORK_ERROR, onAuthFailed } from './client';

/** A sign-in's body (the replies below are made up, so any will do). */
const LOGIN = { email: 'ada@example.com', password: 'secret123' };

function reply(body: unknown, headers: Record<string, string> = {}) {
  return Promise.resolve(new Response(JSON.stringify(body), { headers }));
}

describe('apiPost', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.clear();
    authStore.refresh();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  test('sends the common fields and the bearer token, and returns the payload', async () => {
    authStore.signIn('tok-1', 'email');
    fetchMock.mockReturnValueOnce(reply({ code: 0, msg: 'success', payload: { ok: 1 } }));
    await expect(apiPost('user/updateUserInfo', { username: 'Ada' })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/updateUserInfo');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    const body = JSON.parse(init?.body as string) as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'Ada', appName: 'web', language: 'en' });
    expect(typeof body.useragent).toBe('string');
  });

  test('a non-zero code throws ApiError with the server msg', async () => {
    fetchMock.mockReturnValueOnce(reply({ code: -1, msg: 'Incorrect password', payload: null }));
    const error = await apiPost('user/emailLogin', LOGIN, { silent: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -1, message: 'Incorrect password' });
  });

  test('a refusal with a key reads its text from the page catalogue in the language shown now', async () => {
    // The server's text (in the language it was asked in) gives way to the page's own.
    fetchMock.mockReturnValueOnce(
      reply({ code: -1, msg: 'server words', key: 'incorrectPassword', payload: null }),
    );
    const en = await apiPost('user/emailLogin', LOGIN, { silent: true }).catch((e: unknown) => e);
    expect(en).toMatchObject({ code: -1, key: 'incorrectPassword', message: 'Incorrect password' });
    await i18n.changeLanguage('zh');
    try {
      fetchMock.mockReturnValueOnce(
        reply({ code: -1, msg: 'server words', key: 'incorrectPassword', payload: null }),
      );
      const zh = await apiPost('user/emailLogin', LOGIN, { silent: true }).catch((e: unknown) => e);
      expect(zh).toMatchObject({ message: '密码错误' });
      // Values the server filled in (a field's name) cannot come from the key: its text stays.
      fetchMock.mockReturnValueOnce(
        reply({ code: 4000, msg: '邮箱 不能为空', key: 'fieldRequired', payload: null }),
      );
      const filled = await apiPost('user/emailLogin', LOGIN, { silent: true }).catch(
        (e: unknown) => e,
      );
      expect(filled).toMatchObject({ message: '邮箱 不能为空' });
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  test('code 203 clears the token, login type and cached user, and tells listeners', async () => {
    authStore.signIn('tok-2', 'email', {
      userId: 1,
      userConferenceId: '1',
      code: 'c',
      avatar: '',
      email: 'a@b.co',
      userName: 'A',
      userType: 1,
      payType: 0,
      expiredTime: 0,
      energyPoint: 60,
      isVisitor: false,
      phone: '',
      googleLinked: false,
    });
    const listener = vi.fn();
    const off = onAuthFailed(listener);
    fetchMock.mockReturnValueOnce(
      reply({ code: 203, msg: 'Authentication failed', payload: null }),
    );
    await expect(apiPost('user/getUserInfo', {}, { silent: true })).rejects.toMatchObject({
      code: 203,
    });
    off();
    expect(listener).toHaveBeenCalledOnce();
    expect(authStore.getSnapshot()).toEqual({ token: null, loginType: null });
    expect(localStorage.getItem('userName')).toBeNull();
  });

  test('a token in the authorization response header replaces the stored one', async () => {
    authStore.signIn('old', 'email');
    fetchMock.mockReturnValueOnce(
      reply({ code: 0, msg: '', payload: null }, { authorization: 'new' }),
    );
    await apiPost('user/getUserInfo', {});
    expect(authStore.getSnapshot().token).toBe('new');
  });
});

describe('apiGet', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  test('GETs the path with no body and returns the payload', async () => {
    fetchMock.mockReturnValueOnce(reply({ code: 0, msg: 'success', payload: { timestamp: 42 } }));
    await expect(apiGet('getTimestamp')).resolves.toEqual({ timestamp: 42 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/getTimestamp');
    expect(init?.method).toBeUndefined();
    expect(init?.body).toBeUndefined();
  });

  test('a refusal or no reply at all throws ApiError', async () => {
    fetchMock.mockReturnValueOnce(reply({ code: -1, msg: 'Not found', payload: null }));
    await expect(apiGet('getTimestamp', { silent: true })).rejects.toMatchObject({ code: -1 });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiGet('getTimestamp', { silent: true })).rejects.toMatchObject({
      code: NETWORK_ERROR,
    });
  });
});

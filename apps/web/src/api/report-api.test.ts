import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { authStore } from '../features/auth/auth-store';
import { ApiError, onAuthFailed } from './client';
import { reportApi } from './report-api';

function reply(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body)));
}

describe('the report calls', () => {
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

  test('feedback goes as a form with the text, the email, the version, the device and the screenshot', async () => {
    authStore.signIn('tok-f', 'email');
    fetchMock.mockReturnValueOnce(reply({ code: 0, msg: 'success', payload: { id: 3 } }));
    const screenshot = new File([new Uint8Array([1, 2, 3])], 'shot.png', { type: 'image/png' });
    await expect(
      reportApi.sendFeedback({ content: 'It froze', email: 'a@b.co', screenshot }),
    ).resolves.toEqual({ id: 3 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/report');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-f');
    const form = init?.body as FormData;
    expect(form.get('content')).toBe('It froze');
    expect(form.get('email')).toBe('a@b.co');
    expect(form.get('version')).toBe('web/3.10.3');
    expect(form.get('useragent')).toBe(navigator.userAgent);
    expect((form.get('screenshot') as File).name).toBe('shot.png');
  });

  test('client logs go as `log`, a JSON string of the entries', async () => {
    authStore.signIn('tok-l', 'email');
    fetchMock.mockReturnValueOnce(reply({ code: 0, msg: 'success', payload: { stored: 1 } }));
    const entry = { logTime: 5, eventType: 'device_error', agent: 'web/3.10.3 x' };
    await reportApi.sendClientLog([entry]);
    const body = JSON.parse(fetchMock.mock.calls[0]![1]?.body as string) as { log: string };
    expect(JSON.parse(body.log)).toEqual([entry]);
  });

  test('a 203 on a log report fails only that call: the sign-in stays (SPEC.md section 8)', async () => {
    authStore.signIn('tok-keep', 'email');
    const listener = vi.fn();
    const off = onAuthFailed(listener);
    fetchMock.mockReturnValueOnce(
      reply({ code: 203, msg: 'Authentication failed', payload: null }),
    );
    const error = await reportApi
      .sendClientLog([{ logTime: 1, eventType: 'e', agent: 'a' }])
      .catch((e: unknown) => e);
    off();
    expect(error).toBeInstanceOf(ApiError);
    expect(authStore.getSnapshot().token).toBe('tok-keep');
    expect(listener).not.toHaveBeenCalled();
  });
});

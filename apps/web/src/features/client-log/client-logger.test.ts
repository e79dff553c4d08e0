import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CLIENT_LOG_MAX_ENTRIES, LOG_UPLOAD_DELAY_MS, type ClientLogEntry } from '@meet/shared';
import { ClientLogger, agentString } from './client-logger';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(
  hasToken = true,
  send = vi.fn(async (_entries: ClientLogEntry[]) => ({ stored: 1 })),
) {
  let now = 1_000;
  const logger = new ClientLogger({
    send,
    hasToken: () => hasToken,
    agent: 'web/3.10.3 TestBrowser',
    now: () => now++,
  });
  return { logger, send };
}

describe('the client logger', () => {
  test('sends nothing at once, then everything logged in one report 200 ms after the last entry', async () => {
    const { logger, send } = setup();
    logger.log('device_error', { meetingId: '123456789', value: { type: 'video' } });
    await vi.advanceTimersByTimeAsync(LOG_UPLOAD_DELAY_MS - 50);
    logger.log('device_error', { peerId: 'p1', roomId: 'uri' });
    // 200 ms after the first, but only 50 after the second: still waiting.
    await vi.advanceTimersByTimeAsync(LOG_UPLOAD_DELAY_MS - 50);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toEqual([
      {
        logTime: 1000,
        eventType: 'device_error',
        agent: 'web/3.10.3 TestBrowser',
        peerId: '',
        roomId: '',
        meetingId: '123456789',
        value: { type: 'video' },
      },
      {
        logTime: 1001,
        eventType: 'device_error',
        agent: 'web/3.10.3 TestBrowser',
        peerId: 'p1',
        roomId: 'uri',
        meetingId: '',
      },
    ]);
    // Nothing is sent twice.
    await vi.advanceTimersByTimeAsync(5 * LOG_UPLOAD_DELAY_MS);
    expect(send).toHaveBeenCalledTimes(1);
  });

  test('without a token nothing is sent, and the entries are not kept for later', async () => {
    let token = false;
    const send = vi.fn(async (_entries: ClientLogEntry[]) => ({ stored: 1 }));
    const logger = new ClientLogger({ send, hasToken: () => token, agent: 'a' });
    logger.log('device_error');
    await vi.advanceTimersByTimeAsync(LOG_UPLOAD_DELAY_MS);
    expect(send).not.toHaveBeenCalled();
    token = true;
    logger.log('later');
    await vi.advanceTimersByTimeAsync(LOG_UPLOAD_DELAY_MS);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0].map((e) => e.eventType)).toEqual(['later']);
  });

  test(`more than ${CLIENT_LOG_MAX_ENTRIES} entries go as several reports, in order`, async () => {
    const { logger, send } = setup();
    for (let i = 0; i < CLIENT_LOG_MAX_ENTRIES + 7; i++) logger.log(`e${i}`);
    await vi.advanceTimersByTimeAsync(LOG_UPLOAD_DELAY_MS);
    expect(send.mock.calls.map((c) => c[0].length)).toEqual([CLIENT_LOG_MAX_ENTRIES, 7]);
    expect(send.mock.calls[1]![0][0]!.eventType).toBe(`e${CLIENT_LOG_MAX_ENTRIES}`);
  });

  test('a failed send is dropped without an error reaching the app', async () => {
    const send = vi.fn(async () => {
      throw new Error('offline');
    });
    const { logger } = setup(true, send);
    logger.log('device_error');
    await vi.advanceTimersByTimeAsync(LOG_UPLOAD_DELAY_MS);
    expect(send).toHaveBeenCalledTimes(1);
    logger.log('next');
    await vi.advanceTimersByTimeAsync(LOG_UPLOAD_DELAY_MS);
    expect(send).toHaveBeenCalledTimes(2);
  });

  test('the agent names the client version first, and is bounded', () => {
    expect(agentString('Mozilla/5.0 Chrome/130')).toBe('web/3.10.3 Mozilla/5.0 Chrome/130');
    expect(agentString('x'.repeat(1000))).toHaveLength(512);
  });
});

/**
 * Client logs (`POST /api/client-log/report`): the SPEC's entry fields are stored for the
 * signed-in user (visitors too), bad reports are refused whole, and what is kept is bounded —
 * 14 days after arrival and each user's newest 1,000 entries. The operator reads them at
 * `GET /admin/client-logs?email=`.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CLIENT_LOG_PER_USER_CAP,
  CLIENT_LOG_RETENTION_MS,
  type ClientLogEntry,
} from '@meet/shared';
import { clientLogs } from '../src/db/schema/index.js';
import { build, registerUser, type TestApp } from './helper.js';
import { visitor } from './room-members.js';

const ADMIN_TOKEN = 'operator-token-for-tests-0123456789';
const DAY = 24 * 60 * 60 * 1000;
/** Where the test clock starts (helper.ts); entries say they happened just before. */
const T0 = Date.UTC(2026, 5, 1, 8, 0, 0);

let t: TestApp;
let serial = 0;
beforeAll(async () => {
  t = await build({ ADMIN_TOKEN });
});
afterAll(() => t.close());

async function newUser() {
  const email = `logs-${++serial}@example.com`;
  const token = await registerUser(t, email);
  const userId = (await t.post('/api/user/getUserInfo', {}, token)).json().payload.userId as number;
  return { email, token, userId };
}

const entry = (n: number, extra: Partial<ClientLogEntry> = {}): ClientLogEntry => ({
  logTime: T0 - 1000 + n,
  eventType: 'device_error',
  agent: 'web/3.10.3 Chrome/130',
  peerId: 'peer-1',
  roomId: 'room-uri-1',
  meetingId: '123456789',
  value: { type: 'video', name: 'NotAllowedError', message: 'Permission denied', n },
  ...extra,
});

const send = (token: string | undefined, log: unknown) =>
  t.post(
    '/api/client-log/report',
    { log: typeof log === 'string' ? log : JSON.stringify(log) },
    token,
  );

const rowsOf = (userId: number) =>
  t.app.database.db.select().from(clientLogs).where(eq(clientLogs.userId, userId));

describe('storing a report', () => {
  test('every SPEC field of every entry is kept for the sender, and the operator can read them', async () => {
    const user = await newUser();
    const res = await send(user.token, [
      entry(1),
      entry(2, { value: undefined, peerId: undefined }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, payload: { stored: 2 } });

    const listed = await t.app.inject({
      method: 'GET',
      url: `/admin/client-logs?email=${encodeURIComponent(user.email)}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(listed.statusCode).toBe(200);
    const [second, first] = listed.json().payload.list;
    expect(first).toMatchObject({
      logTime: T0 - 999,
      eventType: 'device_error',
      agent: 'web/3.10.3 Chrome/130',
      peerId: 'peer-1',
      roomId: 'room-uri-1',
      meetingId: '123456789',
      value: { type: 'video', name: 'NotAllowedError', message: 'Permission denied', n: 1 },
      receivedAt: t.clock.now(),
    });
    expect(second).toMatchObject({ peerId: '', value: null });
  });

  test('a visitor’s client logs too (guests meet device errors in meetings)', async () => {
    const guest = await visitor(t);
    expect((await send(guest.token, [entry(1)])).json().code).toBe(0);
    expect(await rowsOf(guest.userId)).toHaveLength(1);
  });

  test('without a token, or with a made-up one, nothing is stored', async () => {
    const before = (await t.app.database.db.select().from(clientLogs)).length;
    expect((await send(undefined, [entry(1)])).json().code).toBe(203);
    expect((await send('y'.repeat(43), [entry(1)])).statusCode).toBe(401);
    expect((await t.app.database.db.select().from(clientLogs)).length).toBe(before);
  });

  test('the operator’s client-log list is refused without the operator token', async () => {
    const user = await newUser();
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/client-logs?email=${encodeURIComponent(user.email)}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(203);
  });
});

describe('refusals: the whole report is refused and nothing of it is kept', () => {
  test.each([
    ['not JSON', '{"logTime":', 'The log report is not valid'],
    ['an empty list', [], 'The log report is not valid'],
    ['an object instead of a list', { logTime: 1 }, 'The log report is not valid'],
    [
      '51 entries',
      Array.from({ length: 51 }, (_, i) => entry(i)),
      'At most 50 log entries can be sent at once',
    ],
    ['an entry without eventType', [{ ...entry(1), eventType: undefined }], /eventType/],
    ['an eventType of 65 characters', [entry(1, { eventType: 'e'.repeat(65) })], /eventType/],
    ['a logTime that is text', [{ ...entry(1), logTime: 'yesterday' }], /logTime/],
    ['a negative logTime', [entry(1, { logTime: -5 })], /logTime/],
    ['a peerId of 65 characters', [entry(1, { peerId: 'p'.repeat(65) })], /peerId/],
    [
      'a value over 4000 characters',
      [entry(1, { value: 'v'.repeat(4001) })],
      'A log entry’s value is too long',
    ],
    ['a NUL byte inside an entry', [entry(1, { eventType: 'bad\u0000type' })], /not allowed/],
    ['a lone surrogate inside an entry', [entry(1, { value: 'x\uD800y' })], /not allowed/],
    ['a log text over 256 KB', 'x'.repeat(256 * 1024 + 1), 'The log report is too large'],
  ])('%s', async (_name, log, msg) => {
    const user = await newUser();
    const res = await send(user.token, log);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(-1);
    expect(res.json().msg).toMatch(msg);
    expect(await rowsOf(user.userId)).toHaveLength(0);
  });

  test('a NUL byte in the log text itself is a 400', async () => {
    const user = await newUser();
    const res = await t.post('/api/client-log/report', { log: '[\u0000]' }, user.token);
    expect(res.statusCode).toBe(400);
  });
});

describe('what is kept', () => {
  test(`each user keeps only their newest ${CLIENT_LOG_PER_USER_CAP} entries; others are untouched`, async () => {
    const noisy = await newUser();
    const quiet = await newUser();
    expect((await send(quiet.token, [entry(0)])).json().code).toBe(0);
    // 1,050 entries in batches of 50.
    for (let batch = 0; batch < 21; batch++) {
      const res = await send(
        noisy.token,
        Array.from({ length: 50 }, (_, i) => entry(batch * 50 + i, { value: batch * 50 + i })),
      );
      expect(res.json().code).toBe(0);
    }
    const kept = await rowsOf(noisy.userId);
    expect(kept).toHaveLength(CLIENT_LOG_PER_USER_CAP);
    const values = kept.map((r) => Number(r.value)).sort((a, b) => a - b);
    // The 50 oldest went; the newest is there.
    expect(values[0]).toBe(50);
    expect(values.at(-1)).toBe(1049);
    expect(await rowsOf(quiet.userId)).toHaveLength(1);
  });

  test('entries older than 14 days are purged, and never listed even before the purge', async () => {
    const old = await newUser();
    const fresh = await newUser();
    expect((await send(old.token, [entry(1), entry(2)])).json().code).toBe(0);
    t.clock.advance(CLIENT_LOG_RETENTION_MS - DAY);
    expect((await send(fresh.token, [entry(3)])).json().code).toBe(0);
    // Thirteen days on: still kept.
    expect(await rowsOf(old.userId)).toHaveLength(2);

    t.clock.advance(2 * DAY);
    // Past 14 days: not listed any more…
    const listed = await t.app.inject({
      method: 'GET',
      url: `/admin/client-logs?email=${encodeURIComponent(old.email)}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(listed.json().payload.list).toEqual([]);
    // …and the next write by anyone deletes them; the fresh user's entry (1 day old) stays.
    expect((await send(fresh.token, [entry(4)])).json().code).toBe(0);
    expect(await rowsOf(old.userId)).toHaveLength(0);
    expect(await rowsOf(fresh.userId)).toHaveLength(2);
  });
});

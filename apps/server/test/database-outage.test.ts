/**
 * The database goes away under a running server: calls that need it answer 503 with
 * databaseUnavailable (never a 500 or the driver's text), and work again once it is back;
 * members who leave the room meanwhile cost only their writes, never the process.
 * On PostgreSQL, whose connections are ended here as a restart of the database server ends them.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import postgres from 'postgres';
import { and, eq } from 'drizzle-orm';
import { conferenceMembers, conferences } from '../src/db/schema/index.js';
import { build, createPostgresDatabase, type TestApp } from './helper.js';
import { connect, createMeeting, enter, listen, registered, type Member } from './room-members.js';
import { isDatabaseUnavailable } from '../src/db/db-errors.js';

let db: { url: string; drop: () => Promise<void> };
let t: TestApp;
let base: string;

beforeAll(async () => {
  db = await createPostgresDatabase();
  // Janus for the room's sockets (the last test).
  t = await build({ DATABASE_URL: db.url, JANUS: 'on' });
  base = await listen(t);
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

test('connection failures are told apart from other errors', () => {
  expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
  expect(isDatabaseUnavailable(new Error('query failed', { cause: { code: '57P01' } }))).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
  // A database that takes no connections for now (ALLOW_CONNECTIONS false, maintenance), or has
  // no room for one more; other errors of 55000's class are not about connecting.
  const refusing = 'database "meet" is not currently accepting connections';
  expect(
    isDatabaseUnavailable(new Error('q', { cause: { code: '55000', message: refusing } })),
  ).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '53300' }))).toBe(true);
  expect(
    isDatabaseUnavailable(
      Object.assign(new Error('currval is not yet defined'), { code: '55000' }),
    ),
  ).toBe(false);
  expect(isDatabaseUnavailable(new Error('plain'))).toBe(false);
});

/**
 * The database stops taking connections and every open one is ended, as in a restart; `during`
 * runs then. Connections come back whatever happens (a retry of the test needs them).
 */
async function outage(during: () => Promise<void>): Promise<void> {
  const name = new URL(db.url).pathname.slice(1);
  const admin = postgres(new URL('/test', db.url).toString(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`alter database "${name}" with allow_connections false`);
    await admin.unsafe(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );
    await during();
  } finally {
    await admin.unsafe(`alter database "${name}" with allow_connections true`);
    await admin.end();
  }
}

test('while the database refuses connections calls answer 503, and afterwards they work', async () => {
  const alice = await registered(t);
  const info = () => t.post('/api/user/getUserInfo', {}, alice.token);
  expect((await info()).json().code).toBe(0);

  await outage(async () => {
    // A fresh sign-in is looked up in the database (a cached one could still be served).
    const created = await t.post(
      '/api/conference/createConference',
      { topic: 'Outage' },
      alice.token,
    );
    expect(created.statusCode).toBe(503);
    expect(created.json()).toMatchObject({ key: 'databaseUnavailable' });
    expect(created.body).not.toMatch(/terminat|postgres|connection/i);
  });
  await expect
    .poll(
      async () =>
        (await t.post('/api/conference/createConference', { topic: 'Back' }, alice.token)).json()
          .code,
      {
        timeout: 10_000,
      },
    )
    .toBe(0);
  // Nothing half-written: the meeting asked for during the outage does not exist.
  const topics = await t.database.db
    .select({ topic: conferences.topic })
    .from(conferences)
    .where(eq(conferences.creatorId, alice.userId));
  expect(topics.map((c) => c.topic)).toEqual(['Back']);
});

test('members who leave the room while the database is down: no unhandled rejection, and the server goes on', async () => {
  const meeting = await createMeeting(t);
  const alice = await registered(t);
  const host = (await enter(t, base, { token: meeting.hostToken }, meeting.id, 'Host')).member;
  const a = (await enter(t, base, alice, meeting.id, 'Alice')).member;
  // What the joins set going has ended (on a loaded machine it may lag the answers): the
  // subject here is the departures.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  // A rejection nobody handles stops a Node server, and every meeting on it.
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    await outage(async () => {
      a.socket.disconnect();
      host.socket.disconnect();
      // Their departures write to the database (seats, the room's activity), and fail.
      await expect.poll(() => t.app.rooms!.room(meeting.id), { timeout: 10_000 }).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
  expect(unhandled).toEqual([]);
  const again = () => t.post('/api/conference/createConference', { topic: 'After' }, alice.token);
  await expect.poll(async () => (await again()).json().code, { timeout: 10_000 }).toBe(0);
  // Their seats were marked gone once the database was back (retried, not lost): each has the
  // reconnect grace, after which the sweep frees it, instead of "connected" with nobody there.
  const [row] = await t.database.db
    .select({ id: conferences.id })
    .from(conferences)
    .where(eq(conferences.conferenceId, meeting.id));
  const seats = () =>
    t.database.db
      .select({
        connected: conferenceMembers.roomConnected,
        deadline: conferenceMembers.seatDeadline,
      })
      .from(conferenceMembers)
      .where(eq(conferenceMembers.conferenceId, row!.id));
  await expect
    .poll(async () => (await seats()).map((s) => s.connected), { timeout: 20_000 })
    .toEqual([false, false]);
  for (const seat of await seats()) expect(seat.deadline).not.toBeNull();
});

test('a member who leaves during the outage and comes back as it ends keeps their seat connected', async () => {
  const meeting = await createMeeting(t);
  const alice = await registered(t);
  const host = (await enter(t, base, { token: meeting.hostToken }, meeting.id, 'Host')).member;
  const a = (await enter(t, base, alice, meeting.id, 'Alice')).member;
  const rowId = t.app.rooms!.room(meeting.id)!.rowId;
  const aliceSeat = async () =>
    (
      await t.database.db
        .select({ connected: conferenceMembers.roomConnected })
        .from(conferenceMembers)
        .where(
          and(
            eq(conferenceMembers.conferenceId, rowId),
            eq(conferenceMembers.userId, alice.userId),
          ),
        )
    )[0]?.connected;
  await outage(async () => {
    a.socket.disconnect();
    // Long enough for the departure's mark to be tried again while the database is away.
    await new Promise((resolve) => setTimeout(resolve, 2500));
  });
  // Back at once (as her browser does, trying again until the server takes her): her new
  // connection writes her seat; the retried mark of the old one must not undo it.
  let back: Member | undefined;
  for (let i = 0; !back && i < 50; i++) {
    back = await connect(base, alice.token, meeting.id).catch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return undefined;
    });
  }
  await expect.poll(aliceSeat, { timeout: 10_000 }).toBe(true);
  // Past every retry of the old connection's mark (waits of 1, 2, 4 and 8 s) and its check.
  await new Promise((resolve) => setTimeout(resolve, 9000));
  expect(await aliceSeat()).toBe(true);
  back!.socket.disconnect();
  host.socket.disconnect();
}, 40_000);

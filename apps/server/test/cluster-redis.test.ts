/**
 * Redis restarted under a running cluster: notices between nodes (the socket.io adapter) and
 * the services' events (the cluster bus) flow again once it is back, without a server restart.
 * A Redis of the test's own is started and killed here; the machine's Redis is left alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { build, createPostgresDatabase, listen, type TestApp } from './helper.js';
import { createMeeting } from './room-members.js';
import { registered } from './room-members.js';
import { inboxes } from './message-inbox.js';
import { eq } from 'drizzle-orm';
import { freePort } from '../src/janus/janus-process.js';
import { sessions } from '../src/db/schema/index.js';
import { sha256 } from '../src/lib/crypto.js';

let db: { url: string; drop: () => Promise<void> };
let redis: ChildProcess;
let port: number;
let a: TestApp;
let b: TestApp;
let baseB: string;

async function startRedis(): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
    child.once('exit', () => reject(new Error('redis-server did not start')));
  });
  return child;
}

async function stopRedis(): Promise<void> {
  const exited = new Promise((resolve) => redis.once('exit', resolve));
  redis.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  port = await freePort();
  redis = await startRedis();
  db = await createPostgresDatabase();
  const env = { JANUS: 'off', DATABASE_URL: db.url, REDIS_URL: `redis://127.0.0.1:${port}` };
  a = await build(env);
  b = await build(env);
  await listen(a);
  baseB = await listen(b);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await db.drop();
  if (redis.exitCode === null) await stopRedis();
});

test('after a Redis restart, notices and events cross between the nodes again', async () => {
  const alice = await registered(a);
  const inbox = await inboxes(() => baseB).open(alice);
  const notice = (voteId: number) =>
    ({ msgType: 'delete_vote', voteId, conferenceUri: 'u', conferenceId: '1' }) as const;
  a.app.messages.sendToUsers([alice.userId], notice(1));
  expect(await inbox.next('delete_vote')).toEqual(notice(1));

  await stopRedis();
  redis = await startRedis();

  // Sent again until it arrives: the nodes reconnect to Redis on their own.
  await expect
    .poll(
      () => {
        a.app.messages.sendToUsers([alice.userId], notice(2));
        return inbox.messages.some((m) => m.msgType === 'delete_vote' && m.voteId === 2);
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(true);

  // A service event on node A (the meeting's properties changed) is heard on node B.
  const heard: string[] = [];
  b.app.conferenceService.on('propertiesChanged', (conferenceId) => heard.push(conferenceId));
  const meeting = await createMeeting(a);
  const row = (await a.app.conferences.byNumber(meeting.id))!;
  await a.app.conferenceService.setProperties(row, { lockRoom: true });
  await expect.poll(() => heard, { timeout: 5000 }).toContain(meeting.id);
  inbox.socket.disconnect();
});

test('a sign-in ended while Redis is down closes the other node’s socket of it once Redis is back', async () => {
  const bob = await registered(a);
  const inbox = await inboxes(() => baseB).open(bob);
  await stopRedis();
  // Ended as a node whose notice was lost would leave it: in the database, announced to no one.
  await a.database.db
    .update(sessions)
    .set({ revokedAt: new Date(a.clock.now()) })
    .where(eq(sessions.tokenHash, sha256(bob.token)));
  redis = await startRedis();
  // Subscribed again, node B checks the tokens of its sockets.
  await expect.poll(() => inbox.socket.connected, { timeout: 15_000, interval: 200 }).toBe(false);
  expect(inbox.messages.map((m) => m.msgType)).toContain('signed_out');
});

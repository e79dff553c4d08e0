/**
 * A draining node in a cluster (README "Health, drain, metrics and access logs"): after SIGTERM
 * (the process's handler, run in-process) its /readyz says 503, a meeting it already holds stays
 * on it, new meetings are placed on the other node whichever node is asked, and once
 * DRAIN_SECONDS have passed it closes and the process would exit with 0. Always on PostgreSQL
 * and Redis: a cluster needs them.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { stopOnSignal } from '../src/ops/shutdown.js';
import { build, createPostgresDatabase, listen, type TestApp } from './helper.js';
import { createMeeting, joinApi } from './room-members.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DRAIN_SECONDS = 2;

let db: { url: string; drop: () => Promise<void> };
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  db = await createPostgresDatabase();
  const env = { DATABASE_URL: db.url, REDIS_URL, DRAIN_SECONDS: String(DRAIN_SECONDS) };
  a = await build(env);
  b = await build(env);
  await listen(a);
  await listen(b);
  const nodes = a.app.cluster!.nodes;
  for (let i = 0; i < 50 && (await nodes.liveNodes()).length < 2; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.drop();
});

const nodeId = (t: TestApp) => t.app.cluster!.nodes.nodeId;

async function placedOn(via: TestApp, token: string, conferenceId: string): Promise<string> {
  const res = await joinApi(via, token, conferenceId);
  expect(res.json().code, res.body).toBe(0);
  return (res.json().payload as { mediaNode: string }).mediaNode;
}

test('a draining node keeps its meeting, sends new ones to the other node, and exits after DRAIN_SECONDS', async () => {
  // The node that holds a meeting drains; the other stays.
  const held = await createMeeting(a);
  const holder = await placedOn(a, held.hostToken, held.id);
  const [draining, other] = holder === nodeId(a) ? [a, b] : [b, a];

  let exitCode: number | undefined;
  const signalledAt = Date.now();
  stopOnSignal(draining.app, (code) => (exitCode = code))('SIGTERM');
  await expect
    .poll(async () => (await draining.app.inject({ method: 'GET', url: '/readyz' })).json(), {
      timeout: 2000,
      interval: 50,
    })
    .toEqual({ status: 'unavailable', failed: ['draining'] });
  expect((await other.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

  // New meetings go to the other node, whichever node is asked; the held one stays.
  const first = await createMeeting(draining);
  expect(await placedOn(draining, first.hostToken, first.id)).toBe(nodeId(other));
  const second = await createMeeting(other);
  expect(await placedOn(other, second.hostToken, second.id)).toBe(nodeId(other));
  expect(await placedOn(other, held.hostToken, held.id)).toBe(nodeId(draining));
  expect(exitCode).toBeUndefined();

  await expect.poll(() => exitCode, { timeout: DRAIN_SECONDS * 1000 + 10_000 }).toBe(0);
  expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 100);
}, 60_000);

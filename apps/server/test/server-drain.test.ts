/**
 * SIGTERM drains the node before it stops (README "Health and drain"): the real server process
 * (from source) with Janus turns /readyz to 503 at once, keeps a running meeting's member
 * connected, refuses a meeting not running on it (API and `/room` socket), and exits by itself
 * once DRAIN_SECONDS have passed. Meetings are made through an in-process node on the same
 * PostgreSQL database, as the cluster tests do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ResultCode } from '@meet/shared';
import { freePort } from '../src/janus/janus-process.js';
import { build, createPostgresDatabase, type TestApp } from './helper.js';
import { connect, createMeeting, enter, joinApi } from './room-members.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DRAIN_SECONDS = 4;

let db: { url: string; drop: () => Promise<void> };
let api: TestApp;
let dataDir: string;
let server: ChildProcess | undefined;

beforeAll(async () => {
  db = await createPostgresDatabase();
  api = await build({ DATABASE_URL: db.url });
  dataDir = await mkdtemp(path.join(tmpdir(), 'meet-drain-'));
});
afterAll(async () => {
  if (server?.exitCode === null) server.kill('SIGKILL');
  await api?.close();
  await db?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      JANUS: 'on',
      JOBS_WORK: '0',
      LOG_LEVEL: 'warn',
      DRAIN_SECONDS: String(DRAIN_SECONDS),
    },
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[drain ${port}] ${chunk}`));
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

test('SIGTERM: /readyz 503 while a running meeting goes on, new meetings refused, exit after DRAIN_SECONDS', async () => {
  const port = await freePort();
  server = await startServer(port);
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
  // The spawned node keeps real time: so does this one, now (a seat taken at a stale time would
  // be past its deadline to connect).
  api.clock.set(Date.now());

  const meeting = await createMeeting(api);
  const { member } = await enter(api, base, { token: meeting.hostToken }, meeting.id, 'Host');
  let disconnectedAt = 0;
  void member.closed.then(() => (disconnectedAt = Date.now()));

  const signalledAt = Date.now();
  server.kill('SIGTERM');
  await expect
    .poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 2000, interval: 50 })
    .toBe(503);
  expect(await (await fetch(`${base}/readyz`)).json()).toEqual({
    status: 'unavailable',
    failed: ['draining'],
  });
  expect((await fetch(`${base}/livez`)).status).toBe(200);

  // A meeting not running here: refused by the API and by the `/room` socket.
  api.clock.set(Date.now());
  const other = await createMeeting(api);
  const refused = await fetch(`${base}/api/conference/joinConference`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${other.hostToken}` },
    body: JSON.stringify({ conferenceId: other.id, deviceId: 'dev', userConferenceName: 'X' }),
  });
  expect(refused.status).toBe(503);
  expect(await refused.json()).toMatchObject({ code: ResultCode.failure, msg: /media server/ });
  expect((await joinApi(api, other.hostToken, other.id)).json().code).toBe(0);
  await expect(connect(base, other.hostToken, other.id)).rejects.toThrow(/stopping/);

  // The running meeting goes on: its member is connected and still answered.
  await new Promise((r) => setTimeout(r, 1500));
  expect(member.socket.connected).toBe(true);
  const ack = await member.request({ type: 'sendMessage', content: 'still here' });
  expect(ack.ok).toBe(true);
  expect(server.exitCode).toBeNull();

  expect(await exited).toBe(0);
  const drained = Date.now() - signalledAt;
  expect(drained).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 200);
  expect(drained).toBeLessThan(DRAIN_SECONDS * 1000 + 12_000);
  // Connected until the drain ended and the server closed.
  await member.closed;
  expect(disconnectedAt - signalledAt).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 200);
}, 120_000);

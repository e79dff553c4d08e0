/**
 * A worker node killed in the middle of a job, as a crashed machine would be (SIGKILL of its
 * whole process group, its ffmpeg with it): the job's heartbeat lapses, another worker takes it
 * up, and it finishes once — the recording ready, one message to its owner, one completed job.
 * The workers are real server processes (`ROLE=worker`) on a fresh PostgreSQL database, sharing
 * the API node's data folder as README "Many machines" asks of them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { conferenceMembers, conferences, messages, recordings } from '../src/db/schema/index.js';
import { freePort } from '../src/janus/janus-process.js';
import { COMPOSE_JOB } from '../src/recordings/recording-names.js';
import { build, createPostgresDatabase, type TestApp } from './helper.js';
import { makeRecording } from './records-fixture.js';
import { createMeeting, registered } from './room-members.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Quick to notice a dead worker; the sender's timing goes with each job. */
const JOB_TIMING = {
  JOB_POLL_MS: '500',
  JOB_HEARTBEAT_SECONDS: '10',
  JOB_MONITOR_SECONDS: '1',
  JOB_RETRY_SECONDS: '1',
};

let db: { url: string; drop: () => Promise<void> };
let api: TestApp;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  db = await createPostgresDatabase();
  // The API node only queues jobs.
  api = await build({ DATABASE_URL: db.url, REDIS_URL, JOBS_WORK: '0', ...JOB_TIMING });
});
afterAll(async () => {
  for (const w of workers) killGroup(w);
  await api?.close();
  await db?.drop();
});

function killGroup(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** A worker node: the server from source, in its own process group. */
async function startWorker(): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      ROLE: 'worker',
      PORT: String(port),
      DATA_DIR: api.dataDir,
      DATABASE_URL: db.url,
      REDIS_URL,
      LOG_LEVEL: 'warn',
      ...JOB_TIMING,
    },
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[worker ${port}] ${chunk}`));
  workers.push(child);
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the worker did not start');
}

/** Whether an ffmpeg is composing this recording. */
function composing(recordId: string): boolean {
  try {
    execFileSync('pgrep', ['-f', `ffmpeg.*${recordId}`]);
    return true;
  } catch {
    return false;
  }
}

async function recordingRow(id: number) {
  const [row] = await api.database.db.select().from(recordings).where(eq(recordings.id, id));
  return row!;
}

test('a worker killed mid-job: another worker takes the job up and it finishes once', async () => {
  // The workers keep real time: so does this node (its meeting is not swept as stale).
  api.clock.set(Date.now());
  const owner = await registered(api);
  // Two minutes of name tiles and silence: long enough to be caught mid-composition.
  const rec = await makeRecording(api, owner, {
    status: 'processing',
    durationMs: 120_000,
    joins: [{ userId: owner.userId, name: 'Hana', at: 0 }],
  });
  const first = await startWorker();
  await api.app.jobs.send(COMPOSE_JOB, { recordingId: rec.id });
  await expect.poll(() => composing(rec.recordId), { timeout: 30_000, interval: 100 }).toBe(true);
  killGroup(first);
  await new Promise((r) => first.once('exit', r));
  expect((await recordingRow(rec.id)).status).toBe('processing');

  await startWorker();
  await expect
    .poll(async () => (await recordingRow(rec.id)).status, { timeout: 90_000, interval: 250 })
    .toBe('ready');
  const row = await recordingRow(rec.id);
  expect(row.progress).toBe(100);
  expect(row.durationMs).toBeGreaterThan(118_000);
  expect(row.audioKey).not.toBe('');

  // Once: a single message to the owner (sent just after the recording is marked ready; a
  // moment more shows no second one), and the job completed after a retry.
  const notices = () =>
    api.database.db.select().from(messages).where(eq(messages.userId, owner.userId));
  await expect.poll(async () => (await notices()).length, { timeout: 10_000 }).toBe(1);
  await new Promise((r) => setTimeout(r, 2000));
  const told = await notices();
  expect(told).toHaveLength(1);
  expect(told[0]!.content).toMatchObject({ recordId: rec.recordId, status: 'ready' });
  const jobs = await api.database.db.execute<{ state: string; retry_count: number }>(
    sql`select state, retry_count from pgboss.job
        where name = ${COMPOSE_JOB} and (data->>'recordingId')::int = ${rec.id}`,
  );
  const rows = Array.isArray(jobs) ? jobs : (jobs as { rows: unknown[] }).rows;
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ state: 'completed' });
  expect(Number((rows[0] as { retry_count: number }).retry_count)).toBeGreaterThanOrEqual(1);
}, 180_000);

test('a worker starting leaves the members connected to the other nodes as they are', async () => {
  api.clock.set(Date.now());
  const meeting = await createMeeting(api);
  const [conference] = await api.database.db
    .select()
    .from(conferences)
    .where(eq(conferences.conferenceId, meeting.id));
  // Joined on a media node, its room socket connected there: no deadline to come back by.
  await api.database.db.insert(conferenceMembers).values({
    conferenceId: conference!.id,
    userId: meeting.hostId,
    deviceId: 'dev',
    userConferenceName: 'Host',
    state: 'joined',
    joinedAt: new Date(),
    roomConnected: true,
  });
  await startWorker();
  const [member] = await api.database.db
    .select()
    .from(conferenceMembers)
    .where(eq(conferenceMembers.userId, meeting.hostId));
  expect(member).toMatchObject({ state: 'joined', roomConnected: true, seatDeadline: null });
}, 60_000);

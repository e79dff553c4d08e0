/**
 * The compose job on the real queue (pg-boss on this database), the real ffmpeg and the real
 * message center: a try whose tool dies is retried and the recording still ends ready, a server
 * restart in the middle of processing picks the job up again, and the owner hears of the result
 * once. The recordings have no media (nobody's stream sent a packet): composition still makes
 * their length of name tiles and silence, which is quick.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { messages, recordings } from '../src/db/schema/index.js';
import { COMPOSE_JOB } from '../src/recordings/recording-names.js';
import { build, type TestApp } from './helper.js';
import { makeRecording } from './records-fixture.js';
import { registered } from './room-members.js';

const FAST = {
  pollMs: 500,
  monitorSeconds: 1,
  retryDelaySeconds: 1,
  heartbeatSeconds: 10,
  stopTimeoutMs: 500,
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function statusOf(app: TestApp, id: number) {
  const [row] = await app.database.db.select().from(recordings).where(eq(recordings.id, id));
  return row!;
}

/** Kills the ffmpeg composing this recording (as a crash of the tool would). */
function killComposer(recordId: string): boolean {
  try {
    execFileSync('pkill', ['-KILL', '-f', `ffmpeg.*${recordId}`]);
    return true;
  } catch {
    return false;
  }
}

async function processingRecording(app: TestApp) {
  const owner = await registered(app);
  const rec = await makeRecording(app, owner, {
    status: 'processing',
    durationMs: 40_000,
    joins: [{ userId: owner.userId, name: 'Hana', at: 0 }],
  });
  return { owner, rec };
}

test('a try whose ffmpeg dies is retried, and the recording still ends ready with one message to its owner', async () => {
  t = await build({ JOBS_WORK: '1' }, { jobs: FAST });
  const app = t;
  const { owner, rec } = await processingRecording(app);
  // What Janus left for it (removed once the recording is made).
  const raw = path.join(app.dataDir, 'recordings', 'raw', rec.recordId);
  await mkdir(raw, { recursive: true });
  await writeFile(path.join(raw, `${owner.userId}-camera-0-audio-0.mjr`), 'MJR00002');
  await app.app.jobs.send(COMPOSE_JOB, { recordingId: rec.id });

  await expect
    .poll(async () => (await statusOf(app, rec.id)).stage, { timeout: 20_000, interval: 100 })
    .toBe('compose');
  // On a loaded machine the composer may take a while to start.
  await expect.poll(() => killComposer(rec.recordId), { timeout: 30_000, interval: 50 }).toBe(true);

  await expect
    .poll(async () => (await statusOf(app, rec.id)).status, { timeout: 60_000, interval: 250 })
    .toBe('ready');
  const row = await statusOf(app, rec.id);
  expect(row.progress).toBe(100);
  expect(row.durationMs).toBeGreaterThan(38_000);
  expect(row.audioKey).not.toBe('');
  // Both follow the status: the raw pieces are removed, then the owner is told.
  await expect.poll(() => existsSync(raw)).toBe(false);
  const noticesOf = () =>
    app.database.db.select().from(messages).where(eq(messages.userId, owner.userId));
  await expect.poll(async () => (await noticesOf()).length).toBeGreaterThan(0);
  const notices = await noticesOf();
  expect(notices).toHaveLength(1);
  expect(notices[0]!.content).toMatchObject({
    pushType: 'record',
    recordId: rec.recordId,
    status: 'ready',
  });
}, 120_000);

test('a server restart in the middle of processing: the job is taken up again and finishes', async () => {
  t = await build({ JOBS_WORK: '1' }, { jobs: FAST });
  const app = t;
  const { rec } = await processingRecording(app);
  await app.app.jobs.send(COMPOSE_JOB, { recordingId: rec.id });
  await expect
    .poll(async () => (await statusOf(app, rec.id)).stage, { timeout: 20_000, interval: 100 })
    .toBe('compose');

  await app.restart();
  expect((await statusOf(app, rec.id)).status).toBe('processing');
  await expect
    .poll(async () => (await statusOf(app, rec.id)).status, { timeout: 60_000, interval: 250 })
    .toBe('ready');
}, 120_000);

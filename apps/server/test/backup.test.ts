/**
 * Backups: `npm run backup` while the built server runs (PGlite's dump from the server itself on
 * the PGlite run, pg_dump on the PostgreSQL run), `npm run restore` into an empty DATA_DIR (and
 * an empty database), and a server started there reads the account, meeting, poll and recording
 * (with its file and link-signing key) back.
 */
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, expect, test } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { ManualClock } from '../src/lib/clock.js';
import {
  POSTGRES_ADMIN_URL,
  createPostgresDatabase,
  dbKind,
  registerUser,
  type TestApp,
} from './helper.js';
import { makeRecording, recordingFiles } from './records-fixture.js';
import { npmRun, serve } from './release-fixture.js';
import { createMeeting } from './room-members.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty PostgreSQL database (no template: a restore needs one without tables). */
async function emptyPostgres(): Promise<string> {
  const name = `t_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const EMAIL = 'backup-owner@example.com';
const PASSWORD = 'secret123';

/**
 * The data, written with the app's own repositories on the folder and database the server will
 * run on (as the records tests seed recordings), before it starts.
 */
async function seed(dataDir: string, databaseUrl: string | undefined) {
  await mkdir(dataDir, { recursive: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JANUS: 'off',
    MAIL_OUTBOX_HTTP: '1',
    JOBS_WORK: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const clock = new ManualClock(Date.now());
  const app = await buildApp({ config, clock, logger: false, seatSweepMs: 0, billingTickMs: 0 });
  const t = {
    app,
    clock,
    config,
    dataDir,
    database: app.database,
    post: (url: string, body?: unknown, token?: string) =>
      app.inject({
        method: 'POST',
        url,
        payload: body as object,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }),
  } as unknown as TestApp;
  try {
    const token = await registerUser(t, EMAIL, PASSWORD);
    const userId = (await t.post('/api/user/getUserInfo', {}, token)).json().payload.userId;
    const owner = { token, userId };
    const meeting = await createMeeting(t, owner);
    const rec = await makeRecording(t, owner, { withFiles: true, name: 'Backed-up sync' });
    return { owner, meeting, recordId: rec.recordId };
  } finally {
    await app.close();
  }
}

async function api(base: string, url: string, body: unknown, token?: string) {
  const reply = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await reply.json()) as { code: number; payload: Record<string, unknown> & unknown[] };
}

test('backup while the server runs, restore into an empty DATA_DIR, and a server there has it all', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'meet-backup-test-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  const dataA = path.join(work, 'data-a');
  const dataB = path.join(work, 'data-b');
  const pgA = dbKind === 'postgres' ? await createPostgresDatabase() : undefined;
  if (pgA) cleanups.push(pgA.drop);
  const urlA = pgA?.url;
  const urlB = dbKind === 'postgres' ? await emptyPostgres() : undefined;
  const { owner, meeting, recordId } = await seed(dataA, urlA);

  const a = await serve({ DATA_DIR: dataA, DATABASE_URL: urlA });
  cleanups.push(async () => {
    await a.stop();
    a.kill();
  });
  // While it runs: a poll through the API, in the meeting its host has joined.
  const joined = await api(
    a.url,
    '/api/conference/joinConference',
    {
      conferenceId: meeting.id,
      deviceId: 'dev-1',
      userConferenceName: 'Host',
      voiceLanguage: 'en',
    },
    owner.token,
  );
  expect(joined.code).toBe(0);
  const poll = {
    title: 'Backed-up lunch',
    anonymous: 0,
    questions: [
      { title: 'Where?', type: 0, options: [{ optionDesc: 'Pizza' }, { optionDesc: 'Salad' }] },
    ],
  };
  const created = await api(
    a.url,
    '/api/vote/create',
    { conferenceUri: meeting.uri, voteList: JSON.stringify(poll) },
    owner.token,
  );
  expect(created.code).toBe(0);
  const info = await api(a.url, '/api/record/getRecordInfo', { recordId }, owner.token);
  const videoUrl = info.payload.videoUrl as string;
  expect((await fetch(`${a.url}${videoUrl}`)).status).toBe(200);

  const archive = path.join(work, 'meet-backup.tar.gz');
  const started = performance.now();
  const backup = await npmRun('backup', [archive], { DATA_DIR: dataA, DATABASE_URL: urlA });
  const seconds = (performance.now() - started) / 1000;
  expect(backup.stderr).toBe('');
  expect(backup.status).toBe(0);
  const { size } = await stat(archive);
  console.log(
    `npm run backup (${dbKind}): ${(size / 1e6).toFixed(2)} MB in ${seconds.toFixed(1)} s`,
  );
  // It ran beside the server, which went on serving.
  expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
  await a.stop();

  // Only into an empty folder.
  const refused = await npmRun('restore', [archive], { DATA_DIR: dataA, DATABASE_URL: urlB });
  expect(refused.status).not.toBe(0);
  expect(refused.stderr).toMatch(/is not empty/);
  const restored = await npmRun('restore', [archive], { DATA_DIR: dataB, DATABASE_URL: urlB });
  expect(restored.stderr).toBe('');
  expect(restored.status).toBe(0);

  const b = await serve({ DATA_DIR: dataB, DATABASE_URL: urlB });
  cleanups.push(async () => {
    await b.stop();
    b.kill();
  });
  const login = await api(b.url, '/api/user/emailLogin', { email: EMAIL, password: PASSWORD });
  expect(login.code).toBe(0);
  const token = login.payload.token as string;
  const found = await api(
    b.url,
    '/api/conference/getConferenceInfo',
    { conferenceId: meeting.id },
    token,
  );
  expect(found.code).toBe(0);
  const polls = await api(b.url, '/api/vote/list', { conferenceUri: meeting.uri }, token);
  expect(polls.payload).toMatchObject([{ title: 'Backed-up lunch' }]);
  const record = await api(b.url, '/api/record/getRecordInfo', { recordId }, token);
  expect(record.payload).toMatchObject({ name: 'Backed-up sync' });
  // The file, by the link the first server signed: the file and the signing key came back.
  const video = await fetch(`${b.url}${videoUrl}`);
  expect(video.status).toBe(200);
  expect(Buffer.from(await video.arrayBuffer()).equals((await recordingFiles()).video)).toBe(true);
}, 180_000);

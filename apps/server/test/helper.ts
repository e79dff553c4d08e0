/**
 * Starts the real app on a real database for one test file: in-memory PGlite by default, or a
 * fresh PostgreSQL database when TEST_DB=postgres (created here, dropped on close).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import type { JobQueueSettings } from '../src/jobs/pg-boss-queue.js';
import { loadConfig, type Config } from '../src/config/config.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { ManualClock } from '../src/lib/clock.js';
import { POSTGRES_ADMIN_URL, dbKind } from './template-settings.js';

export { POSTGRES_ADMIN_URL, dbKind };

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  config: Config;
  dataDir: string;
  /** POST a JSON body to an API path, with an optional bearer token. */
  post(
    url: string,
    body?: unknown,
    token?: string,
    extra?: Partial<InjectOptions>,
  ): Promise<LightMyRequestResponse>;
  /** The database the app runs on (it outlives a restart). */
  database: Database;
  /** Stops the app and starts a new one on the same database, as a server restart does. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fresh PostgreSQL database (dropped by `drop`), whatever TEST_DB says: a copy of the migrated
 * template when the suite runs on PostgreSQL (test/global-setup.ts), else empty.
 */
export async function createPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  const template = inject('postgresTemplate');
  await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
}> {
  if (dbKind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, drop: async () => undefined };
  }
  const { url, drop } = await createPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url });
  return { database, drop };
}

export async function build(
  env: Record<string, string> = {},
  options: { jobs?: Partial<JobQueueSettings>; floodControl?: boolean } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meet-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JANUS: 'off',
    // The tests read verification codes as a developer would, from the outbox listing.
    MAIL_OUTBOX_HTTP: '1',
    // Jobs are queued, not worked, unless a test works them (the queue starts when first used).
    JOBS_WORK: '0',
    // The site as app.inject reaches it (Host: localhost:80): payment return addresses are on it.
    SITE_ORIGINS: 'http://localhost',
    ...env,
  });
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 8, 0, 0));
  // One node of several (env DATABASE_URL): the database is shared, and not dropped here.
  const { database, drop } = env.DATABASE_URL
    ? {
        database: await openDatabase({ kind: 'postgres', url: env.DATABASE_URL }),
        drop: async () => undefined,
      }
    : await openTestDatabase();
  const start = async () => {
    const app = await buildApp({
      config,
      clock,
      database,
      logger: false,
      seatSweepMs: 0,
      billingTickMs: 0,
      jobs: options.jobs,
      floodControl: options.floodControl,
    });
    await app.ready();
    return app;
  };
  const t: TestApp = {
    app: await start(),
    clock,
    config,
    dataDir,
    database,
    post: (url, body, token, extra) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: body as InjectOptions['payload'],
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...extra,
      }),
    restart: async () => {
      await t.app.close();
      t.app = await start();
    },
    close: async () => {
      await t.app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

/** Starts the app listening on a free port (for socket clients); returns its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}

/** Reads the newest code mailed to an address from the outbox. */
export async function mailedCode(t: TestApp, email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/dev/mail?to=${encodeURIComponent(email)}`,
  });
  const mails = res.json() as { text: string }[];
  const match = mails[0] && /\b(\d{6})\b/.exec(mails[0].text);
  if (!match) throw new Error(`no code mailed to ${email}`);
  return match[1]!;
}

/** Signs a new user up through the API and returns their token. */
export async function registerUser(
  t: TestApp,
  email: string,
  password = 'secret123',
  ip = randomIp(),
): Promise<string> {
  const sent = await t.post(
    '/api/user/generateEmailVerifyCode',
    { email, type: 'register' },
    undefined,
    {
      remoteAddress: ip,
    },
  );
  if (sent.json().code !== 0) throw new Error(`code request failed: ${sent.body}`);
  const code = await mailedCode(t, email);
  const res = await t.post('/api/user/emailRegister', { email, code, password });
  if (res.json().code !== 0) throw new Error(`register failed: ${res.body}`);
  return res.json().payload.token as string;
}

/** A made-up client address for app.inject, so per-IP limits of one test don't touch another. */
export function randomIp(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/**
 * /livez and /readyz on a real server and database: ready while everything answers, 503 naming
 * the database (never the driver's text) while PostgreSQL refuses connections, and neither
 * swallowed by the web app's fallback. The drain that turns /readyz to 503 is
 * server-drain.test.ts.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { build, createPostgresDatabase, type TestApp } from './helper.js';

let db: { url: string; drop: () => Promise<void> };
let t: TestApp;

beforeAll(async () => {
  db = await createPostgresDatabase();
  t = await build({ DATABASE_URL: db.url });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

test('/livez answers 200 and /readyz 200 with no failed check while the database answers', async () => {
  const live = await t.app.inject({ method: 'GET', url: '/livez' });
  expect(live.statusCode).toBe(200);
  expect(live.json()).toEqual({ status: 'ok' });
  const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({ status: 'ready', failed: [] });
  // Their own routes, JSON: not the web app's index.html.
  expect(ready.headers['content-type']).toMatch(/application\/json/);
});

test('/readyz answers 503 naming the database while it refuses connections; /livez stays 200', async () => {
  const name = new URL(db.url).pathname.slice(1);
  const admin = postgres(new URL('/test', db.url).toString(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`alter database "${name}" with allow_connections false`);
    await admin.unsafe(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', failed: ['database'] });
    expect(ready.body).not.toMatch(/connect|terminat|postgres|error/i);
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
  } finally {
    await admin.unsafe(`alter database "${name}" with allow_connections true`);
    await admin.end();
  }
  await expect
    .poll(async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode, {
      timeout: 10_000,
    })
    .toBe(200);
}, 30_000);

/**
 * Access logs (README "Access logs") on the real app with its logger writing to a stream read
 * here: one info line per request with its method, route pattern, status, time and request id;
 * X-Request-Id echoed when safe, made otherwise; never the bearer token or a query's secret; and
 * the request's error lines carry the same id.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import type { Database } from '../src/db/database.js';
import { prettyLine } from '../src/ops/pretty-log.js';
import { openTestDatabase, randomIp } from './helper.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  route?: string;
  status?: number;
  ms?: number;
  method?: string;
}

const lines: string[] = [];
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'meet-access-'));
  ({ database, drop } = await openTestDatabase());
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JANUS: 'off',
      JOBS_WORK: '0',
      MAIL_OUTBOX_HTTP: '1',
      SITE_ORIGINS: 'http://localhost',
    }),
    database,
    logger: { level: 'info', stream },
    seatSweepMs: 0,
    billingTickMs: 0,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close().catch(() => undefined);
  await drop?.();
  await rm(dataDir, { recursive: true, force: true });
});

const entries = (): LogLine[] => lines.map((l) => JSON.parse(l) as LogLine);
const accessLines = (reqId: string) =>
  entries().filter((e) => e.reqId === reqId && e.route !== undefined);

test('a request with a safe X-Request-Id gets it back, and its access line has method, route, status, time and id', async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/livez',
    headers: { 'x-request-id': 'lb-7f3a.42:trace_1' },
  });
  expect(res.headers['x-request-id']).toBe('lb-7f3a.42:trace_1');
  const [line, ...more] = accessLines('lb-7f3a.42:trace_1');
  expect(more).toHaveLength(0);
  expect(line).toMatchObject({
    level: 30,
    method: 'GET',
    route: '/livez',
    status: 200,
    reqId: 'lb-7f3a.42:trace_1',
  });
  expect(typeof line!.ms).toBe('number');
});

test('a request without one (or with an unsafe one) gets a fresh id of its own', async () => {
  const first = await app.inject({ method: 'GET', url: '/livez' });
  const second = await app.inject({ method: 'GET', url: '/livez' });
  const id = first.headers['x-request-id'] as string;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(second.headers['x-request-id']).not.toBe(id);
  expect(accessLines(id)).toHaveLength(1);

  for (const unsafe of ['x'.repeat(65), 'a b', '<script>', 'id"}{"level":60']) {
    const res = await app.inject({
      method: 'GET',
      url: '/livez',
      headers: { 'x-request-id': unsafe },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  }
  expect(lines.join('\n')).not.toContain('<script>');
});

test('the access line names the route pattern, never the token or the query secret', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/getUserInfo?token=query-secret-123',
    headers: { authorization: 'Bearer bearer-secret-456', 'x-request-id': 'no-secrets' },
    payload: {},
    remoteAddress: randomIp(),
  });
  // Not a real sign-in: refused, and logged like any other answer.
  expect(res.statusCode).toBe(401);
  const [line] = accessLines('no-secrets');
  expect(line).toMatchObject({ route: '/api/user/getUserInfo', method: 'POST', status: 401 });
  const all = lines.join('\n');
  expect(all).not.toContain('query-secret-123');
  expect(all).not.toContain('bearer-secret-456');
  expect(all.toLowerCase()).not.toContain('authorization');
  // Calendar feeds carry their token in the path: the line has the pattern only.
  await app.inject({
    method: 'GET',
    url: '/calendar/feed-token-789.ics',
    headers: { 'x-request-id': 'feed' },
  });
  expect(lines.join('\n')).not.toContain('feed-token-789');
});

test('LOG_FORMAT=pretty turns an access line into one short line with the id', () => {
  const json = lines.find((l) => l.includes('"reqId":"no-secrets"') && l.includes('"route"'))!;
  const pretty = prettyLine(json, false);
  expect(pretty).toMatch(/^\d\d:\d\d:\d\d INFO {2}request {2}/);
  expect(pretty).toContain('reqId=no-secrets');
  expect(pretty).toContain('route=/api/user/getUserInfo status=401');
  expect(pretty).not.toContain('\n');
});

test('a request that fails logs its error with the same request id', async () => {
  // The database goes away under the running app.
  await database.close();
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/visitorLogin',
    headers: { 'x-request-id': 'fails-1' },
    payload: { uuid: 'visitor-fails-1', visitors: true },
    remoteAddress: randomIp(),
  });
  expect(res.statusCode).toBeGreaterThanOrEqual(500);
  expect(res.headers['x-request-id']).toBe('fails-1');
  const failures = entries().filter((e) => e.reqId === 'fails-1' && e.level >= 40);
  expect(failures.length).toBeGreaterThan(0);
  expect(accessLines('fails-1')).toMatchObject([{ status: res.statusCode }]);
});

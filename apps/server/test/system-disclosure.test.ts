/**
 * What the system routes tell whoever asks: /healthz gives everyone only its status (what a load
 * balancer needs) and the operator (ADMIN_TOKEN) the details; the OpenAPI document is there in
 * development, and in production only with API_DOCS=on.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLIENT_VERSION } from '@meet/shared';
import { build, type TestApp } from './helper.js';

const ADMIN_TOKEN = 'operator-token-0123456789abcdef';

/** Both addresses of the OpenAPI document: its `openapi` version where served, else the status. */
async function docs(t: TestApp): Promise<(string | number)[]> {
  return Promise.all(
    ['/api/docs', '/api/docs/json'].map(async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      return res.statusCode === 200 ? String(res.json().openapi) : res.statusCode;
    }),
  );
}
// Production refuses the development mailbox the helper turns on.
const PRODUCTION = { NODE_ENV: 'production', MAIL_OUTBOX_HTTP: '' };

describe('/healthz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ADMIN_TOKEN, NODE_ENV: 'development' });
  });
  afterAll(() => t.close());

  const health = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: authorization ? { authorization } : {},
    });

  test('without the operator token it answers only the status: no version, Janus process or engines', async () => {
    for (const authorization of [undefined, 'Bearer not-the-operator-token-at-all', 'Bearer ']) {
      const res = await health(authorization);
      expect(res.statusCode, authorization).toBe(200);
      expect(res.json(), authorization).toEqual({ status: 'ok' });
    }
  });

  test('with Authorization: Bearer <ADMIN_TOKEN> it answers the details as well', async () => {
    const res = await health(`Bearer ${ADMIN_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      version: CLIENT_VERSION,
      database: expect.any(String),
      databaseMs: expect.any(Number),
      janus: 'off',
      engines: expect.any(Object),
    });
  });

  test('a database that does not answer is 503 with only status error; the operator also sees why', async () => {
    const database = t.app.database;
    const ping = database.ping;
    database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await health();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error' });
      const operator = await health(`Bearer ${ADMIN_TOKEN}`);
      expect(operator.statusCode).toBe(503);
      expect(operator.json()).toEqual({
        status: 'error',
        version: CLIENT_VERSION,
        database: 'unreachable',
      });
    } finally {
      database.ping = ping;
    }
  });

  test('in development the OpenAPI document is served', async () => {
    for (const version of await docs(t)) expect(version).toMatch(/^3\./);
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(PRODUCTION);
  });
  afterAll(() => t.close());

  test('the OpenAPI document is not served', async () => {
    expect(await docs(t)).toEqual([404, 404]);
  });

  test('without ADMIN_TOKEN configured, no token gets the health details', async () => {
    for (const authorization of ['Bearer undefined', 'Bearer ']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { authorization },
      });
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });
});

describe('in production with API_DOCS=on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ...PRODUCTION, API_DOCS: 'on' });
  });
  afterAll(() => t.close());

  test('the OpenAPI document is served', async () => {
    for (const version of await docs(t)) expect(version).toMatch(/^3\./);
  });
});

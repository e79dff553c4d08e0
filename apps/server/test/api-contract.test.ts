/**
 * The API's route table (@meet/shared `api/routes.ts`) against the running app: every call of
 * the table is served at `POST /api/<path>` and validated with the table's own body schema (the
 * same object, not a look-alike), answering the table's reply payload; and every POST under
 * /api/ is in the table, so a new route cannot skip it. The web app types its calls by the
 * table, so this is what keeps the web's idea of a call and the server's the same.
 */
import type * as FastifyModule from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { apiFileRoutes, apiGetRoutes, apiRoutes, type ApiRoute } from '@meet/shared';
import type { z } from 'zod';
import type { TestApp } from './helper.js';

/** Every route the app registers, as Fastify's onRoute hook sees it (schemas as given). */
const registered: RouteOptions[] = vi.hoisted(() => []);

// The hook must be in place before the routes are added, which buildApp does inside: so the
// app is made by a Fastify factory that adds it first.
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof FastifyModule>();
  const create = fastify.default as unknown as (options: unknown) => FastifyInstance;
  const withRouteLog = (options: unknown) => {
    const app = create(options);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  };
  return { ...fastify, default: withRouteLog };
});

const { build } = await import('./helper.js');

/** POSTs under /api/ that are not client calls, so not in the table. */
const NOT_CLIENT_CALLS = new Set([
  // The payment provider's signed events: a raw body, no common fields.
  '/api/payment/stripe/webhook',
]);

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const methodsOf = (route: RouteOptions) => [route.method].flat();

function postAt(url: string): RouteOptions {
  const found = registered.filter((r) => r.url === url && methodsOf(r).includes('POST'));
  expect(found, `POST ${url} is registered once`).toHaveLength(1);
  return found[0]!;
}

interface RouteSchema {
  body?: unknown;
  consumes?: string[];
  response?: Record<number, z.ZodObject<{ payload: z.ZodType }>>;
}

const schemaOf = (route: RouteOptions) => (route.schema ?? {}) as RouteSchema;

describe('the route table and the server', () => {
  test('the app was read: it registered the API', () => {
    expect(t.app.hasRoute({ method: 'POST', url: '/api/conference/joinConference' })).toBe(true);
    expect(registered.length).toBeGreaterThan(Object.keys(apiRoutes).length);
  });

  test.each(Object.entries(apiRoutes as Record<string, ApiRoute>))(
    '%s is served at POST /api/<path> with the table body schema and reply payload',
    (path, entry) => {
      const schema = schemaOf(postAt(`/api/${path}`));
      expect(schema.body, 'the body schema is the table entry itself').toBe(entry.body);
      expect(schema.response?.[200]?.shape.payload, 'the reply payload is the table entry').toBe(
        entry.reply,
      );
      expect(schema.consumes?.includes('multipart/form-data') ?? false).toBe(!!entry.upload);
    },
  );

  test.each(Object.entries(apiFileRoutes))(
    '%s (a file) is served at POST /api/<path> with the table body schema',
    (path, entry) => {
      expect(schemaOf(postAt(`/api/${path}`)).body).toBe(entry.body);
    },
  );

  test.each(Object.entries(apiGetRoutes))(
    '%s is served at GET /api/<path> with the table reply payload',
    (path, entry) => {
      const found = registered.filter(
        (r) => r.url === `/api/${path}` && methodsOf(r).includes('GET'),
      );
      expect(found, `GET /api/${path} is registered once`).toHaveLength(1);
      expect(schemaOf(found[0]!).response?.[200]?.shape.payload).toBe(entry.reply);
    },
  );

  test('every POST under /api/ is in the table, unless it is not a client call', () => {
    const inTable = new Set(
      [...Object.keys(apiRoutes), ...Object.keys(apiFileRoutes)].map((path) => `/api/${path}`),
    );
    const posts = registered
      .filter((r) => r.url.startsWith('/api/') && methodsOf(r).includes('POST'))
      .map((r) => r.url);
    expect(posts.filter((url) => !inTable.has(url) && !NOT_CLIENT_CALLS.has(url))).toEqual([]);
    expect([...NOT_CLIENT_CALLS].filter((url) => !posts.includes(url))).toEqual([]);
  });
});

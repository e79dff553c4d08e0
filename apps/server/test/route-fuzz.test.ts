/**
 * An authorization and fuzz pass over every HTTP route: the routes are read from the running app
 * (route tree + OpenAPI document), so a new route is covered without touching this file. The
 * lists of public and real-account routes and the sample bodies are in route-fuzz-fixture.ts;
 * the socket.io namespaces get the same kind of pass in socket-fuzz.test.ts.
 *
 * 1. Authorization: every route not listed as public on purpose answers 203 with HTTP 401
 *    without a token, with a made-up one and with a revoked one; real-account routes refuse
 *    visitors.
 * 2. Fuzz: each field of each route's body in turn carries NUL bytes, lone surrogates, huge
 *    strings, wrong types and out-of-range numbers, as JSON and as a form; bodies are also sent
 *    empty, as the wrong JSON type, malformed, and as broken multipart. Every reply is below
 *    500, a `{code,msg}` envelope, free of internal error text; NUL bytes and lone surrogates
 *    are a 400.
 */
import { describe, expect, test } from 'vitest';
import { replyProblems, shorten } from './fuzz-replies.js';
import type { Samples } from './fuzz-schemas.js';
import {
  fieldCases,
  getCases,
  multipartCases,
  pool,
  routeName,
  send,
  wholeBodyCases,
  type FuzzCase,
  type Route,
} from './route-fuzz-cases.js';
import {
  ADMIN_TOKEN,
  PUBLIC,
  REAL_ACCOUNT_ONLY,
  REVOKES_ITS_TOKEN,
  isOperatorRoute,
  rawOnSuccess,
  useRouteFuzzFixture,
} from './route-fuzz-fixture.js';

const f = await useRouteFuzzFixture();
const { t, routes } = f;

const protectedRoutes = routes.filter((r) => !PUBLIC.has(routeName(r))).map(routeName);
const publicRoutes = routes.filter((r) => PUBLIC.has(routeName(r))).map(routeName);

describe('authorization', () => {
  test('the route list is read from the app and the lists here name only routes that exist', () => {
    expect(routes.length).toBeGreaterThan(40);
    const names = new Set(routes.map(routeName));
    const conditional = new Set(['GET /dev/mail']);
    expect(
      [...PUBLIC, ...REAL_ACCOUNT_ONLY].filter((n) => !names.has(n) && !conditional.has(n)),
    ).toEqual([]);
  });

  test.each(protectedRoutes)(
    '%s refuses no token, a made-up token and a revoked token with 203 and HTTP 401',
    async (name) => {
      const route = f.byName(name);
      const tokens: [string, string | undefined][] = [
        ['no token', undefined],
        ['a made-up token', 'x'.repeat(43)],
        ['a token longer than any real one', 'y'.repeat(300)],
        ['a revoked token', f.revokedToken],
      ];
      const replies = await Promise.all(
        tokens.map(async ([label, token]) => {
          const res = await send(t.app, route, token, f.validRequest(route));
          return { label, status: res.statusCode, code: res.json().code };
        }),
      );
      expect(replies).toEqual(tokens.map(([label]) => ({ label, status: 401, code: 203 })));
    },
  );

  test.each(protectedRoutes)(
    '%s refuses a caller without a token before it looks at the body',
    async (name) => {
      const route = f.byName(name);
      const replies = await Promise.all(
        [
          ['no body', {}],
          [
            'an empty JSON object',
            { payload: '{}', headers: { 'content-type': 'application/json' } },
          ],
        ].map(async ([label, request]) => {
          const res = await send(t.app, route, undefined, request as FuzzCase['request']);
          return { label, status: res.statusCode, body: shorten(res.body, 100) };
        }),
      );
      expect(replies.filter((r) => r.status !== 401)).toEqual([]);
    },
  );

  test.each([...REAL_ACCOUNT_ONLY])('%s refuses a visitor with a 4xx', async (name) => {
    const route = f.byName(name);
    const res = await send(t.app, route, f.visitorToken, f.validRequest(route));
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.json().code).not.toBe(0);
  });

  test.each(publicRoutes)('%s answers without a token', async (name) => {
    const route = f.byName(name);
    const res = await send(t.app, route, undefined, f.validRequest(route));
    expect(res.statusCode, res.body).not.toBe(401);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});

describe('fuzz', () => {
  /** Every malformed input for one route (with a body: around its own scene). */
  async function casesFor(route: Route, scene: Samples | undefined): Promise<FuzzCase[]> {
    if (route.method === 'GET') return getCases(route);
    const sample = f.sampleBody(route, scene ?? f.samples);
    return [
      ...wholeBodyCases(sample ?? {}),
      ...multipartCases(),
      ...(route.body ? fieldCases(route.body, sample) : []),
    ];
  }

  test.concurrent.each(routes.map(routeName))(
    '%s answers every malformed input below 500, as {code,msg}, without internal text (NUL and lone surrogates: 400)',
    async (name) => {
      const route = f.byName(name);
      const token = PUBLIC.has(name)
        ? undefined
        : isOperatorRoute(name)
          ? ADMIN_TOKEN
          : await t.app.sessions.issue(f.fuzzer.userId);
      const scene = route.method !== 'GET' && route.body ? await f.scene() : undefined;
      try {
        const failures = await pool(await casesFor(route, scene), 8, async (c) => {
          const caseToken =
            token && REVOKES_ITS_TOKEN.has(name)
              ? await t.app.sessions.issue(f.fuzzer.userId)
              : token;
          const res = await send(t.app, route, caseToken, c.request);
          const problems = replyProblems(res, { ...c.rules, rawOnSuccess: rawOnSuccess(route) });
          return problems.length
            ? `${c.name} → ${problems.join('; ')} | ${res.statusCode} ${shorten(res.body)}`
            : undefined;
        });
        expect(failures.filter(Boolean)).toEqual([]);
      } finally {
        if (scene) await f.endScene(scene);
      }
    },
  );
});

/**
 * The machinery of route-fuzz.test.ts: every route of the running app (from its route tree and
 * its OpenAPI document), a valid sample body per route derived from the route's JSON schema
 * (fuzz-schemas.ts), and the malformed inputs derived from that sample; every reply is checked
 * by fuzz-replies.ts. socket-fuzz.test.ts sends the same bad values (`badValuesFor`) to the
 * socket.io namespaces.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomIp } from './helper.js';
import type { ReplyRules } from './fuzz-replies.js';
import { fieldName, leavesOf, withValue, type JsonSchema, type Leaf } from './fuzz-schemas.js';

// ---------------------------------------------------------------------------------------------
// Routes

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The JSON schema of the body, from the OpenAPI document (none for body-less routes). */
  body?: JsonSchema;
}

export const routeName = (r: Pick<Route, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** The paths this pass covers: the API, health, stored files, the dev mailbox and the operator's. */
const COVERED = /^\/(api\/|healthz$|files\/|dev\/|calendar\/|admin\/)/;

/**
 * Every route the app serves under the covered paths, read from Fastify's route tree (it also
 * lists the routes hidden from the OpenAPI document), with each body schema from that document.
 */
export async function listRoutes(app: FastifyInstance): Promise<Route[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
    >;
  };
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    if (!m[3] || !COVERED.test(path)) continue;
    for (const method of m[3].split(', ')) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const operation = doc.paths[path]?.[method.toLowerCase()];
      const content = operation?.requestBody?.content;
      const body = content?.['application/json']?.schema;
      routes.push({ method: method as Route['method'], url: path, ...(body ? { body } : {}) });
    }
  }
  return routes.sort((a, b) => routeName(a).localeCompare(routeName(b)));
}

// ---------------------------------------------------------------------------------------------
// Bad values

const NUL = 'a\u0000b';
const LONE_SURROGATE = '\uD800x';

/** The value with `bad` put into its middle (a NUL inside a valid email still looks valid). */
const inside = (value: string, bad: string) =>
  `${value.slice(0, Math.ceil(value.length / 2))}${bad}${value.slice(Math.ceil(value.length / 2))}`;

/** Longer than the field allows, and at least 100 000 characters. */
const oversize = (schema: JsonSchema) => 'x'.repeat(Math.max(100_000, (schema.maxLength ?? 0) + 1));

export interface BadValue {
  name: string;
  value: unknown;
  /** NUL bytes and lone surrogates must be refused as a bad request. */
  expect400?: boolean;
  /** Wrong types and oversize strings: a socket request must be refused. */
  mustFail?: boolean;
}

/** The bad values one field gets in turn, by what the field accepts. */
export function badValuesFor(leaf: Leaf): BadValue[] {
  const out: BadValue[] = [];
  const { kinds } = leaf;
  if (kinds.has('string')) {
    out.push({ name: 'a NUL byte', value: NUL, expect400: true, mustFail: true });
    out.push({ name: 'a lone surrogate', value: LONE_SURROGATE, expect400: true, mustFail: true });
    if (typeof leaf.value === 'string' && leaf.value.length > 0) {
      out.push({
        name: 'a NUL byte inside a valid value',
        value: inside(leaf.value, '\u0000'),
        expect400: true,
        mustFail: true,
      });
      out.push({
        name: 'a lone surrogate inside a valid value',
        value: inside(leaf.value, '\uD800'),
        expect400: true,
        mustFail: true,
      });
    }
    out.push({ name: 'a 100 000-character string', value: oversize(leaf.schema), mustFail: true });
  } else {
    out.push({ name: 'a string', value: 'not-a-number', mustFail: true });
  }
  if (kinds.has('number')) {
    for (const [name, value] of [
      ['1e20', 1e20],
      ['-1', -1],
      ['2**31', 2 ** 31],
      ['-(2**31)-1', -(2 ** 31) - 1],
      ['2**53+2', 2 ** 53 + 2],
      ['1.5', 1.5],
      ['"NaN"', 'NaN'],
      ['"Infinity"', 'Infinity'],
      ['"1e400"', '1e400'],
      ['"99999999999999999999"', '99999999999999999999'],
      ['"-0"', '-0'],
    ] as const) {
      out.push({ name: `the number ${name}`, value });
    }
  } else {
    out.push({ name: 'a number', value: 12345, mustFail: true });
  }
  if (!kinds.has('object')) out.push({ name: 'an object', value: { a: 1 }, mustFail: true });
  if (!kinds.has('array')) out.push({ name: 'an array', value: ['a'], mustFail: true });
  if (!kinds.has('null')) out.push({ name: 'null', value: null, mustFail: true });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface FuzzCase {
  name: string;
  /** Extra inject options: payload, headers, url. */
  request: Partial<InjectOptions> & { headers?: Record<string, string> };
  rules: ReplyRules;
}

const json = (value: unknown) => ({
  payload: JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});

/** Form encoding that keeps NUL bytes (%00) and values that are not strings as JSON. */
function formEncode(fields: Record<string, unknown>, raw: Record<string, string> = {}): string {
  const encode = (v: unknown) =>
    encodeURIComponent(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  return [
    ...Object.entries(fields)
      .filter(([k]) => !(k in raw))
      .map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`),
    ...Object.entries(raw).map(([k, v]) => `${encodeURIComponent(k)}=${v}`),
  ].join('&');
}

const form = (payload: string) => ({
  payload,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

const BOUNDARY = '----fuzzBoundary7MA4YWxkTrZu0gW';
function multipartBody(): Buffer {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
    'hex',
  );
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** Broken multipart bodies; sent to every route, so any multipart route is covered. */
export function multipartCases(): FuzzCase[] {
  const body = multipartBody();
  const mp = (contentType: string, payload: Buffer) => ({
    payload,
    headers: { 'content-type': contentType },
  });
  return [
    {
      name: 'multipart with the wrong boundary',
      request: mp('multipart/form-data; boundary=----notTheBoundary', body),
      rules: {},
    },
    {
      name: 'multipart cut off in the middle of the file',
      request: mp(`multipart/form-data; boundary=${BOUNDARY}`, body.subarray(0, body.length - 40)),
      rules: {},
    },
    {
      name: 'multipart without a boundary in the content-type',
      request: mp('multipart/form-data', body),
      rules: {},
    },
    {
      name: 'multipart with an empty body',
      request: mp(`multipart/form-data; boundary=${BOUNDARY}`, Buffer.alloc(0)),
      rules: {},
    },
  ];
}

/** Bodies broken as a whole: empty, the wrong JSON type, not JSON, not UTF-8. */
export function wholeBodyCases(sample: unknown): FuzzCase[] {
  return [
    { name: 'no body', request: {}, rules: {} },
    { name: 'an empty JSON body', request: { ...json(''), payload: '' }, rules: {} },
    { name: 'a JSON array body', request: json([sample]), rules: {} },
    { name: 'a JSON string body', request: json('text'), rules: {} },
    { name: 'a JSON null body', request: { ...json(null), payload: 'null' }, rules: {} },
    { name: 'malformed JSON', request: { ...json(''), payload: '{"a":' }, rules: {} },
    {
      name: 'JSON that is not UTF-8',
      request: {
        ...json(''),
        payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      },
      rules: {},
    },
    {
      name: 'a deeply nested JSON body',
      request: { ...json(''), payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
      rules: {},
    },
    {
      name: 'a form body that is not a form',
      request: form('%%%&&==&%ZZ'),
      rules: {},
    },
  ];
}

/** Every field in turn with every bad value, as JSON; top-level fields also as a form. */
export function fieldCases(schema: JsonSchema, sample: unknown): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const leaf of leavesOf(schema, sample)) {
    const field = fieldName(leaf.path);
    for (const bad of badValuesFor(leaf)) {
      cases.push({
        name: `${field} = ${bad.name}`,
        request: json(withValue(sample, leaf.path, bad.value)),
        rules: { expect400: bad.expect400 },
      });
    }
  }
  if (sample && typeof sample === 'object' && !Array.isArray(sample)) {
    const fields = sample as Record<string, unknown>;
    cases.push({ name: 'the valid body as a form', request: form(formEncode(fields)), rules: {} });
    for (const leaf of leavesOf(schema, sample).filter((l) => l.path.length === 1)) {
      const key = String(leaf.path[0]);
      const asText = typeof leaf.value === 'string' ? leaf.value : JSON.stringify(leaf.value);
      const formBad: [string, string, boolean][] = [
        ['a NUL byte', 'a%00b', true],
        ['a NUL byte inside a valid value', encodeURIComponent(inside(asText, '\u0000')), true],
        ['a lone surrogate (invalid UTF-8 escape)', '%ED%A0%80x', false],
        ['a 100 000-character string', 'x'.repeat(100_000), false],
        ['the number 1e20', '1e20', false],
        ['"-1"', '-1', false],
        ['"99999999999999999999"', '99999999999999999999', false],
        [
          'given twice',
          `${encodeURIComponent(asText)}&${encodeURIComponent(key)}=${encodeURIComponent(asText)}`,
          false,
        ],
      ];
      for (const [name, raw, expect400] of formBad) {
        cases.push({
          name: `form: ${key} = ${name}`,
          request: form(formEncode(fields, { [key]: raw })),
          rules: { expect400 },
        });
      }
    }
  }
  return cases;
}

/** GET routes: bad query strings, and bad paths for wildcard routes. */
export function getCases(route: Route): FuzzCase[] {
  const base = route.url.replace('*', 'fuzz.png');
  const cases: FuzzCase[] = [
    ['a NUL byte in the query', `${base}?to=a%00b&q=a%00b`],
    ['an invalid UTF-8 escape in the query', `${base}?to=%ED%A0%80x`],
    ['a repeated query parameter', `${base}?to=a&to=b&to[]=c`],
    ['a 5 000-character query', `${base}?to=${'x'.repeat(5000)}`],
    ['a malformed query', `${base}?%%%=%&&=`],
  ].map(([name, url]) => ({ name: name!, request: { url: url! }, rules: {} }));
  if (route.url.includes('*')) {
    for (const [name, path] of [
      ['a NUL byte in the path', 'a%00b.png'],
      ['an invalid UTF-8 escape in the path', '%ED%A0%80.png'],
      ['a path that climbs out', '..%2F..%2F..%2Fetc%2Fpasswd'],
      ['a path that climbs out (dots)', '%2e%2e/%2e%2e/package.json'],
      ['a 5 000-character path', `${'x'.repeat(5000)}.png`],
      ['an empty path', ''],
    ] as const) {
      cases.push({ name, request: { url: route.url.replace('*', path) }, rules: {} });
    }
  }
  return cases;
}

/** Sends one request to a route from a fresh client address (no rate limit carries over). */
export function send(
  app: FastifyInstance,
  route: Route,
  token: string | undefined,
  request: FuzzCase['request'] = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(request.headers ?? {}) };
  if (token) headers.authorization = `Bearer ${token}`;
  return app.inject({
    method: route.method,
    url: route.url.replace('*', 'fuzz.png'),
    remoteAddress: randomIp(),
    ...request,
    headers,
  });
}

/** Runs tasks with at most `limit` at a time, keeping their order. */
export async function pool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Feedback from the avatar menu (`POST /api/user/report`, multipart) and the operator's list of
 * it (`GET /admin/feedback`, behind ADMIN_TOKEN): what is stored, what is refused, and who may
 * read it.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, registerUser, type TestApp } from './helper.js';
import { visitor } from './room-members.js';

const ADMIN_TOKEN = 'operator-token-for-tests-0123456789';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36';

let t: TestApp;
let serial = 0;
beforeAll(async () => {
  t = await build({ ADMIN_TOKEN });
});
afterAll(() => t.close());

const newUser = () => registerUser(t, `feedback-${++serial}@example.com`);

type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string };

function multipart(parts: Part[]) {
  const boundary = '----meetfeedback';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'file' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream`
        : `Content-Disposition: form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`));
    chunks.push('file' in part ? part.file : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The form as the web client sends it: common fields, then the report, then the file. */
function report(
  token: string | undefined,
  content: string,
  screenshot?: Buffer,
  extra: Part[] = [],
) {
  // The first value of a field counts: `extra` goes first to replace a default one.
  const parts: Part[] = [
    ...extra,
    { name: 'appName', value: 'web' },
    { name: 'version', value: 'web/3.10.3' },
    { name: 'language', value: 'en' },
    { name: 'useragent', value: UA },
    { name: 'content', value: content },
    { name: 'email', value: 'typed@example.com' },
  ];
  if (screenshot) parts.push({ name: 'screenshot', file: screenshot, filename: 'shot.png' });
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/user/report',
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

/** A GET as the operator (or with another token, or none: null). */
const adminGet = (url: string, token: string | null = ADMIN_TOKEN) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function feedbackList() {
  const res = await adminGet('/admin/feedback');
  expect(res.statusCode).toBe(200);
  return res.json().payload as {
    list: {
      id: number;
      email: string;
      content: string;
      clientVersion: string;
      device: string;
      screenshotUrl: string | null;
      userName: string;
    }[];
    hasMore: boolean;
  };
}

describe('sending feedback', () => {
  test('a report with a screenshot is stored with the version, device and account email, and the operator sees it', async () => {
    const token = await newUser();
    const png = await image('png');
    const res = await report(token, '  The camera froze after I shared my screen.  ', png);
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(0);
    const id = res.json().payload.id as number;

    const { list } = await feedbackList();
    const item = list.find((r) => r.id === id)!;
    expect(item).toMatchObject({
      content: 'The camera froze after I shared my screen.',
      // The account's own address wins over what the form said.
      email: `feedback-${serial}@example.com`,
      clientVersion: 'web/3.10.3',
      device: UA,
      screenshotUrl: `/admin/feedback/${id}/screenshot`,
    });

    const shot = await adminGet(item.screenshotUrl!);
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/png');
    const meta = await sharp(shot.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 320, 200]);
  });

  test('a JPEG screenshot is kept as JPEG; a report without one has no screenshot link', async () => {
    const token = await newUser();
    const withJpeg = await report(token, 'Echo on my side', await image('jpeg'));
    const plain = await report(token, 'Just a thought: bigger buttons');
    const { list } = await feedbackList();
    const jpegItem = list.find((r) => r.id === withJpeg.json().payload.id)!;
    expect((await adminGet(jpegItem.screenshotUrl!)).headers['content-type']).toBe('image/jpeg');
    expect(list.find((r) => r.id === plain.json().payload.id)).toMatchObject({
      content: 'Just a thought: bigger buttons',
      screenshotUrl: null,
    });
  });

  test('the screenshot is never served as a public file', async () => {
    const token = await newUser();
    const res = await report(token, 'Private screenshot', await image('png'));
    const key = (await t.app.database.db.query.feedbackReports.findFirst({
      where: (r, { eq }) => eq(r.id, res.json().payload.id as number),
    }))!.screenshotKey!;
    expect(key).toMatch(/^feedback\/.+\.png$/);
    expect((await t.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
  });
});

describe('refusals', () => {
  test.each([
    ['an empty description', '   ', 'Please describe what happened'],
    [
      'a description over 2000 characters',
      'x'.repeat(2001),
      'Feedback can have at most 2000 characters',
    ],
  ])('%s is refused', async (_name, content, msg) => {
    const res = await report(await newUser(), content);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, msg });
  });

  test('a report without the description is refused', async () => {
    const { payload, headers } = multipart([{ name: 'version', value: 'web/3.10.3' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/report',
      payload,
      headers: { ...headers, authorization: `Bearer ${await newUser()}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Please describe what happened');
  });

  test.each([
    ['in the description', 'before\u0000after', []],
    ['in another field', 'Fine text', [{ name: 'email', value: 'a\u0000b@example.com' }]],
  ] as [string, string, Part[]][])('a NUL byte %s is a 400', async (_name, content, extra) => {
    const res = await report(await newUser(), content, undefined, extra);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/contains characters that are not allowed/);
  });

  test.each([
    ['a GIF', () => image('gif')],
    ['a WebP', () => image('webp')],
    ['text named .png', async () => Buffer.from('this is not an image')],
    ['an empty file', async () => Buffer.alloc(0)],
  ])('a screenshot that is %s is refused, and nothing is stored', async (_name, make) => {
    const token = await newUser();
    const before = (await feedbackList()).list.length;
    const res = await report(token, 'See the screenshot', await make());
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The screenshot must be a PNG or JPEG image');
    expect((await feedbackList()).list.length).toBe(before);
  });

  test('a screenshot over 5 MB is refused with 413', async () => {
    // Noise does not compress: a real PNG of more than 5 MB.
    const noise = Buffer.alloc(1400 * 1400 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await report(await newUser(), 'Huge screenshot', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe('The screenshot must be at most 5 MB');
  });

  test('without a token, with a made-up one, or as a visitor, nothing is accepted', async () => {
    expect((await report(undefined, 'anonymous')).json()).toMatchObject({ code: 203 });
    expect((await report('x'.repeat(43), 'made up')).statusCode).toBe(401);
    const guest = await visitor(t);
    const res = await report(guest.token, 'from a guest');
    expect(res.statusCode).toBe(403);
  });

  test('one account sending report after report is slowed down', async () => {
    const token = await newUser();
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await report(token, `Report ${i}`)).statusCode);
    expect(codes.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(codes.slice(6)).toEqual([429, 429]);
  });
});

describe('the operator list', () => {
  test.each([
    ['no token', null],
    ['a wrong token', 'operator-token-for-tests-wrong-guess'],
    ['a user’s sign-in token', 'user'],
  ])('is refused with %s', async (_name, token) => {
    const bearer = token === 'user' ? await newUser() : token;
    for (const url of ['/admin/feedback', '/admin/feedback/1/screenshot']) {
      const res = await adminGet(url, bearer);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 203, payload: null });
      expect(res.body).not.toContain('camera froze');
    }
  });

  // A second app of its own: as long as the hooks that start one may take on a loaded machine.
  test('without ADMIN_TOKEN set, nobody can read it', { timeout: 60_000 }, async () => {
    const bare = await build();
    try {
      const res = await bare.app.inject({
        method: 'GET',
        url: '/admin/feedback',
        headers: { authorization: 'Bearer ' },
      });
      expect(res.statusCode).toBe(401);
      const guess = await bare.app.inject({
        method: 'GET',
        url: '/admin/feedback',
        headers: { authorization: 'Bearer undefined' },
      });
      expect(guess.statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });

  test('pages go newest first, 50 at a time', async () => {
    // Straight into the table: 60 reports through the API would meet the rate limit.
    const userId = (await t.post('/api/user/getUserInfo', {}, await newUser())).json().payload
      .userId as number;
    const repository = new (
      await import('../src/feedback/feedback-repository.js')
    ).FeedbackRepository(t.app.database.db, t.clock);
    for (let i = 0; i < 60; i++) {
      await repository.add({
        userId,
        email: 'bulk@example.com',
        content: `bulk ${i}`,
        clientVersion: 'web/3.10.3',
        device: UA,
        screenshotKey: null,
      });
    }
    const first = await feedbackList();
    expect(first.list).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.list[0]!.content).toBe('bulk 59');
    const ids = first.list.map((r) => r.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const next = await adminGet(`/admin/feedback?before=${ids.at(-1)}`);
    expect(next.json().payload.list[0].content).toBe('bulk 9');
    expect((await adminGet('/admin/feedback?before=abc')).statusCode).toBe(400);
  });

  test('an unknown report or one without a screenshot has no screenshot', async () => {
    expect((await adminGet('/admin/feedback/999999/screenshot')).statusCode).toBe(404);
    const res = await report(await newUser(), 'no picture');
    expect((await adminGet(`/admin/feedback/${res.json().payload.id}/screenshot`)).statusCode).toBe(
      404,
    );
  });
});

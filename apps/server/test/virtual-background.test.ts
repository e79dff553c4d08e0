/**
 * The background library (issue 15): system images plus my uploads, the upload rules of SPEC.md
 * section 5 with the texts of section 8, squares out of any upload (JPEG, or PNG when transparent;
 * their bytes in my storage, issue 27), and deleting only mine.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASIC_STORAGE_BYTES, SYSTEM_BACKGROUNDS } from '@meet/shared';
import { build, registerUser, type TestApp } from './helper.js';
import { makeRecording } from './records-fixture.js';

let t: TestApp;
let ada: string;
let bob: string;
beforeAll(async () => {
  t = await build();
  ada = await registerUser(t, 'ada-bg@example.com');
  bob = await registerUser(t, 'bob-bg@example.com');
});
afterAll(() => t.close());

function multipart(filename: string, data: Buffer) {
  const boundary = '----meetbackground';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .toFormat(format)
    .toBuffer();

async function upload(token: string, filename: string, data: Buffer) {
  const { payload, headers } = multipart(filename, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/virtual/background/upload',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

const getAll = async (token: string) =>
  (await t.post('/api/virtual/background/getAll', {}, token)).json();

/** My storage used and allowed, as the recordings list shows them. */
const usedBytes = async (token: string) =>
  (await t.post('/api/record/getMyRecords', {}, token)).json().payload as {
    usedBytes: number;
    quotaBytes: number;
  };

/** Random pixels: nothing compresses them, as with a photo. */
const noise = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();

describe('/virtual/background', () => {
  test('getAll lists the system images and my uploads, never someone else’s', async () => {
    const mine = (await upload(ada, 'mine.png', await image(200, 200))).json();
    expect(mine.code).toBe(0);
    const theirs = (await upload(bob, 'theirs.jpg', await image(200, 200, 'jpeg'))).json();
    expect(theirs.code).toBe(0);

    const list = await getAll(ada);
    expect(list.code).toBe(0);
    expect(list.payload.systemBackground).toEqual(
      SYSTEM_BACKGROUNDS.map((b) => ({ ...b, base64: expect.any(String) })),
    );
    expect(list.payload.systemBackground.length).toBeGreaterThan(0);
    // Each entry carries a small JPEG of itself (SPEC.md's base64), the uploads too.
    for (const b of [...list.payload.systemBackground, ...list.payload.userBackground]) {
      const jpeg = await sharp(Buffer.from(b.base64, 'base64')).metadata();
      expect(jpeg).toMatchObject({ format: 'jpeg', width: 96, height: 96 });
    }
    const ids = list.payload.userBackground.map((b: { id: string }) => b.id);
    expect(ids).toContain(mine.payload.id);
    expect(ids).not.toContain(theirs.payload.id);
    expect(list.payload.userBackground.every((b: { type: string }) => b.type === 'upload')).toBe(
      true,
    );
  });

  test('a system image is served by the product', async () => {
    // The web build serves them; the list points at same-origin paths, never another host.
    for (const b of SYSTEM_BACKGROUNDS) expect(b.viewImg).toMatch(/^\/backgrounds\/[a-z]+\.png$/);
  });

  test('a non-square jpeg comes back as a square jpeg served under /files', async () => {
    const res = await upload(ada, 'wide.JPG', await image(640, 360, 'jpeg'));
    expect(res.json().code).toBe(0);
    const entry = res.json().payload;
    expect(entry).toMatchObject({ type: 'upload', id: expect.stringMatching(/^\d+$/) });
    expect(entry.viewImg).toMatch(/^\/files\/backgrounds\/.+\.jpg$/);
    const file = await t.app.inject({ method: 'GET', url: entry.viewImg });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(360);
    expect(meta.height).toBe(360);
  });

  test('a photo is kept as JPEG, not a PNG several times its size, and its bytes count in my storage', async () => {
    const cy = await registerUser(t, 'cy-bg@example.com');
    const photo = await noise(800, 600, 'jpeg');
    expect((await usedBytes(cy)).usedBytes).toBe(0);
    const entry = (await upload(cy, 'photo.jpg', photo)).json().payload;
    expect(entry.viewImg).toMatch(/\.jpg$/);
    const file = await t.app.inject({ method: 'GET', url: entry.viewImg });
    expect((await sharp(file.rawPayload).metadata()).format).toBe('jpeg');
    // The same square as PNG, as it used to be stored: more than twice the bytes.
    const asPng = await sharp(photo).resize(600, 600).png().toBuffer();
    expect(file.rawPayload.length).toBeLessThan(asPng.length / 2);
    expect((await usedBytes(cy)).usedBytes).toBe(file.rawPayload.length);

    // An opaque PNG (alpha channel, every pixel solid) is a photo too.
    const opaque = await sharp(await noise(300, 300, 'png'))
      .ensureAlpha(1)
      .png()
      .toBuffer();
    expect((await sharp(opaque).metadata()).hasAlpha).toBe(true);
    const second = (await upload(cy, 'solid.png', opaque)).json().payload;
    expect(second.viewImg).toMatch(/\.jpg$/);
    const secondFile = await t.app.inject({ method: 'GET', url: second.viewImg });
    expect((await usedBytes(cy)).usedBytes).toBe(
      file.rawPayload.length + secondFile.rawPayload.length,
    );

    // Deleting one gives its bytes back.
    await t.post('/api/virtual/background/deleteOne', { id: entry.id }, cy);
    expect((await usedBytes(cy)).usedBytes).toBe(secondFile.rawPayload.length);
  });

  test('a PNG with transparency stays a PNG, transparency and all', async () => {
    const cutout = await sharp({
      create: { width: 200, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: await image(60, 60), left: 70, top: 30 }])
      .png()
      .toBuffer();
    const entry = (await upload(ada, 'cutout.png', cutout)).json().payload;
    expect(entry.viewImg).toMatch(/\.png$/);
    const file = await t.app.inject({ method: 'GET', url: entry.viewImg });
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', hasAlpha: true, width: 120, height: 120 });
    expect((await sharp(file.rawPayload).stats()).isOpaque).toBe(false);
  });

  test('an upload that would pass my storage quota is refused, and nothing is kept', async () => {
    const dee = await registerUser(t, 'dee-bg@example.com');
    const deeId = (await t.post('/api/user/getUserInfo', {}, dee)).json().payload.userId as number;
    // Recordings fill the basic quota but for a few bytes.
    await makeRecording(t, { token: dee, userId: deeId }, { sizeBytes: BASIC_STORAGE_BYTES - 100 });
    const stored = () => readdir(path.join(t.dataDir, 'files', 'backgrounds'));
    const filesBefore = await stored();
    const refused = await upload(dee, 'photo.jpg', await image(200, 200, 'jpeg'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: -1, key: 'backgroundStorageFull' });
    expect((await getAll(dee)).payload.userBackground).toEqual([]);
    expect((await usedBytes(dee)).usedBytes).toBe(BASIC_STORAGE_BYTES - 100);
    expect(await stored()).toEqual(filesBefore);
  });

  test.each([
    ['pic.gif', () => image(200, 200, 'gif'), 'Please select a valid image file'],
    ['pic.bmp', () => image(200, 200), 'Please select a valid image file'],
    ['fake.png', async () => Buffer.from('not an image'), 'Please select a valid image file'],
    ['gif-inside.png', () => image(200, 200, 'gif'), 'Please select a valid image file'],
    ['big.png', async () => randomPng(2 * 1024 * 1024), 'The file cannot exceed 2M'],
  ])('%s is refused', async (filename, make, msg) => {
    const before = (await getAll(ada)).payload.userBackground.length;
    const res = await upload(ada, filename, await make());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, msg });
    expect((await getAll(ada)).payload.userBackground.length).toBe(before);
  });

  test('a file just under 2 MB is accepted', async () => {
    const data = await randomPng(2 * 1024 * 1024 - 1);
    expect(data.length).toBe(2 * 1024 * 1024 - 1);
    expect((await upload(ada, 'almost.png', data)).json().code).toBe(0);
  });

  test('the texts follow the language', async () => {
    const { payload, headers } = multipart('pic.bmp', await image(10, 10));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/virtual/background/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${ada}`, 'accept-language': 'zh-CN' },
    });
    expect(res.json().msg).toBe('请选择有效的图片文件');
  });

  test('deleteOne removes my image and its file; someone else’s is refused and kept', async () => {
    const mine = (await upload(ada, 'gone.png', await image(120, 80))).json().payload;
    const theirs = (await upload(bob, 'kept.png', await image(120, 80))).json().payload;

    const refused = await t.post('/api/virtual/background/deleteOne', { id: theirs.id }, ada);
    expect(refused.json().code).toBe(-1);
    expect((await getAll(bob)).payload.userBackground.map((b: { id: string }) => b.id)).toContain(
      theirs.id,
    );
    expect((await t.app.inject({ method: 'GET', url: theirs.viewImg })).statusCode).toBe(200);

    const done = await t.post('/api/virtual/background/deleteOne', { id: mine.id }, ada);
    expect(done.json().code).toBe(0);
    expect(
      (await getAll(ada)).payload.userBackground.map((b: { id: string }) => b.id),
    ).not.toContain(mine.id);
    expect((await t.app.inject({ method: 'GET', url: mine.viewImg })).statusCode).toBe(404);

    const again = await t.post('/api/virtual/background/deleteOne', { id: mine.id }, ada);
    expect(again.json().code).toBe(-1);
    const system = await t.post('/api/virtual/background/deleteOne', { id: 'system-dawn' }, ada);
    expect(system.json().code).toBe(-1);
  });

  test('the library needs a sign-in', async () => {
    expect((await t.post('/api/virtual/background/getAll', {})).json().code).toBe(203);
  });
});

/** A valid PNG padded to exactly `size` bytes (a trailing chunk the decoder ignores). */
async function randomPng(size: number): Promise<Buffer> {
  const png = await image(64, 64);
  // Bytes after IEND are ignored by decoders; the size is what the rule is about.
  return Buffer.concat([png, randomBytes(size - png.length)]);
}

/**
 * The app with S3_* set keeps its files in S3 (s3rver here), not in $DATA_DIR: an avatar uploaded
 * through one node is stored in the bucket and served by another node of the same bucket, a
 * replaced avatar leaves the bucket, and a recording's signed link seeks (206) into the object.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { S3BlobStore } from '../src/storage/s3-blob-store.js';
import { build, type TestApp } from './helper.js';
import { makeRecording, recordingFiles, recordsApi } from './records-fixture.js';
import { registered, type Account } from './room-members.js';
import { startS3, type S3StandIn } from './s3-stand-in.js';

let s3: S3StandIn;
let t: TestApp;
/** A second node on the same bucket (its own database: `/files/*` reads only the store). */
let other: TestApp;

beforeAll(async () => {
  s3 = await startS3();
  t = await build(s3.env);
  other = await build(s3.env);
});
afterAll(async () => {
  await t?.close();
  await other?.close();
  await s3?.close();
});

async function changeAvatar(account: Account, image: Buffer) {
  const boundary = '----meets3';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/changeAvatar',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${account.token}`,
    },
  });
  expect(res.json().code).toBe(0);
  return res.json().payload.url as string;
}

const square = (r: number) =>
  sharp({ create: { width: 200, height: 200, channels: 3, background: { r, g: 40, b: 90 } } })
    .png()
    .toBuffer();

test('the app stores files in S3 when S3_* is set', () => {
  expect(t.app.blobs).toBeInstanceOf(S3BlobStore);
});

test('an uploaded avatar is stored in the bucket, not on disk; any node serves it', async () => {
  const owner = await registered(t);
  const url = await changeAvatar(owner, await square(200));
  const key = url.slice('/files/'.length);
  const stored = await s3.object(key);
  expect(stored?.contentType).toBe('image/png');
  await expect(stat(path.join(t.dataDir, 'files', key))).rejects.toThrow(/ENOENT/);

  for (const node of [t, other]) {
    const res = await node.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(Number(res.headers['content-length'])).toBe(stored!.data.length);
    expect(res.rawPayload.equals(stored!.data)).toBe(true);
  }
});

test('a replaced avatar leaves the bucket and is no longer served', async () => {
  const owner = await registered(t);
  const first = await changeAvatar(owner, await square(10));
  const second = await changeAvatar(owner, await square(250));
  expect(second).not.toBe(first);
  expect(await s3.object(first.slice('/files/'.length))).toBeNull();
  expect((await other.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
  expect((await other.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
});

test("a recording's signed link serves the object whole and seeks into it", async () => {
  const owner = await registered(t);
  const rec = await makeRecording(t, owner, { withFiles: true });
  const files = await recordingFiles();
  expect((await s3.object(`recordings/${rec.recordId}/video.mp4`))?.data.equals(files.video)).toBe(
    true,
  );
  const { videoUrl } = (await recordsApi(t).info(rec.recordId, owner.token)).json().payload;
  const whole = await t.app.inject({ method: 'GET', url: videoUrl });
  expect(whole.statusCode).toBe(200);
  expect(whole.rawPayload.equals(files.video)).toBe(true);
  const part = await t.app.inject({
    method: 'GET',
    url: videoUrl,
    headers: { range: 'bytes=100-199' },
  });
  expect(part.statusCode).toBe(206);
  expect(part.headers['content-range']).toBe(`bytes 100-199/${files.video.length}`);
  expect(part.rawPayload.equals(files.video.subarray(100, 200))).toBe(true);
  const past = await t.app.inject({
    method: 'GET',
    url: videoUrl,
    headers: { range: `bytes=${files.video.length}-` },
  });
  expect(past.statusCode).toBe(416);
});

test('a missing file is 404, not an error', async () => {
  const res = await other.app.inject({ method: 'GET', url: '/files/avatars/nobody-here.png' });
  expect(res.statusCode).toBe(404);
});

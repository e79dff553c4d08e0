/**
 * Magic Cam's stream engine (issue 15) against a stand-in streaming server that speaks the
 * upstream protocol and really changes the pictures: camera frames go up through the `/magic`
 * socket and come back stylised on `GET /api/magic/stream` (compared pixel by pixel); small
 * frames stay home, at most two wait for an answer, and every way the server can fail closes
 * the session with SPEC.md's reason and charges nothing it did not serve.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAGIC_MIN_FRAME_BYTES, MAGIC_STREAM_BOUNDARY } from '@meet/shared';
import { build, listen, type TestApp } from './helper.js';
import { startMagicStandIn, type MagicStandIn } from './engine-servers/magic-stream-stand-in.js';
import { magicSocket, type MagicClient } from './magic-fixture.js';
import { registered, type Account } from './room-members.js';

const WIDTH = 320;
const HEIGHT = 240;

let t: TestApp;
let base: string;
let standIn: MagicStandIn;
const clients: MagicClient[] = [];
beforeAll(async () => {
  standIn = await startMagicStandIn();
  t = await build({
    MAGIC_CAM_URL: standIn.url,
    MAGIC_READY_TIMEOUT_MS: '1000',
    MAGIC_FRAME_TIMEOUT_MS: '1000',
  });
  base = await listen(t);
});
afterAll(async () => {
  for (const client of clients) client.socket.close();
  await t.close();
  await standIn.close();
});

/** A camera frame: a colour ramp with fine grain (well over MAGIC_MIN_FRAME_BYTES). */
async function cameraFrame(): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const grain = ((x * 7 + y * 13) % 17) - 8;
      pixels[i] = Math.min(255, Math.max(0, Math.round((x / WIDTH) * 200) + 20 + grain));
      pixels[i + 1] = Math.min(255, Math.max(0, Math.round((y / HEIGHT) * 200) + 20 + grain));
      pixels[i + 2] = 120 + grain;
    }
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A picture's colours averaged over an 8x6 grid (JPEG's own noise averages out). */
async function grid(jpeg: Buffer): Promise<number[]> {
  const raw = await sharp(jpeg).resize(8, 6, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  return [...raw];
}
const meanDistance = (a: number[], b: number[]) =>
  a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
const channelMean = (values: number[], channel: number) =>
  values.filter((_, i) => i % 3 === channel).reduce((s, v) => s + v, 0) / (values.length / 3);

/** Reads the multipart/x-mixed-replace stream part by part. */
async function openStream(token: string) {
  const res = await fetch(`${base}/api/magic/stream?token=${encodeURIComponent(token)}`);
  const frames: Buffer[] = [];
  let buffer = Buffer.alloc(0);
  const parse = () => {
    for (;;) {
      const start = buffer.indexOf(`--${MAGIC_STREAM_BOUNDARY}\r\n`);
      const headEnd = start < 0 ? -1 : buffer.indexOf('\r\n\r\n', start);
      if (headEnd < 0) return;
      const head = buffer.subarray(start, headEnd).toString();
      expect(head).toMatch(/Content-Type: image\/jpeg/);
      const length = Number(/Content-Length: (\d+)/.exec(head)![1]);
      const at = headEnd + 4;
      if (buffer.length < at + length) return;
      frames.push(Buffer.from(buffer.subarray(at, at + length)));
      buffer = buffer.subarray(at + length);
    }
  };
  let ended = false;
  const done = (async () => {
    if (!res.body) return;
    for await (const chunk of res.body) {
      buffer = Buffer.concat([buffer, Buffer.from(chunk)]);
      parse();
    }
    ended = true;
  })();
  return { res, frames, done, ended: () => ended };
}

async function session(who?: Account) {
  const user = who ?? (await registered(t));
  const res = await t.post('/api/magic/getHomePageToken', {}, user.token);
  expect(res.json().payload.engine).toBe('stream');
  const token = res.json().payload.token as string;
  const client = await magicSocket(base, token);
  clients.push(client);
  return { user, token, client };
}

const charges = async (who: Account) =>
  (await t.app.credits.spending(who.userId, 1, 50)).filter((r) => r.reason === 'magicCam');

/** Sends frames until `until` holds (the socket and the stand-in work at their own pace). */
async function sendUntil(client: MagicClient, frame: Buffer, until: () => boolean) {
  for (let i = 0; i < 100 && !until(); i++) {
    client.socket.emit('frame', frame);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(until()).toBe(true);
}

describe('contract test: the stream engine', () => {
  test('start opens the streaming server with the prompt and frame size, then pays the first minute', async () => {
    const before = standIn.requests.length;
    const { user, client } = await session();
    const ack = await client.start({ prompt: 'watercolor painting', width: WIDTH, height: HEIGHT });
    expect(ack).toMatchObject({ ok: true });
    expect(standIn.requests.slice(before)).toEqual([
      { type: 'start', prompt: 'watercolor painting', width: WIDTH, height: HEIGHT },
    ]);
    expect(client.charged).toHaveLength(1);
    expect(await charges(user)).toHaveLength(1);
  });

  test('camera frames come back stylised on the HTTP stream, pixel for pixel negated', async () => {
    const { token, client } = await session();
    await client.start({ prompt: 'oil painting', width: WIDTH, height: HEIGHT });
    const stream = await openStream(token);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe(
      `multipart/x-mixed-replace; boundary=${MAGIC_STREAM_BOUNDARY}`,
    );
    const frame = await cameraFrame();
    expect(frame.length).toBeGreaterThan(MAGIC_MIN_FRAME_BYTES);
    await sendUntil(client, frame, () => stream.frames.length >= 2);

    const sent = await grid(frame);
    const back = await grid(stream.frames[0]!);
    expect(await sharp(stream.frames[0]!).metadata()).toMatchObject({
      format: 'jpeg',
      width: WIDTH,
      height: HEIGHT,
    });
    expect(meanDistance(back, sent)).toBeGreaterThan(60);
    expect(
      meanDistance(
        back,
        sent.map((v) => 255 - v),
      ),
    ).toBeLessThan(8);
  });

  test('a new prompt reaches the server and the look follows it (a red tint)', async () => {
    const { token, client } = await session();
    await client.start({ prompt: 'comic', width: WIDTH, height: HEIGHT });
    expect(await client.prompt('red comic')).toMatchObject({ ok: true });
    expect(standIn.requests.at(-1)).toEqual({ type: 'prompt', prompt: 'red comic' });
    const stream = await openStream(token);
    await sendUntil(client, await cameraFrame(), () => stream.frames.length >= 1);
    const back = await grid(stream.frames.at(-1)!);
    expect(channelMean(back, 0)).toBeGreaterThan(channelMean(back, 1) + 40);
    expect(channelMean(back, 0)).toBeGreaterThan(channelMean(back, 2) + 40);
  });

  test('frames of MAGIC_MIN_FRAME_BYTES or less are not sent up', async () => {
    const { client } = await session();
    await client.start({ prompt: 'comic', width: WIDTH, height: HEIGHT });
    const tiny = await sharp({
      create: { width: 16, height: 16, channels: 3, background: '#808080' },
    })
      .jpeg()
      .toBuffer();
    expect(tiny.length).toBeLessThanOrEqual(MAGIC_MIN_FRAME_BYTES);
    const before = standIn.framesIn.length;
    for (let i = 0; i < 5; i++) client.socket.emit('frame', tiny);
    // A big one after them: once it has arrived, the small ones would have too.
    await sendUntil(client, await cameraFrame(), () => standIn.framesIn.length > before);
    expect(standIn.framesIn.slice(before).every((size) => size > MAGIC_MIN_FRAME_BYTES)).toBe(true);
  });

  test('at most two frames wait for an answer; a server gone silent closes the session with timeout', async () => {
    standIn.switches.silentAfter = 0;
    try {
      const { token, client } = await session();
      await client.start({ prompt: 'comic', width: WIDTH, height: HEIGHT });
      const stream = await openStream(token);
      const before = standIn.framesIn.length;
      const frame = await cameraFrame();
      for (let i = 0; i < 6; i++) client.socket.emit('frame', frame);
      await client.gone;
      expect(client.closed).toEqual([{ reason: 'timeout' }]);
      expect(standIn.framesIn.length - before).toBe(2);
      await stream.done;
      expect(stream.ended()).toBe(true);
    } finally {
      standIn.switches.silentAfter = undefined;
    }
  });

  test('a server that refuses the connection is sysError, a full one serverFull, one never ready timeout: closed, nothing paid', async () => {
    for (const [flag, reason] of [
      ['refuse', 'sysError'],
      ['serverFull', 'serverFull'],
      ['neverReady', 'timeout'],
    ] as const) {
      standIn.switches[flag] = true;
      try {
        const { user, client } = await session();
        expect(await client.start({ prompt: 'comic' })).toEqual({ ok: false, reason });
        await client.gone;
        expect(client.closed).toEqual([{ reason }]);
        expect(await charges(user)).toEqual([]);
      } finally {
        standIn.switches[flag] = false;
      }
    }
  });

  test('the streaming server going away closes the session with sysError and ends the stream', async () => {
    const { token, client } = await session();
    await client.start({ prompt: 'comic', width: WIDTH, height: HEIGHT });
    const stream = await openStream(token);
    standIn.drop();
    await client.gone;
    expect(client.closed).toEqual([{ reason: 'sysError' }]);
    await stream.done;
  });

  test('stop ends the HTTP stream and tells the streaming server to stop', async () => {
    const { token, client } = await session();
    await client.start({ prompt: 'comic', width: WIDTH, height: HEIGHT });
    const stream = await openStream(token);
    await sendUntil(client, await cameraFrame(), () => stream.frames.length >= 1);
    await client.stop();
    await stream.done;
    expect(stream.ended()).toBe(true);
    expect(standIn.requests.at(-1)).toEqual({ type: 'stop' });
    await expect.poll(() => standIn.open()).toBe(0);
    // The token of an ended session opens no stream; an unknown one is a failed sign-in.
    const ended = await fetch(`${base}/api/magic/stream?token=${token}`);
    expect(ended.status).toBe(404);
    const unknown = await fetch(`${base}/api/magic/stream?token=nope`);
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { code: number }).code).toBe(203);
  });
});

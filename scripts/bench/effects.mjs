/* global document, window, OfflineAudioContext, AudioWorkletNode -- code inside page.evaluate runs in the browser */
// Benchmark (not a test): the camera effects (issue 15) in headless Chromium with a fake
// 1280x720 camera — for no effect, blur, an image, the beauty filters' quick preset (smooth 5,
// whiten 5, slim 4, bigger eyes 2) alone and with blur, Magic Cam's comic look (the in-browser
// WebGL engine; it charges the sender's AI credits) and the cat avatar: the sender's processing
// time per frame (camera frame in, processed frame out; the pipeline's own moving average, with
// the parts that are drawing the background, drawing the beauty filters and finding the face)
// and frames produced per second, and the frame rate and size the other member receives (decoded frames of
// their <video> over 10 s). Goal: 30 fps kept with blur on. The camera is Chromium's own test
// pattern (no face: Face Mesh searches every frame), or with --face the synthetic portrait of
// e2e/support/face-video.ts (Face Mesh finds and tracks it). Needs a build (npm run build) and
// Debian's Chromium. Then RNNoise noise suppression (issue 31): its CPU per second of audio in
// this Chromium's AudioWorklet, the built worklet and wasm rendering 60 s of noisy audio in an
// OfflineAudioContext, against the same render without it (best of 3).
// Usage: node scripts/bench/effects.mjs [--seconds=10] [--face] [--modes=a,b]
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { writePortraitY4m } from '../../e2e/support/face-video.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const seconds = Number(args.seconds ?? 10);
const dataDir = mkdtempSync(path.join(tmpdir(), 'meet-bench-effects-'));
const log = (...a) => process.env.BENCH_DEBUG && console.error('[bench]', ...a);

/** A port nobody listens on now (other benchmarks may run on this machine at the same time). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
// --port= pins the server's port (for a machine where ports are shared out).
const port = Number(args.port ?? 0) || (await freePort());
const base = `http://localhost:${port}`;

// SERVER_DIST / WEB_DIST (environment): a build made beside the usual one, as in e2e/.
const server = spawn(
  process.execPath,
  [path.join(root, 'apps/server', process.env.SERVER_DIST ?? 'dist', 'server.js')],
  {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      MAIL_OUTBOX_HTTP: '1',
      EMAIL_CODE_IP_DAILY_LIMIT: '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
process.on('exit', () => {
  server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));
await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => String(d).includes('Ready on') && resolve());
  server.once('exit', () => reject(new Error('server exited')));
});

const fakeCamera = [];
if (args.face) {
  const file = path.join(dataDir, 'portrait.y4m');
  writePortraitY4m(file);
  fakeCamera.push(`--use-file-for-fake-video-capture=${file}`);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--disable-background-networking',
    '--autoplay-policy=no-user-gesture-required',
    ...fakeCamera,
  ],
});

async function post(ctx, api, body, token) {
  const res = await ctx.request.post(`${base}/api/${api}`, {
    data: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return res.json();
}

async function member(token) {
  const context = await browser.newContext({
    baseURL: base,
    permissions: ['camera', 'microphone'],
    serviceWorkers: 'block',
  });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  return { context, page: await context.newPage() };
}

async function join(m, conferenceId, name, camera) {
  await m.page.goto('/join');
  await m.page.locator('input[name="conferenceId"]').fill(conferenceId);
  await m.page.locator('input[name="userConferenceName"]').fill(name);
  await m.page.locator('input[name="userConferenceName"]').press('Enter');
  const joinNow = m.page.getByRole('button', { name: /join now/i });
  await joinNow.waitFor({ timeout: 20000 });
  if (!camera) await m.page.getByTestId('toggle-camera').click();
  await joinNow.click();
  await m.page
    .getByTestId('connection-state')
    .filter({ hasText: 'connected' })
    .waitFor({ timeout: 20000 });
}

const setup = await browser.newContext({ baseURL: base });
const email = `bench${Date.now()}@example.com`;
await post(setup, 'user/generateEmailVerifyCode', { email, type: 'register' });
const mails = await (await setup.request.get(`${base}/dev/mail?to=${email}`)).json();
const code = /\d{6}/.exec(mails[0].text)[0];
const host = await post(setup, 'user/emailRegister', { email, code, password: 'bench123' });
const hostToken = host.payload.token;
const hostId = String(host.payload.userInfo.userId);
const conferenceId = (
  await post(setup, 'conference/createConference', { topic: 'Bench' }, hostToken)
).payload.conferenceId;
const viewerToken = (
  await post(setup, 'user/visitorLogin', { uuid: `bench-viewer-${Date.now()}`, visitors: true })
).payload.token;

const sender = await member(hostToken);
const viewer = await member(viewerToken);
await join(sender, conferenceId, 'Sender', true);
await join(viewer, conferenceId, 'Viewer', false);
log('joined');

/** Decoded frames per second of the sender's video at the viewer, and its size. */
function received(ms) {
  return viewer.page.evaluate(
    async ([id, span]) => {
      const video = document.querySelector(`[data-member-id="${id}"][data-source="camera"] video`);
      if (!video) return null;
      const before = video.getVideoPlaybackQuality().totalVideoFrames;
      await new Promise((r) => setTimeout(r, span));
      const after = video.getVideoPlaybackQuality().totalVideoFrames;
      return {
        fps: ((after - before) * 1000) / span,
        size: `${video.videoWidth}x${video.videoHeight}`,
      };
    },
    [hostId, ms],
  );
}

const senderStats = () =>
  sender.page.evaluate(() => {
    const s = window.__meetEffectStats;
    return s ? { ...s } : null;
  });

await sender.page.getByTestId('effects-button').click();
await sender.page.getByTestId('effects-dialog').waitFor();
// A step is a test id to click, or [test id, text] to type into.
const click = (step) =>
  Array.isArray(step)
    ? sender.page.getByTestId(step[0]).fill(step[1])
    : sender.page.getByTestId(step).click();
const modes = [
  ['none', ['background-none']],
  ['blur', ['background-blur']],
  ['image', ['background-image-system-dawn']],
  ['beauty', ['background-none', 'beauty-tab', 'beauty-preset']],
  ['beauty+blur', ['effects-tab-background', 'background-blur']],
  [
    'magic',
    [
      'background-none',
      'beauty-tab',
      'beauty-reset',
      'magic-tab',
      ['magic-prompt', 'comic book'],
      'magic-start',
    ],
  ],
  ['avatar', ['magic-stop', 'avatar-tab', 'avatar-cat']],
];
// --modes=none,blur,…: only these (e.g. for a build that has not every effect).
const only = args.modes?.split(',');
const rows = [];
for (const [mode, clicks] of modes.filter(([mode]) => !only || only.includes(mode))) {
  for (const testId of clicks) await click(testId);
  // Model loading and the encoder settling.
  await sender.page.waitForTimeout(5000);
  const start = mode === 'none' ? null : await senderStats();
  const got = await received(seconds * 1000);
  const end = mode === 'none' ? null : await senderStats();
  const ms = (v) => (end && v !== undefined ? v.toFixed(1) : '-');
  rows.push({
    mode,
    'ms/frame (sender)': ms(end?.msPerFrame),
    'background drawing': ms(end?.composeMs),
    'beauty drawing': ms(end?.beautyMs),
    'magic drawing': ms(end?.magicMs),
    'frame out': ms(end?.outputMs),
    'face landmarks': end?.landmarksMs ? `${end.landmarksMs.toFixed(1)} (${end.face})` : '-',
    'fps produced': end && start ? ((end.frames - start.frames) / seconds).toFixed(1) : '-',
    camera: end ? `${end.width}x${end.height} (${end.source})` : '-',
    'fps received': got ? got.fps.toFixed(1) : '-',
    'size received': got?.size ?? '-',
  });
  log(mode, rows.at(-1));
}
console.table(rows);

// RNNoise as the room runs it (rnnoise-node.ts), in this browser, rendered as fast as it goes.
const assets = readdirSync(path.join(root, 'apps/web', process.env.WEB_DIST ?? 'dist', 'assets'));
const workletFile = assets.find((f) => /^rnnoise\.worklet-.*\.js$/.test(f));
const wasmFile = assets.find((f) => /^rnnoise-.*\.wasm$/.test(f));
const RENDER_SECONDS = 60;
const renders = await sender.page.evaluate(
  async ([workletUrl, wasmUrl, secs]) => {
    const rate = 48_000;
    const bytes = await (await fetch(wasmUrl)).arrayBuffer();
    async function render(denoise) {
      const context = new OfflineAudioContext(1, rate * secs, rate);
      const buffer = context.createBuffer(1, rate * secs, rate);
      const data = buffer.getChannelData(0);
      let seed = 7;
      for (let i = 0; i < data.length; i++) {
        seed = (seed * 1_103_515_245 + 12_345) >>> 0;
        // A tone on for half of each second, in white noise.
        const on = Math.floor((i / rate) * 2) % 2;
        data[i] =
          0.2 * on * Math.sin((2 * Math.PI * 220 * i) / rate) + 0.03 * ((seed / 2 ** 32) * 2 - 1);
      }
      const source = context.createBufferSource();
      source.buffer = buffer;
      let last = source;
      if (denoise) {
        await context.audioWorklet.addModule(workletUrl);
        const node = new AudioWorkletNode(context, 'rnnoise', {
          numberOfInputs: 1,
          numberOfOutputs: 1,
          outputChannelCount: [1],
          channelCount: 1,
          channelCountMode: 'explicit',
          processorOptions: { wasm: bytes },
        });
        last = source.connect(node);
      }
      last.connect(context.destination);
      source.start();
      const started = performance.now();
      await context.startRendering();
      return performance.now() - started;
    }
    const runs = [];
    for (let i = 0; i < 3; i++)
      runs.push({ plain: await render(false), rnnoise: await render(true) });
    return runs;
  },
  [`/assets/${workletFile}`, `/assets/${wasmFile}`, RENDER_SECONDS],
);
const best = (key) => Math.min(...renders.map((r) => r[key]));
const perSecond = (best('rnnoise') - best('plain')) / RENDER_SECONDS;
console.log(
  `RNNoise in Chromium's AudioWorklet: ${perSecond.toFixed(1)} ms of CPU per second of audio ` +
    `(${(perSecond / 10).toFixed(2)}% of one core; ${RENDER_SECONDS} s rendered in ` +
    `${best('rnnoise').toFixed(0)} ms with it, ${best('plain').toFixed(0)} ms without, best of 3)`,
);
await browser.close();
process.exit(0);

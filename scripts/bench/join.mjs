/* global document, requestAnimationFrame -- code inside page.evaluate runs in the browser */
// Benchmark (not a test): a second member joining a meeting, from the click on "Join now" to the
// first decoded frame of the first member's video — 10 runs, p50/p90 — and the Janus process's
// CPU and memory during a 6-member meeting. Needs a build (npm run build) and Debian's Chromium.
// Usage: node scripts/bench/join.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = 4391;
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'meet-bench-join-'));

const log = (...args) => process.env.BENCH_DEBUG && console.error('[bench]', ...args);
const ADMIN_TOKEN = 'bench-operator-token-0123456789abcdef';
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    MAIL_OUTBOX_HTTP: '1',
    EMAIL_CODE_IP_DAILY_LIMIT: '1000',
    // /healthz tells the operator (this token) Janus's process id, measured below.
    ADMIN_TOKEN,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.on('exit', () => server.kill('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));
await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => String(d).includes('Ready on') && resolve());
  server.once('exit', () => reject(new Error('server exited')));
});

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--disable-background-networking',
    '--autoplay-policy=no-user-gesture-required',
  ],
});

async function post(ctx, api, body, token) {
  const res = await ctx.request.post(`${base}/api/${api}`, {
    data: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return res.json();
}

/** Opens a member up to the pre-join screen, signed in with a fresh visitor or the given token. */
async function member(name, token) {
  const context = await browser.newContext({
    baseURL: base,
    permissions: ['camera', 'microphone'],
  });
  const page = await context.newPage();
  const visitor = token
    ? undefined
    : await post(context, 'user/visitorLogin', {
        uuid: `bench-${name}-${Math.random().toString(36).slice(2, 14)}`,
        visitors: true,
      });
  const auth = token ?? visitor.payload.token;
  // BENCH_DEBUG: a timeline of the join in the page's console (requests, socket messages, the
  // peer connections' steps), to see where the time goes.
  if (process.env.BENCH_DEBUG) await context.addInitScript(traceJoin);
  // Signed in before the app starts, as a returning user would be.
  await context.addInitScript(
    ([t, type]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('loginType', type);
    },
    [auth, token ? 'email' : 'visitor'],
  );
  return { context, page, token: auth, userId: visitor && String(visitor.payload.userInfo.userId) };
}

/* global window, RTCPeerConnection */
function traceJoin() {
  const t = (...what) => console.info('[t]', Math.round(performance.now()), ...what);
  const fetch0 = window.fetch;
  window.fetch = async (input, init) => {
    const url = String(input.url ?? input).replace(/^https?:\/\/[^/]+/, '');
    t('fetch', url);
    const res = await fetch0(input, init);
    t('fetched', url, res.status);
    return res;
  };
  const send0 = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === 'string') t('ws >', data.slice(0, 70));
    if (!this.traced) {
      this.traced = true;
      this.addEventListener('message', (e) => {
        if (typeof e.data === 'string') t('ws <', e.data.slice(0, 70));
      });
    }
    return send0.call(this, data);
  };
  const PC = RTCPeerConnection;
  let n = 0;
  window.RTCPeerConnection = class extends PC {
    constructor(...args) {
      super(...args);
      const id = ++n;
      t('pc', id, 'new');
      this.addEventListener('iceconnectionstatechange', () =>
        t('pc', id, 'ice', this.iceConnectionState),
      );
      this.addEventListener('connectionstatechange', () =>
        t('pc', id, 'conn', this.connectionState),
      );
      this.addEventListener('track', (e) => t('pc', id, 'track', e.track.kind));
      for (const m of [
        'createOffer',
        'createAnswer',
        'setLocalDescription',
        'setRemoteDescription',
      ]) {
        const f = this[m].bind(this);
        this[m] = async (...a) => {
          t('pc', id, m);
          const r = await f(...a);
          t('pc', id, m, 'done');
          return r;
        };
      }
    }
  };
}

async function toPrejoin(m, conferenceId, name) {
  log('to prejoin', name);
  await m.page.goto('/join');
  await m.page.locator('input[name="conferenceId"]').fill(conferenceId);
  await m.page.locator('input[name="userConferenceName"]').fill(name);
  await m.page.locator('input[name="userConferenceName"]').press('Enter');
  await m.page.getByRole('button', { name: /join now/i }).waitFor({ timeout: 20000 });
}

async function joinNow(m) {
  log('join now');
  await m.page.getByRole('button', { name: /join now/i }).click();
  await m.page
    .getByTestId('connection-state')
    .filter({ hasText: 'connected' })
    .waitFor({ timeout: 20000 });
}

const email = `bench${Date.now()}@example.com`;
const setup = await browser.newContext({ baseURL: base });
await post(setup, 'user/generateEmailVerifyCode', { email, type: 'register' });
const mails = await (await setup.request.get(`${base}/dev/mail?to=${email}`)).json();
const code = /\d{6}/.exec(mails[0].text)[0];
const host = await post(setup, 'user/emailRegister', { email, code, password: 'bench123' });
const hostToken = host.payload.token;
const hostId = String(host.payload.userInfo.userId);
const conferenceId = (
  await post(setup, 'conference/createConference', { topic: 'Bench' }, hostToken)
).payload.conferenceId;

const first = await member('host', hostToken);
await toPrejoin(first, conferenceId, 'Host');
await joinNow(first);

const times = [];
const seenTimes = [];
for (let run = 0; run < 10; run++) {
  const second = await member(`m${run}`);
  await toPrejoin(second, conferenceId, `Member ${run}`);
  if (process.env.BENCH_DEBUG)
    second.page.on('console', (m) => m.text().startsWith('[t]') && console.error(m.text()));
  // The other side: when the host's page first shows a frame of the newcomer (same clock).
  const seenByHost = first.page.evaluate(async (id) => {
    for (;;) {
      const video = document.querySelector(`[data-member-id="${id}"][data-source="camera"] video`);
      if (video && video.videoWidth > 0 && video.getVideoPlaybackQuality().totalVideoFrames > 0)
        return Date.now();
      await new Promise((r) => requestAnimationFrame(r));
    }
  }, second.userId);
  const clickedAt = await second.page.evaluate(() => Date.now());
  const ms = await second.page.evaluate(async (id) => {
    const button = [...document.querySelectorAll('button')].find((b) =>
      /join now/i.test(b.textContent ?? ''),
    );
    const started = performance.now();
    console.info('[t]', Math.round(started), 'click');
    button.click();
    for (;;) {
      const video = document.querySelector(`[data-member-id="${id}"][data-source="camera"] video`);
      if (video && video.videoWidth > 0 && video.getVideoPlaybackQuality().totalVideoFrames > 0) {
        console.info('[t]', Math.round(performance.now()), 'first frame');
        return performance.now() - started;
      }
      await new Promise((r) => requestAnimationFrame(r));
      if (performance.now() - started > 20000) return -1;
    }
  }, hostId);
  times.push(ms);
  const seen = await Promise.race([seenByHost, new Promise((r) => setTimeout(() => r(-1), 5000))]);
  seenTimes.push(seen < 0 ? -1 : seen - clickedAt);
  await second.page
    .getByTestId('leave')
    .click()
    .catch(() => undefined);
  await second.context.close();
  await new Promise((r) => setTimeout(r, 300));
}
const sorted = times.filter((t) => t >= 0).sort((a, b) => a - b);
const pct = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
console.log(`join → first remote frame (ms): ${times.map((t) => Math.round(t)).join(', ')}`);
console.log(
  `p50 ${Math.round(pct(50))} ms, p90 ${Math.round(pct(90))} ms (${sorted.length}/10 runs)`,
);
// The trade-off of receiving first: how soon the others see the newcomer (click → the host's
// first frame of them; includes the newcomer's publishing, which waits for receiving).
const seenSorted = seenTimes.filter((t) => t >= 0).sort((a, b) => a - b);
const seenPct = (p) =>
  seenSorted[Math.min(seenSorted.length - 1, Math.ceil((p / 100) * seenSorted.length) - 1)];
console.log(
  `the host sees the newcomer (ms): p50 ${seenPct(50)}, p90 ${seenPct(90)} (${seenSorted.length}/10 runs)`,
);

// Six members, everyone showing everyone: Janus's CPU and memory over 10 s.
if (process.env.BENCH_SKIP_SIX) {
  await browser.close();
  process.exit(0);
}
const others = [];
for (let i = 0; i < 5; i++) {
  const m = await member(`six${i}`);
  await toPrejoin(m, conferenceId, `Six ${i}`);
  await joinNow(m);
  others.push(m);
}
await new Promise((r) => setTimeout(r, 5000));
const health = await (
  await fetch(`${base}/healthz`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })
).json();
const pid = health.janusPid;
const ticks = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(f[11]) + Number(f[12]);
};
const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const t0 = ticks();
const w0 = Date.now();
await new Promise((r) => setTimeout(r, 10000));
const cpu = ((ticks() - t0) / 100 / ((Date.now() - w0) / 1000)) * 100;
console.log(
  `6-member meeting: Janus CPU ${cpu.toFixed(1)}% of one core, RSS ${(rssKb() / 1024).toFixed(1)} MB`,
);

await browser.close();
server.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });

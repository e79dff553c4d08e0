/* global document, requestAnimationFrame -- code inside page.evaluate runs in the browser */
// Benchmark (not a test): a second member joining a meeting, from the click on "Join now" to the
// first decoded frame of the first member's video — 10 runs, p50/p90 — and the Janus process's
// CPU and memory during a 6-member meeting. Needs a build (npm run build) and Debian's Chromium.
// The first member is always Chromium; the newcomers are Chromium, Firefox (Debian's firefox-esr
// over WebDriver BiDi with puppeteer-core, issue 28) or each in turn, 10 runs of each in one run.
// Usage: node scripts/bench/join.mjs [--browser=chromium|firefox|chromium,firefox]
// BENCH_PORT and SERVER_DIST (apps/server/<dist>) run it beside other servers and builds.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.BENCH_PORT ?? 4391);
const engines = (
  process.argv.find((a) => a.startsWith('--browser='))?.slice('--browser='.length) ?? 'chromium'
).split(',');
for (const engine of engines)
  if (engine !== 'chromium' && engine !== 'firefox') throw new Error(`unknown browser ${engine}`);
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'meet-bench-join-'));

const log = (...args) => process.env.BENCH_DEBUG && console.error('[bench]', ...args);
const ADMIN_TOKEN = 'bench-operator-token-0123456789abcdef';
const serverDist = process.env.SERVER_DIST ?? 'dist';
const server = spawn(process.execPath, [path.join(root, `apps/server/${serverDist}/server.js`)], {
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

/**
 * Firefox newcomers (issue 28): one Firefox, a private context for each, with the fake camera
 * and microphone allowed without a prompt. Started only when asked for.
 */
let firefox;
async function firefoxNewcomer(name) {
  if (!firefox) {
    const { default: puppeteer } = await import('puppeteer-core');
    firefox = await puppeteer.launch({
      browser: 'firefox',
      executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
      headless: true,
      defaultViewport: { width: 1280, height: 720 },
      extraPrefsFirefox: {
        'media.navigator.streams.fake': true,
        'media.navigator.permission.disabled': true,
        'media.autoplay.default': 0,
      },
    });
  }
  const visitor = await post(setup, 'user/visitorLogin', {
    uuid: `bench-${name}-${Math.random().toString(36).slice(2, 14)}`,
    visitors: true,
  });
  const context = await firefox.createBrowserContext();
  const page = await context.newPage();
  await page.evaluateOnNewDocument((t) => {
    localStorage.setItem('token', t);
    localStorage.setItem('loginType', 'visitor');
  }, visitor.payload.token);
  if (process.env.BENCH_DEBUG) await page.evaluateOnNewDocument(traceJoin);
  log('to prejoin', name);
  await page.goto(`${base}/join`);
  await page.locator('input[name="conferenceId"]').fill(conferenceId);
  await page.locator('input[name="userConferenceName"]').fill(name);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="join-now"]', { timeout: 20000 });
  return {
    page,
    userId: String(visitor.payload.userInfo.userId),
    async leave() {
      await page.click('[data-testid="leave"]').catch(() => undefined);
      await context.close();
    },
  };
}

async function chromiumNewcomer(name) {
  const m = await member(name);
  await toPrejoin(m, conferenceId, name);
  return {
    page: m.page,
    userId: m.userId,
    async leave() {
      await m.page
        .getByTestId('leave')
        .click()
        .catch(() => undefined);
      await m.context.close();
    },
  };
}

/**
 * In a page: waits until member `id`'s video first shows a frame — decoded (Chromium counts
 * them) or presented (requestVideoFrameCallback: Firefox counts no decoded frames of a
 * MediaStream) — after clicking "Join now" when `click`; answers the wall clock then and the
 * time it took (-1 past 20 s).
 */
async function untilFirstFrame({ id, click }) {
  const selector = `[data-member-id="${id}"][data-source="camera"] video`;
  let presented = false;
  let watched;
  const started = performance.now();
  if (click) {
    console.info('[t]', Math.round(started), 'click');
    document.querySelector('[data-testid="join-now"]').click();
  }
  for (;;) {
    const video = document.querySelector(selector);
    if (video && video !== watched && video.requestVideoFrameCallback) {
      watched = video;
      video.requestVideoFrameCallback(() => (presented = true));
    }
    if (
      video &&
      video.videoWidth > 0 &&
      (presented || video.getVideoPlaybackQuality().totalVideoFrames > 0)
    ) {
      if (click) console.info('[t]', Math.round(performance.now()), 'first frame');
      return { at: Date.now(), ms: performance.now() - started };
    }
    await new Promise((r) => requestAnimationFrame(r));
    if (click && performance.now() - started > 20000) return { at: -1, ms: -1 };
  }
}

/** p50 and p90 of the runs that finished (a run that timed out is -1). */
function percentiles(values) {
  const sorted = values.filter((t) => t >= 0).sort((a, b) => a - b);
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { p50: Math.round(pct(50)), p90: Math.round(pct(90)), n: sorted.length };
}

const RUNS = 10;
const results = [];
for (const engine of engines) {
  const times = [];
  const seenTimes = [];
  for (let run = 0; run < RUNS; run++) {
    const second =
      engine === 'firefox'
        ? await firefoxNewcomer(`Fox ${run}`)
        : await chromiumNewcomer(`Member ${run}`);
    if (process.env.BENCH_DEBUG)
      second.page.on('console', (m) => m.text().startsWith('[t]') && console.error(m.text()));
    // The other side: when the host's page first shows a frame of the newcomer (same clock).
    const seenByHost = first.page
      .evaluate(untilFirstFrame, { id: second.userId, click: false })
      .then((r) => r.at);
    const clickedAt = await second.page.evaluate(() => Date.now());
    const { ms } = await second.page.evaluate(untilFirstFrame, { id: hostId, click: true });
    times.push(ms);
    const seen = await Promise.race([
      seenByHost,
      new Promise((r) => setTimeout(() => r(-1), 5000)),
    ]);
    seenTimes.push(seen < 0 ? -1 : seen - clickedAt);
    await second.leave();
    await new Promise((r) => setTimeout(r, 300));
  }
  results.push({ engine, times, join: percentiles(times), seen: percentiles(seenTimes) });
}
for (const { engine, times, join, seen } of results) {
  console.log(`[${engine} newcomer]`);
  console.log(`join → first remote frame (ms): ${times.map((t) => Math.round(t)).join(', ')}`);
  console.log(`p50 ${join.p50} ms, p90 ${join.p90} ms (${join.n}/${RUNS} runs)`);
  // The trade-off of receiving first: how soon the others see the newcomer (click → the host's
  // first frame of them; includes the newcomer's publishing, which waits for receiving).
  console.log(
    `the host sees the newcomer (ms): p50 ${seen.p50}, p90 ${seen.p90} (${seen.n}/${RUNS} runs)`,
  );
}
await firefox?.close();

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

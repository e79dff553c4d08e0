/* global document */
// Benchmark (not a test) of issue 29's figures, on a build (npm run build) with Debian's Chromium
// and coturn. Run with tsx (it drives the browser through the e2e support code):
//   npx tsx scripts/bench/bad-network.ts [--outages=5,30,90] [--runs=5] [--cap-seconds=60]
//                                        [--skip=outages|cap] [--series=1]
// 1. Outages: a member's network goes (Playwright's context.setOffline, as the acceptance checks
//    make one) for each length, `runs` times; measured is the time from the network's return to
//    video flowing both ways again (each side's tile decoding new frames) — p50 and max per length.
// 2. A 300 kbit/s cap on one receiver's downlink (support/udp-shaper.ts: the receiver reaches
//    Janus only through coturn behind a token-bucket relay): its received frame rate and
//    resolution each second, the share of 1 s intervals its video froze in (no new frame), and
//    the longest gap between two frames after the first 5 s — goal: none over 1 s.
// BENCH_PORT runs it beside other servers.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, request as apiRequest, type Page } from 'playwright-core';
import { createMeeting, participant, registeredUser } from '../../e2e/support/room';
import { startTurnServer, turnSettings, turnUrl } from '../../e2e/support/turn';
import { receivedVideo, startUdpShaper, throughShaper } from '../../e2e/support/udp-shaper';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const outages = arg('outages', '5,30,90').split(',').map(Number);
const runs = Number(arg('runs', '5'));
const capSeconds = Number(arg('cap-seconds', '60'));
const skip = arg('skip', '');
const series = arg('series', '') === '1';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.BENCH_PORT ?? 4392);
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'meet-bench-net-'));
const turn = turnSettings(port);
const coturn = await startTurnServer(turn);

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    MAIL_OUTBOX_HTTP: '1',
    EMAIL_CODE_IP_DAILY_LIMIT: '1000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    TURN_URLS: turnUrl(turn),
    TURN_SECRET: turn.secret,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const cleanUp = () => {
  server.kill('SIGKILL');
  void coturn.stop();
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));
await new Promise<void>((resolve, reject) => {
  server.stdout!.on('data', (d) => String(d).includes('Ready on') && resolve());
  server.once('exit', () => reject(new Error('server exited')));
});

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ],
});
const api = await apiRequest.newContext({ baseURL: base });

const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

/** Host and guest in a new meeting, each seeing the other's video. */
async function meeting(topic: string, guestThrough?: number) {
  const account = await registeredUser(api, 'Hana');
  const conferenceId = await createMeeting(api, account.token, topic);
  const host = await participant(browser, account.token, base);
  const guest = await participant(browser, undefined, base);
  if (guestThrough !== undefined) await throughShaper(guest.context, turn, guestThrough);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  await guest.room.joinThroughUi(conferenceId, 'Bo');
  const hostId = String(account.userId);
  const guestId = await guest.room.userId();
  await host.room.expectVideoPlaying(guestId, 'camera', 30_000);
  await guest.room.expectVideoPlaying(hostId, 'camera', 30_000);
  return { host, guest, hostId, guestId };
}

if (!skip.includes('outages')) {
  console.log(`Outages (${runs} runs each): network's return → video both ways`);
  for (const seconds of outages) {
    const times: number[] = [];
    const m = await meeting(`Outage ${seconds} s`);
    for (let run = 0; run < runs; run++) {
      await m.guest.context.setOffline(true);
      await m.guest.room.page.waitForTimeout(seconds * 1000);
      await m.guest.context.setOffline(false);
      const back = Date.now();
      await Promise.all([
        m.guest.room.expectVideoPlaying(m.hostId, 'camera', 120_000),
        m.host.room.expectVideoPlaying(m.guestId, 'camera', 120_000),
      ]);
      times.push(Date.now() - back);
      // Settled before the next outage.
      await m.guest.room.page.waitForTimeout(3000);
    }
    console.log(
      `  ${String(seconds).padStart(3)} s outage: p50 ${p(times, 0.5)} ms, max ${Math.max(...times)} ms  [${times.join(', ')}]`,
    );
    for (const x of [m.host, m.guest]) await x.context.close();
  }
}

/** Records, in the page, when each new frame of the member's tile video was presented. */
function watchFrames(page: Page, memberId: string) {
  return page.evaluate((sel) => {
    const w = window as unknown as { __frameAt: number[] };
    w.__frameAt = [];
    let last = -1;
    setInterval(() => {
      const video = document.querySelector<HTMLVideoElement>(sel);
      const n = video?.getVideoPlaybackQuality().totalVideoFrames ?? -1;
      if (n !== last) {
        last = n;
        w.__frameAt.push(performance.now());
      }
    }, 20);
  }, `[data-member-id="${memberId}"][data-source="camera"] video`);
}

if (!skip.includes('cap')) {
  const shaper = await startUdpShaper(turn.ip, turn);
  const m = await meeting('Narrow link', shaper.port);
  const page = m.guest.room.page;
  await page.waitForTimeout(3000);
  const open = await receivedVideo(page);
  await watchFrames(page, m.hostId);
  shaper.setDownlinkKbps(300);
  const start = await page.evaluate(() => performance.now());
  const seconds: { fps: number; width: number; height: number }[] = [];
  let prev = await receivedVideo(page);
  for (let s = 0; s < capSeconds; s++) {
    await page.waitForTimeout(1000);
    const now = await receivedVideo(page);
    seconds.push({ fps: now.frames - prev.frames, width: now.width, height: now.height });
    prev = now;
  }
  const frameAt = await page.evaluate(
    () => (window as unknown as { __frameAt: number[] }).__frameAt,
  );
  shaper.setDownlinkKbps(null);
  const after5 = frameAt.filter((t) => t >= start + 5000);
  let longest = 0;
  for (let i = 1; i < after5.length; i++) longest = Math.max(longest, after5[i]! - after5[i - 1]!);
  const late = seconds.slice(5);
  const frozen = late.filter((s) => s.fps === 0).length;
  const sizes = new Map<string, number>();
  for (const s of late)
    sizes.set(`${s.width}x${s.height}`, (sizes.get(`${s.width}x${s.height}`) ?? 0) + 1);
  console.log(
    `300 kbit/s cap on one receiver for ${capSeconds} s (open link: ${open.width}x${open.height})`,
  );
  console.log(
    `  frame rate per second: p50 ${p(
      late.map((s) => s.fps),
      0.5,
    )}, p10 ${p(
      late.map((s) => s.fps),
      0.1,
    )}`,
  );
  console.log(
    `  resolution after 5 s (seconds at each): ${[...sizes].map(([k, n]) => `${k} ${n}`).join(', ')}`,
  );
  console.log(
    `  frozen 1 s intervals after the first 5 s: ${frozen} of ${late.length} (${((frozen / late.length) * 100).toFixed(1)} %)`,
  );
  console.log(
    `  longest gap between frames after the first 5 s: ${Math.round(longest)} ms (goal ≤ 1000)`,
  );
  console.log(
    `  first 5 s: ${seconds
      .slice(0, 5)
      .map((s) => `${s.fps} fps ${s.width}px`)
      .join(' | ')}`,
  );
  console.log(`  relay: ${JSON.stringify(shaper.counts().down)}`);
  if (series) {
    console.log(`  each second: ${seconds.map((s, i) => `${i}:${s.fps}/${s.width}`).join(' ')}`);
    const gaps = after5
      .slice(1)
      .map((t, i) => [Math.round(t - start), Math.round(t - after5[i]!)] as const)
      .filter(([, gap]) => gap > 300);
    console.log(`  gaps over 300 ms (ms into the cap, length): ${JSON.stringify(gaps)}`);
  }
  for (const x of [m.host, m.guest]) await x.context.close();
  await shaper.close();
}

await browser.close();
await api.dispose();
process.exit(0);

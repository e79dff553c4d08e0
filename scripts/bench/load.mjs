// Load tool (not a test): how much one media node holds. For each meeting size N, N synthetic
// members join one meeting through the API and the /room socket, each publishes its camera
// (Opus audio + VP8 video, one layer: werift sends no simulcast) over real WebRTC with werift (no
// browser), and each subscribes like the web client: everyone's audio and the video of one grid
// page (GRID_PAGE_SIZE 9 tiles, one of them my own: 8 others). The media is encoded once by
// ffmpeg (testsrc2 640x360@30 VP8 ~500 kbit/s, keyframe every 1 s; a 440 Hz tone, Opus 32 kbit/s,
// 20 ms), replayed in a loop to RTP on localhost, and every packet is written into every member's
// sender. After a warm-up it samples every second: Janus's and the server's CPU (% of one core)
// and RSS, the tool's own CPU (it shares the machine), ffmpeg's, the whole machine's busy share,
// and counts per received stream: video fps (RTP marker bits), loss (sequence gaps), bytes, and
// whether arrival falls behind RTP time (lag growth: the tool not keeping up shows there).
// Receiving is header-only except for --decrypt members: SRTP leaves the RTP header in the clear,
// so the others count packets without decrypting them (see load/werift-tuning.mjs); Janus does
// the same work either way. Members run in --workers threads.
// Prints a table per N and writes scripts/bench/load-results.json.
//
// Usage: node scripts/bench/load.mjs [--members 5,10,15,25] [--seconds 30]   (after `npm run build`)
//   --warmup 8        seconds between "every subscription is up" and the measurement
//   --videos 8        video streams each member subscribes to at most
//   --audios all      audio streams each member subscribes to at most (the web: all; fewer is a
//                     lighter load when the tool cannot keep up)
//   --decrypt 1       members that receive through werift's full SRTP pipeline (the rest: headers)
//   --workers 2       worker threads hosting the members
//   --kbps 500 --fps 30 --size 640x360   the video sent (the clip is encoded once per setting)
//   --port 4400       the server's port (Janus RTP ports 42000-42999)
// CPU figures are noisy when anything else runs on the machine; the tool's own CPU is part of it.
// On a 2-core machine at 25 members Janus (~115% of a core) and the tool (~70%) fill both cores
// and the tool falls behind (the Details table: lag growth, UDP drops, queued KB); the loss and
// fps figures are then partly the tool's. --audios 8 (or fewer members) keeps it within reach.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { encodeClip, replay, VIDEO } from './load/media-source.mjs';
import {
  childProcesses,
  mean,
  median,
  MemberHost,
  operatorHealth,
  registeredUser,
  round,
  sleep,
  startServer,
  stopServer,
  visitor,
} from './load/harness.mjs';
import { printLoadTables } from './load/load-report.mjs';
import { post } from './load/member.mjs';
import { childPid, startSampler, udpDrops, udpQueued } from './load/proc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '5,10,15,25' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '8' },
    decrypt: { type: 'string', default: '1' },
    workers: { type: 'string', default: '2' },
    videos: { type: 'string', default: '8' },
    audios: { type: 'string', default: 'all' },
    kbps: { type: 'string', default: String(VIDEO.kbps) },
    fps: { type: 'string', default: String(VIDEO.fps) },
    size: { type: 'string', default: VIDEO.size },
    port: { type: 'string', default: '4400' },
  },
});
const sizes = args.members.split(',').map(Number);
const seconds = Number(args.seconds);
const warmup = Number(args.warmup);
const maxVideos = Number(args.videos);
const maxAudios = args.audios === 'all' ? Infinity : Number(args.audios);
const decryptCount = Number(args.decrypt);
const workerCount = Math.max(1, Number(args.workers));
const video = { ...VIDEO, kbps: Number(args.kbps), fps: Number(args.fps), size: args.size };
video.gop = video.fps; // a keyframe every second
const port = Number(args.port);
const base = `http://localhost:${port}`;
const log = (...a) => console.error(`[load ${new Date().toISOString().slice(11, 19)}]`, ...a);

const children = childProcesses(log);

const dataDir = mkdtempSync(path.join(tmpdir(), 'meet-bench-load-'));
const serverErrors = [];
const host = () => registeredUser(base, 'bench-load');

const hosts = Array.from({ length: workerCount }, () => new MemberHost(log));
// Whether a meeting is on: the source writes into the members' senders only then.
let live = false;
// What ffmpeg sent the tool, to compare received fps with.
const sourceCount = { frames: 0, videoPackets: 0, audioPackets: 0 };

async function oneMeeting(n, pids) {
  const owner = await host();
  const conferenceId = (
    await post(base, 'conference/createConference', { topic: 'Load' }, owner.token)
  ).payload.conferenceId;
  const accounts = [owner];
  for (let i = 1; i < n; i++) accounts.push(await visitor(base, `n${n}m${i}`));
  const specs = accounts.map((a, i) => ({
    base,
    token: a.token,
    conferenceId,
    name: `Load ${i}`,
    maxVideos,
    maxAudios,
    decrypt: i >= 1 && i <= decryptCount,
  }));
  // Round robin over the workers; the host (member 0) joins first, it opens the meeting.
  const hostOf = (i) => hosts[i % hosts.length];
  await Promise.all(
    hosts.map((h, w) =>
      h.call(
        'create',
        specs.filter((_, i) => i % hosts.length === w),
      ),
    ),
  );
  live = true;
  const t0 = performance.now();
  const joinErrors = [...(await hostOf(0).call('join', [specs[0].name]))];
  const rest = specs.slice(1).map((s) => s.name);
  for (const errors of await Promise.all(hosts.map((h) => h.call('join', rest))))
    joinErrors.push(...errors);
  log(
    `N=${n}: ${n} joined and published in ${Math.round(performance.now() - t0)} ms`,
    joinErrors.length ? `errors: ${joinErrors.slice(0, 3).join(' | ')}` : '',
  );
  const status = async () => (await Promise.all(hosts.map((h) => h.call('status')))).flat();

  // Every member has every stream it wants, active, and media arrives on all of them.
  const expectedPer = Math.min(maxAudios, n - 1) + Math.min(maxVideos, n - 1);
  const complete = (m) =>
    m.active.audio + m.active.video === expectedPer && m.receiving >= expectedPer;
  const deadline = performance.now() + 20_000 + n * 1000;
  let list = await status();
  while (!list.every(complete) && performance.now() < deadline) {
    await sleep(500);
    list = await status();
  }
  const readyMs = Math.round(performance.now() - t0);
  const notReady = list.filter((m) => !complete(m));
  if (notReady.length)
    log(
      `N=${n}: ${notReady.length} members not fully subscribed after ${readyMs} ms:`,
      notReady
        .slice(0, 3)
        .map(
          (m) =>
            `${m.name} pub=${m.publisherState} sub=${m.subscriberState} streams=${JSON.stringify(m.active)} receiving=${m.receiving} peers known ${m.peersKnown}, without a camera feed: ${m.missingFeeds.join('; ') || 'none'} errors=${m.errors.slice(0, 2).join('; ')}`,
        )
        .join(' | '),
    );
  else log(`N=${n}: all subscriptions up and receiving after ${readyMs} ms`);
  await sleep(warmup * 1000);

  const negotiations0 = list.reduce((sum, m) => sum + m.negotiations, 0);
  const unsubscribes0 = list.reduce((sum, m) => sum + m.unsubscribes, 0);
  // Forwarded streams: what the members' subscriptions hold, checked every few seconds.
  let forwarded = list.reduce((sum, m) => sum + m.active.audio + m.active.video, 0);
  const watch = setInterval(async () => {
    const now = await status();
    forwarded = now.reduce((sum, m) => sum + m.active.audio + m.active.video, 0);
  }, 3000);
  const snapshot = async () => (await Promise.all(hosts.map((h) => h.call('snapshot')))).flat();
  const before = new Map((await snapshot()).map((m) => [m.name, new Map(m.counters)]));
  const dropPids = { janus: pids.janus, tool: process.pid };
  const drops0 = udpDrops(dropPids);
  const source0 = { ...sourceCount };
  hosts.forEach((h) => h.loopBusy());
  const sampler = startSampler(pids, () => {
    const tool = udpQueued(process.pid);
    const janus = udpQueued(pids.janus);
    return {
      forwarded,
      toolLoop: Math.max(...hosts.map((h) => h.loopBusy())),
      toolQueueMaxKb: tool.max / 1024,
      janusQueueMaxKb: janus.max / 1024,
    };
  });
  const w0 = performance.now();
  await sleep(seconds * 1000);
  const samples = sampler.stop();
  clearInterval(watch);
  const elapsed = (performance.now() - w0) / 1000;
  const after = await snapshot();
  const drops1 = udpDrops(dropPids);
  const sourceFps = (sourceCount.frames - source0.frames) / elapsed;
  list = await status();
  const negotiations = list.reduce((sum, m) => sum + m.negotiations, 0) - negotiations0;
  const unsubscribes = list.reduce((sum, m) => sum + m.unsubscribes, 0) - unsubscribes0;
  for (const m of list.filter((m) => m.subscriberState !== 'connected').slice(0, 3))
    log(`N=${n}: ${m.name}'s subscriber connection: ${m.subscriberStates.join(' ')}`);
  for (const m of list.filter((m) => m.active.audio + m.active.video !== expectedPer))
    log(
      `N=${n}: ${m.name} has ${m.active.audio} audio + ${m.active.video} video streams ` +
        `(wants ${m.wanted}, subscribed ${m.subscribed}, Janus lists ${m.listed})`,
    );

  // Per received stream over the window.
  const fps = [];
  let deadVideo = 0;
  let expected = 0;
  let received = 0;
  const kbpsIn = [];
  const fpsDecrypted = [];
  const lags = [];
  for (const m of after) {
    let bytes = 0;
    let videos = 0;
    for (const [ssrc, end] of m.counters) {
      const start = before.get(m.name)?.get(ssrc) ?? {
        packets: 0,
        bytes: 0,
        frames: 0,
        expected: 0,
      };
      const got = end.packets - start.packets;
      // A stream unsubscribed before the window (the grid page changed) is not counted.
      if (got === 0) continue;
      bytes += end.bytes - start.bytes;
      const exp = end.expected - start.expected;
      received += got;
      expected += Math.max(exp, got);
      if (start.lastAt) {
        // Arrival time minus RTP time between the two snapshots: > 0 when the tool fell behind.
        const rtpMs = (((end.lastTs - start.lastTs) >>> 0) / end.clock) * 1000;
        lags.push(end.lastAt - start.lastAt - rtpMs);
      }
      if (end.kind === 'video') {
        videos++;
        const f = (end.frames - start.frames) / elapsed;
        fps.push(f);
        if (m.decrypt) fpsDecrypted.push(f);
      }
    }
    // Subscribed videos that sent nothing in the window count as 0 fps.
    const missing = Math.max(0, m.activeVideo - videos);
    if (missing)
      log(
        `N=${n}: ${m.name} got nothing in the window on ${missing} of its ${m.activeVideo} videos`,
        process.env.BENCH_DEBUG ? JSON.stringify(m.counters) : '',
      );
    deadVideo += missing;
    for (let k = 0; k < missing; k++) fps.push(0);
    kbpsIn.push((bytes * 8) / 1000 / elapsed);
  }
  const col = (k) => samples.map((s) => s[k]).filter((v) => v !== null && v !== undefined);
  const result = {
    members: n,
    videosPerMember: Math.min(maxVideos, n - 1),
    audiosPerMember: Math.min(maxAudios, n - 1),
    forwardedStreams: median(col('forwarded')),
    expectedStreams: n * expectedPer,
    readyMs,
    notReady: notReady.length,
    // Subscriber renegotiations and streams unsubscribed during the warm-up and window.
    renegotiations: negotiations,
    // Connections not 'connected' at the end (werift does no ICE restart here).
    publishersDown: list.filter((m) => m.publisherState !== 'connected').length,
    subscribersDown: list.filter((m) => m.subscriberState !== 'connected').length,
    unsubscribed: unsubscribes,
    seconds: round(elapsed),
    janusCpu: round(mean(col('janusCpu'))),
    janusCpuMax: round(Math.max(...col('janusCpu'))),
    janusRssMb: round(median(col('janusRssMb'))),
    janusRssMaxMb: round(Math.max(...col('janusRssMb'))),
    serverCpu: round(mean(col('serverCpu'))),
    serverRssMb: round(median(col('serverRssMb'))),
    serverRssMaxMb: round(Math.max(...col('serverRssMb'))),
    toolCpu: round(mean(col('toolCpu'))),
    toolLoopPct: round(mean(col('toolLoop'))),
    toolRssMb: round(median(col('toolRssMb'))),
    // The fullest UDP receive queue of the tool's (Janus's) sockets, median and max over the
    // samples: a member's socket holding 500 KB is ~0.3 s of backlog at 25 members.
    toolQueueKb: round(median(col('toolQueueMaxKb')), 0),
    toolQueueMaxKb: round(Math.max(...col('toolQueueMaxKb')), 0),
    janusQueueMaxKb: round(Math.max(...col('janusQueueMaxKb')), 0),
    ffmpegCpu: round(mean(col('ffmpegCpu'))),
    machineBusy: round(mean(col('machineBusy'))),
    videoStreams: fps.length,
    sourceFps: round(sourceFps),
    medianFps: round(median(fps)),
    decryptedMembers: after.filter((m) => m.decrypt).length,
    decryptedMedianFps: round(median(fpsDecrypted)),
    lagGrowthMedianMs: round(median(lags), 0),
    lagGrowthMaxMs: round(lags.length ? Math.max(...lags) : null, 0),
    p10Fps: round([...fps].sort((a, b) => a - b)[Math.floor(fps.length * 0.1)] ?? null),
    deadVideoStreams: deadVideo,
    udpDropsJanus: drops1.janus - drops0.janus,
    udpDropsTool: drops1.tool - drops0.tool,
    lossPct: round(expected ? ((expected - received) / expected) * 100 : null, 2),
    medianKbpsInPerMember: round(median(kbpsIn), 0),
    memberErrors: [
      ...joinErrors,
      ...list.flatMap((m) => m.errors.map((e) => `${m.name}: ${e}`)),
    ].slice(0, 10),
    samples,
  };
  live = false;
  await Promise.allSettled(hosts.map((h) => h.call('close')));
  return result;
}

const server = await startServer({
  root,
  port,
  dataDir,
  rtpPorts: '42000-42999',
  errors: serverErrors,
  children,
});
const health = await operatorHealth(base);
const janusPid = health.janusPid ?? childPid(server.pid, 'janus');
if (!janusPid) throw new Error(`no Janus process (healthz: ${JSON.stringify(health)})`);
log(`server ${server.pid}, janus ${janusPid}, data ${dataDir}`);

const clipDir = path.join(tmpdir(), 'meet-bench-load-clip');
mkdirSync(clipDir, { recursive: true });
const clip = await encodeClip(clipDir, 20, video);
log(`clip ${clip}`);
const source = await replay(
  clip,
  (buf) => {
    if (!live) return;
    sourceCount.videoPackets++;
    if (buf[1] & 0x80) sourceCount.frames++; // the marker bit: a frame's last packet
    for (const h of hosts) h.media('video', buf);
  },
  (buf) => {
    if (!live) return;
    sourceCount.audioPackets++;
    for (const h of hosts) h.media('audio', buf);
  },
);
children.add(source.child);

const results = [];
try {
  for (const n of sizes) {
    const pids = { janus: janusPid, server: server.pid, ffmpeg: source.child.pid };
    const r = await oneMeeting(n, pids);
    results.push(r);
    log(
      `N=${n}: done; ${r.renegotiations} subscriber renegotiations and ${r.unsubscribed} streams unsubscribed after everything was up`,
    );
    if (r.memberErrors.length) log(`N=${n}: errors: ${r.memberErrors.join(' | ')}`);
    await sleep(3000); // Janus tears the meeting down
  }
} finally {
  await source.close();
  await stopServer(server);
  await Promise.all(hosts.map((h) => h.worker.terminate()));
}

printLoadTables(results, { video, maxAudios, maxVideos, seconds, warmup });

const out = path.join(root, 'scripts/bench/load-results.json');
writeFileSync(
  out,
  `${JSON.stringify(
    {
      at: new Date().toISOString(),
      video,
      audio: { codec: 'opus', kbps: 32, frameMs: 20 },
      maxVideos,
      maxAudios: maxAudios === Infinity ? 'all' : maxAudios,
      seconds,
      warmup,
      results,
      serverLog: serverErrors.slice(0, 50),
    },
    null,
    2,
  )}\n`,
);
console.log(`written ${path.relative(root, out)}`);
if (serverErrors.length) {
  console.log(`server log (warnings and errors, ${serverErrors.length} lines), first ones:`);
  for (const l of serverErrors.slice(0, 8)) console.log(`  ${l}`);
}
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);

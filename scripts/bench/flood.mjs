// Flood benchmark (not a test): what one member who floods the server does to everyone else, on
// the built server with Janus. A meeting holds a host (a plain socket, counting the notifications
// it gets) and two media members, the victims (the load tool's werift members: audio + VP8 video
// published, each subscribed to the other, media encoded once by ffmpeg). For each /room request
// type in turn, a fresh visitor account (a visitor and the meeting number are enough) joins
// through the API and the /room socket, sends `join` (unless join is what it floods), then sends
// --count copies of a valid request of that type at once without waiting. One more row floods
// the /message socket (pings and join_waiting_room envelopes interleaved).
//
// While a flood runs (until every answer is in, the server cuts the flooder off, or 15 s; then
// --tail more), an unrelated client asks GET /api/getTimestamp every 50 ms (in a worker thread,
// every latency recorded), and the victims' received audio is watched for its longest gap
// between packets (with how long their own thread was blocked meanwhile). Per row: those
// latencies (p50/p99/max), the longest audio gap, the flooder's requests answered without a
// rateLimited refusal (and how many of those succeeded), refused with rateLimited, whether the
// server cut the flooder off (a `fatal` then the hang-up), how many newPeer notifications the host
// got for the flooder, the server's and Janus's CPU over the window, and afterwards whether Janus
// stayed up (no restart) and the victims' connections are up and their audio moving again.
// Prints a table and writes scripts/bench/flood-results.json (git-ignored).
//
// Usage: node scripts/bench/flood.mjs   (after `npm run build -w apps/server`)
//   --types idle,join,subscribe,message   the rows to run: /room request types, `message` for the
//                     /message row, `idle` for no flood at all over 0.3 s (+ the tail), what the
//                     figures are without a flooder (default: idle, every /room type, message)
//   --count 1000      copies sent per flood (default 1000; 2000 for chatHistory; the /message
//                     row sends this many pings and as many join_waiting_room)
//   --window 15       seconds a flood is watched at most
//   --tail 1          seconds the probe and the audio watch go on after the flood is over (what
//                     the server admitted may still be at work; a flood cut off in 0.2 s would
//                     otherwise leave the probe a handful of samples)
//   --server <path>   another build's server.js (e.g. an older build, for comparison)
//   --postgres        run on a fresh PostgreSQL database (on BENCH_POSTGRES_URL, default
//                     postgres://127.0.0.1:5432/test) instead of the embedded PGlite
//   --port 4460       the server's port (Janus RTP ports 46000-46999)
//   --out <file>      where to write the results (default scripts/bench/flood-results.json)
// The flooder, the latency probe and the victims each run in their own thread (the flooder's
// thousands of answers delay none of the others' clocks). Timings are the whole machine's: on a
// shared 2-core machine other work shows in them (the results record the load average before and
// after; the idle row shows the noise).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { freshPostgres } from './lib/fresh-postgres.mjs';
import { percentile, printLog, printTable, summarizeLog } from './lib/flood-report.mjs';
import { requestOf, ROOM_TYPES } from './lib/room-requests.mjs';
import {
  childProcesses,
  mean,
  MemberHost,
  operatorHealth,
  registeredUser,
  round,
  sleep,
  startServer,
  stopServer,
  visitor,
} from './load/harness.mjs';
import { encodeClip, replay, VIDEO } from './load/media-source.mjs';
import { hostSocket } from './load/host-socket.mjs';
import { post } from './load/member.mjs';
import { childPid, cpuSeconds } from './load/proc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const { values: args } = parseArgs({
  options: {
    types: { type: 'string', default: ['idle', ...ROOM_TYPES, 'message'].join(',') },
    count: { type: 'string' },
    window: { type: 'string', default: '15' },
    tail: { type: 'string', default: '1' },
    server: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    port: { type: 'string', default: '4460' },
    out: { type: 'string', default: path.join(root, 'scripts/bench/flood-results.json') },
  },
});
const types = args.types.split(',').filter(Boolean);
const unknown = types.filter((t) => t !== 'idle' && t !== 'message' && !ROOM_TYPES.includes(t));
if (unknown.length) throw new Error(`unknown types: ${unknown.join(', ')}`);
const countOf = (type) =>
  args.count ? Number(args.count) : type === 'chatHistory' || type === 'message' ? 2000 : 1000;
const windowMs = Number(args.window) * 1000;
const tailMs = Number(args.tail) * 1000;
const serverJs = path.resolve(args.server ?? path.join(root, 'apps/server/dist/server.js'));
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const log = (...a) => console.error(`[flood ${new Date().toISOString().slice(11, 19)}]`, ...a);

/** Starts a worker thread of ./load/ (its errors logged). */
function startWorker(file, workerData) {
  const worker = new Worker(new URL(file, import.meta.url), { workerData });
  worker.on('error', (error) => log(`${file}: ${error.stack ?? error}`));
  return worker;
}
const nextMessage = (worker) => new Promise((resolve) => worker.once('message', resolve));

const health = async () => {
  try {
    return await operatorHealth(base);
  } catch (error) {
    return { error: String(error?.message ?? error) };
  }
};

const children = childProcesses(log);
const loadBefore = loadavg();
const database = args.postgres ? await freshPostgres(root, 'bench_flood') : undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'meet-bench-flood-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const serverErrors = [];
/** What a start that gave up said (kept apart from the floods' log). */
const startLog = [];
/**
 * The server, started again (same data folder) when it gave up at start-up: on a busy machine
 * the embedded database's first creation and migrations can outlast Fastify's 10 s plugin
 * timeout; the second start finds the database created.
 */
async function start(attempt = 1) {
  const logFrom = serverErrors.length;
  try {
    return await startServer({
      root,
      script: serverJs,
      port,
      dataDir,
      rtpPorts: '46000-46999',
      env: database ? { DATABASE_URL: database.url } : {},
      errors: serverErrors,
      children,
    });
  } catch (error) {
    const said = serverErrors.splice(logFrom);
    startLog.push(...said);
    log(`the server did not start (attempt ${attempt}): ${said.slice(0, 3).join(' | ')}`);
    if (attempt < 2 && said.some((l) => l.includes('did not start in time'))) return start(2);
    await database?.drop().catch(() => undefined);
    throw error;
  }
}
const server = await start();
const health0 = await health();
const janusPid = health0.janusPid ?? childPid(server.pid, 'janus');
if (!janusPid) throw new Error(`no Janus process (healthz: ${JSON.stringify(health0)})`);
log(`server ${serverJs} (pid ${server.pid}), janus ${janusPid}, data ${dataDir}`);

// The meeting: the host, then the two victims publishing and subscribed to each other.
const owner = await registeredUser(base, 'bench-flood');
const meeting = (await post(base, 'conference/createConference', { topic: 'Flood' }, owner.token))
  .payload;
const host = await hostSocket(base, owner, meeting.conferenceId);
const victims = new MemberHost(log);
const victimNames = ['Victim A', 'Victim B'];
const specs = [];
for (const name of victimNames) {
  const account = await visitor(base, name.replace(' ', ''));
  specs.push({
    base,
    token: account.token,
    conferenceId: meeting.conferenceId,
    name,
    maxVideos: 8,
    decrypt: false,
  });
}
await victims.call('create', specs);

let live = false;
const clipDir = path.join(tmpdir(), 'meet-bench-load-clip');
mkdirSync(clipDir, { recursive: true });
const source = await replay(
  await encodeClip(clipDir, 20, VIDEO),
  (buf) => live && victims.media('video', buf),
  (buf) => live && victims.media('audio', buf),
);
children.add(source.child);
live = true;
const joinErrors = await victims.call('join', victimNames);
if (joinErrors.length) throw new Error(`victims could not join: ${joinErrors.join(' | ')}`);
const complete = (m) => m.active.audio === 1 && m.active.video === 1 && m.receiving >= 2;
const readyBy = performance.now() + 30_000;
let status = await victims.call('status');
while (!status.every(complete) && performance.now() < readyBy) {
  await sleep(500);
  status = await victims.call('status');
}
if (!status.every(complete))
  throw new Error(`victims not receiving each other: ${JSON.stringify(status)}`);
await sleep(3000);
const feed = (await victims.call('feeds'))[0].feedId;
log(`victims up, receiving each other (victim A's camera feed ${feed})`);

const probe = startWorker('./load/probe.mjs', {
  url: `${base}/api/getTimestamp`,
  everyMs: 50,
});
await sleep(1000); // its connection up and warm

/** Once the flooder is gone: the server answers at once again and the victims hear each other. */
async function settle() {
  const started = performance.now();
  while (performance.now() - started < 30_000) {
    const t0 = performance.now();
    const ok = await fetch(`${base}/api/getTimestamp`).then(
      (r) => r.ok,
      () => false,
    );
    const fast = ok && performance.now() - t0 < 200;
    const gaps = await victims.call('gaps');
    if (fast && gaps.every((g) => g.sinceLastMs !== null && g.sinceLastMs < 500)) break;
    await sleep(250);
  }
  return performance.now() - started;
}

/** The flooder of one row, in its thread, connected (and joined): { flooder, userId } or { error }. */
async function startFlooder(type, isRoom) {
  const account = await visitor(base, `flood-${type}`);
  const userId = account.userInfo.userId;
  const deviceId = `flood-${type}`;
  if (isRoom) {
    const api = await post(
      base,
      'conference/joinConference',
      { conferenceId: meeting.conferenceId, deviceId, userConferenceName: 'Flooder' },
      account.token,
    );
    if (api.code !== 0) throw new Error(`flooder joinConference ${api.code} ${api.msg}`);
  }
  const flooder = startWorker('./load/flooder.mjs', {
    base,
    mode: isRoom ? 'room' : 'message',
    auth: isRoom
      ? { token: account.token, conferenceId: meeting.conferenceId, deviceId }
      : { userId, deviceId, token: account.token },
    joinFirst: type !== 'join',
    request: isRoom ? requestOf(type, feed) : undefined,
    count: countOf(type),
    windowMs,
    conferenceUri: meeting.conferenceUri,
  });
  const ready = await nextMessage(flooder);
  if (!ready.error) return { flooder, userId };
  await flooder.terminate();
  return { error: ready.error };
}

/** What no flood at all looks like over as long as a short flood's window, for comparison. */
const IDLE_MS = 300;
const idle = { sent: 0, ok: 0, refusedOther: 0, rateLimited: 0, errors: {}, cutOff: false };

async function floodRow(type) {
  const isRoom = type !== 'message';
  const { flooder, userId, error } =
    type === 'idle' ? { flooder: null } : await startFlooder(type, isRoom);
  if (error) return { type, error };
  const health1 = await health();
  const logFrom = serverErrors.length;
  const pids = { server: server.pid, janus: health1.janusPid ?? janusPid };
  await victims.call('markGaps');
  const cpu0 = { server: cpuSeconds(pids.server), janus: cpuSeconds(pids.janus) };
  const t0 = performance.now();
  probe.postMessage('start');
  let result = { ...idle, windowMs: IDLE_MS };
  if (flooder) {
    const done = nextMessage(flooder);
    flooder.postMessage('go');
    ({ result } = await done);
  } else await sleep(IDLE_MS);
  // What the server admitted may still be at work once the flood is over.
  await sleep(tailMs);
  probe.postMessage('stop');
  const [probed, gaps] = await Promise.all([nextMessage(probe), victims.call('gaps')]);
  const seconds = (performance.now() - t0) / 1000;
  const cpuPct = (k) => round(((cpuSeconds(pids[k]) - cpu0[k]) / seconds) * 100, 0);
  const cpu = { server: cpuPct('server'), janus: cpuPct('janus') };
  if (flooder) {
    flooder.postMessage('close');
    await nextMessage(flooder);
    await flooder.terminate();
  }

  const settleMs = await settle();
  const after = await victims.call('gaps');
  const health2 = await health();
  const sorted = [...probed.latencies].sort((a, b) => a - b);
  return {
    type,
    sent: result.sent,
    windowMs: round(result.windowMs, 0),
    tailMs,
    lastAnswerMs: round(result.lastAnswerMs ?? null, 0),
    probe: {
      requests: sorted.length,
      failed: probed.failed,
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? null),
      mean: round(mean(sorted)),
    },
    // The longest time each victim received no audio packet during the window.
    audioGapMs: gaps.map((g) => round(g.longestMs, 0)),
    // The longest the victims' thread was blocked meanwhile (their notifications, GC, the busy
    // machine): packets are timed when that thread reads them, so a gap up to this long may be
    // the tool's own.
    victimLoopMaxMs: round(gaps[0]?.loopMaxMs ?? null, 0),
    // /room: answered without a rateLimited refusal (ok: of those, succeeded); /message: replies.
    answered: isRoom ? result.ok + result.refusedOther : result.answered,
    ok: isRoom ? result.ok : undefined,
    refused: isRoom ? result.rateLimited : null,
    // Never answered: admitted but still at work when the server hung up, or never read.
    unanswered: isRoom ? result.sent - result.ok - result.refusedOther - result.rateLimited : null,
    otherRefusals: isRoom ? result.errors : undefined,
    replies: isRoom ? undefined : result.replies,
    cutOff: flooder ? result.cutOff : null,
    disconnectReason: result.disconnectReason,
    fatal: result.fatal,
    hostNewPeer: flooder && isRoom ? host.newPeersOf(userId) : null,
    // % of one core over the window and the tail.
    serverCpu: cpu.server,
    janusCpu: cpu.janus,
    settleMs: round(settleMs, 0),
    janus: {
      up: health2.janus === 'up',
      restarts: (health2.janusRestarts ?? 0) - (health1.janusRestarts ?? 0),
      samePid: health2.janusPid === health1.janusPid,
    },
    victimsAfter: after.map((g) => ({
      socket: g.socket,
      publisher: g.publisherState,
      subscriber: g.subscriberState,
      audioFlowing: g.sinceLastMs !== null && g.sinceLastMs < 1000,
      errors: g.errors,
    })),
    serverLog: summarizeLog(serverErrors.slice(logFrom)),
  };
}

const rows = [];
try {
  for (const type of types) {
    const what = { idle: 'nothing', message: `${countOf(type)} pings + join_waiting_room` };
    log(`${type}: flooding ${what[type] ?? countOf(type)}`);
    const row = await floodRow(type);
    rows.push(row);
    if (row.error) log(`${type}: ${row.error}`);
    else
      log(
        `${type}: answered ${row.answered}, refused ${row.refused ?? '-'}, cut off ${row.cutOff}, ` +
          `getTimestamp max ${row.probe.max} ms, audio gap ${row.audioGapMs.join('/')} ms, ` +
          `settled in ${row.settleMs} ms${row.serverLog.lines ? `, ${row.serverLog.lines} server log lines` : ''}`,
      );
    await sleep(1000);
  }
} finally {
  live = false;
  await victims.call('close').catch(() => undefined);
  host.socket.disconnect();
  await source.close();
  await stopServer(server);
  await Promise.all([victims.worker.terminate(), probe.terminate()]);
  await database?.drop().catch((error) => log(`dropping the database: ${error.message}`));
}

const loadAfter = loadavg();
console.log(
  `Flood: ${path.relative(root, serverJs) || serverJs}, ${database ? 'PostgreSQL' : 'PGlite'}; ` +
    `window ≤ ${windowMs / 1000} s; load average before ${loadBefore.map((v) => v.toFixed(2)).join(' ')}, ` +
    `after ${loadAfter.map((v) => v.toFixed(2)).join(' ')} (2 cores)`,
);
printTable(rows);
writeFileSync(
  args.out,
  `${JSON.stringify(
    {
      at: new Date().toISOString(),
      server: serverJs,
      database: database ? 'postgres' : 'pglite',
      windowMs,
      loadAverage: { before: loadBefore, after: loadAfter },
      rows,
      startLog: startLog.slice(0, 20),
      serverLog: serverErrors.slice(0, 100),
    },
    null,
    2,
  )}\n`,
);
console.log(`written ${path.relative(root, args.out) || args.out}`);
printLog(serverErrors);
process.exit(0);

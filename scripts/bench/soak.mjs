// Soak (not a test): one meeting of N synthetic members (default 10) held for M minutes (default
// 10) on the built server with its embedded defaults, everyone publishing camera and microphone
// and subscribing like the web client (the load tool's members: werift, media encoded once by
// ffmpeg), while the chat runs (a message every --chat-ms from the members in turn) and the host
// runs a poll every --poll-s seconds (created, launched, answered by every member, stopped).
// Every second it samples the server's, Janus's and the tool's RSS and CPU. It reports the RSS at
// the start (after the warm-up) and at the end of every process, its slope (least squares, MB
// per minute) over the second half, and whether anything was lost: every chat message reached
// every member and is in the meeting's history, every ballot counted, every member still
// connected, video still moving.
//
// Usage: node scripts/bench/soak.mjs [--members 10] [--minutes 10]   (after `npm run build`)
//   --chat-ms 2000   --poll-s 60   --warmup 30   --port 4420 (Janus RTP ports 43000-43999)
//   --database-url postgres://…   run the server on PostgreSQL instead of its embedded database
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  childProcesses,
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
import { post } from './load/member.mjs';
import { childPid, startSampler } from './load/proc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '10' },
    minutes: { type: 'string', default: '10' },
    'chat-ms': { type: 'string', default: '2000' },
    'poll-s': { type: 'string', default: '60' },
    warmup: { type: 'string', default: '30' },
    port: { type: 'string', default: '4420' },
    'database-url': { type: 'string', default: '' },
  },
});
const n = Number(args.members);
const minutes = Number(args.minutes);
const chatMs = Number(args['chat-ms']);
const pollSeconds = Number(args['poll-s']);
const warmup = Number(args.warmup);
const port = Number(args.port);
const base = `http://localhost:${port}`;
const log = (...a) => console.error(`[soak ${new Date().toISOString().slice(11, 19)}]`, ...a);

const children = childProcesses(log);

const dataDir = mkdtempSync(path.join(tmpdir(), 'meet-bench-soak-'));
const serverErrors = [];
const server = await startServer({
  root,
  port,
  dataDir,
  rtpPorts: '43000-43999',
  env: args['database-url'] ? { DATABASE_URL: args['database-url'] } : {},
  errors: serverErrors,
  children,
});
const health = await operatorHealth(base);
const janusPid = health.janusPid ?? childPid(server.pid, 'janus');
log(`server ${server.pid}, janus ${janusPid}, data ${dataDir}`);

const clipDir = path.join(tmpdir(), 'meet-bench-load-clip');
mkdirSync(clipDir, { recursive: true });
const clip = await encodeClip(clipDir, 20, VIDEO);
const hosts = [new MemberHost(log), new MemberHost(log)];
let frames = 0;
const source = await replay(
  clip,
  (buf) => {
    if (buf[1] & 0x80) frames++;
    for (const h of hosts) h.media('video', buf);
  },
  (buf) => {
    for (const h of hosts) h.media('audio', buf);
  },
);
children.add(source.child);

// The meeting: a registered host and N-1 visitors.
const owner = await registeredUser(base, 'bench-soak');
const created = await post(base, 'conference/createConference', { topic: 'Soak' }, owner.token);
const { conferenceId, conferenceUri } = created.payload;
const accounts = [owner];
for (let i = 1; i < n; i++) accounts.push(await visitor(base, `soak${i}`));
const names = accounts.map((_, i) => `Soak ${i}`);
const hostOf = (i) => hosts[i % hosts.length];
await Promise.all(
  hosts.map((h, w) =>
    h.call(
      'create',
      accounts
        .map((a, i) => ({
          base,
          token: a.token,
          conferenceId,
          name: names[i],
          maxVideos: 8,
          decrypt: false,
        }))
        .filter((_, i) => i % hosts.length === w),
    ),
  ),
);
const joinErrors = [...(await hostOf(0).call('join', [names[0]]))];
for (const errors of await Promise.all(hosts.map((h) => h.call('join', names.slice(1)))))
  joinErrors.push(...errors);
if (joinErrors.length) log(`join errors: ${joinErrors.join(' | ')}`);
log(`${n} members joined; warming up ${warmup} s`);
await sleep(warmup * 1000);

const pids = { janus: janusPid, server: server.pid, ffmpeg: source.child.pid };
const sampler = startSampler(pids, () => ({}));
const frames0 = frames;
const t0 = performance.now();
const endAt = t0 + minutes * 60_000;

// Chat: the members in turn.
let chatSent = 0;
const chatRefused = [];
const chatLoop = (async () => {
  for (let i = 0; performance.now() < endAt; i++) {
    const name = names[i % n];
    const ack = await hostOf(i % n).call('chat', name, `message ${i} from ${name}`);
    if (ack.ok) chatSent++;
    else chatRefused.push(`${name}: ${ack.key ?? ack.error}`);
    await sleep(chatMs);
  }
})();

// Polls: the host creates and launches one; every member answers; the host stops it and checks.
const polls = [];
const pollLoop = (async () => {
  for (let k = 0; performance.now() + 15_000 < endAt; k++) {
    const poll = {
      title: `Soak poll ${k}`,
      anonymous: 0,
      questions: [
        { title: 'Which?', type: 0, options: [{ optionDesc: 'A' }, { optionDesc: 'B' }] },
      ],
    };
    const voteId = (
      await post(
        base,
        'vote/create',
        { conferenceUri, voteList: JSON.stringify(poll) },
        owner.token,
      )
    ).payload.voteId;
    const launched = await post(base, 'vote/launch', { voteId }, owner.token);
    const question = launched.payload.questions[0];
    const replies = await Promise.all(
      accounts.map((a, i) =>
        post(
          base,
          'vote/participate',
          {
            conferenceUri,
            voteId,
            nickname: names[i],
            questions: JSON.stringify([
              {
                questionId: question.questionId,
                select: [question.options[i % 2].optionId],
              },
            ]),
          },
          a.token,
        ),
      ),
    );
    await post(base, 'vote/stop', { voteId }, owner.token);
    const result = (await post(base, 'vote/result', { voteId }, owner.token)).payload;
    const counted = result.questions[0].options.reduce((sum, o) => sum + (o.votesNumber ?? 0), 0);
    polls.push({ voteId, accepted: replies.filter((r) => r.code === 0).length, counted });
    await sleep(pollSeconds * 1000);
  }
})();

await Promise.all([chatLoop, pollLoop]);
const elapsed = (performance.now() - t0) / 1000;
const samples = sampler.stop();
await sleep(2000); // the last chat messages arrive
const healthNow = (await Promise.all(hosts.map((h) => h.call('health')))).flat();
const status = (await Promise.all(hosts.map((h) => h.call('status')))).flat();
const history = await hostOf(0).call('history', names[0]);

/** RSS at the start and end (the mean of the first and last 10 samples), and its slope. */
function memory(key) {
  const values = samples.map((s) => s[key]).filter((v) => typeof v === 'number');
  const at = (list) => list.reduce((a, b) => a + b, 0) / list.length;
  const half = values.slice(Math.floor(values.length / 2));
  const xs = half.map((_, i) => i / 60); // minutes
  const mx = at(xs);
  const my = at(half);
  const slope =
    xs.reduce((s, x, i) => s + (x - mx) * (half[i] - my), 0) /
    xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  return {
    startMb: round(at(values.slice(0, 10))),
    endMb: round(at(values.slice(-10))),
    maxMb: round(Math.max(...values)),
    slopeMbPerMin: round(slope, 2),
  };
}
const cpu = (key) =>
  round(samples.map((s) => s[key]).reduce((a, b) => a + (b ?? 0), 0) / samples.length);

const result = {
  at: new Date().toISOString(),
  members: n,
  minutes: round(elapsed / 60, 2),
  database: args['database-url'] ? 'postgres' : 'pglite',
  memory: {
    server: memory('serverRssMb'),
    janus: memory('janusRssMb'),
    tool: memory('toolRssMb'),
  },
  cpu: { server: cpu('serverCpu'), janus: cpu('janusCpu'), tool: cpu('toolCpu') },
  chat: {
    sent: chatSent,
    refused: chatRefused.slice(0, 5),
    inHistory: history,
    receivedByEveryMember: healthNow.every((m) => m.chatSeen >= chatSent),
    fewestReceived: Math.min(...healthNow.map((m) => m.chatSeen)),
  },
  polls: {
    run: polls.length,
    everyBallotAccepted: polls.every((p) => p.accepted === n),
    everyBallotCounted: polls.every((p) => p.counted === n),
  },
  people: {
    connected: healthNow.filter((m) => m.socket).length,
    mediaUp: healthNow.filter(
      (m) => m.publisherState === 'connected' && m.subscriberState === 'connected',
    ).length,
    receivingAllStreams: status.filter((m) => m.receiving >= Math.min(8, n - 1) + (n - 1)).length,
    errors: healthNow.flatMap((m) => m.errors.map((e) => `${m.name}: ${e}`)).slice(0, 10),
  },
  sourceFps: round((frames - frames0) / elapsed),
  serverLog: serverErrors.slice(0, 30),
};

await Promise.allSettled(hosts.map((h) => h.call('close')));
await source.close();
await stopServer(server);
await Promise.all(hosts.map((h) => h.worker.terminate()));
rmSync(dataDir, { recursive: true, force: true });

const { memory: mem } = result;
console.log(
  `Soak: ${n} members, ${result.minutes} min on ${result.database}; chat every ${chatMs} ms, a poll every ${pollSeconds} s`,
);
for (const [name, m] of Object.entries(mem))
  console.log(
    `  ${name.padEnd(6)} RSS start ${m.startMb} MB, end ${m.endMb} MB, max ${m.maxMb} MB; second half ${m.slopeMbPerMin} MB/min; CPU ${result.cpu[name]}% of a core`,
  );
console.log(
  `  chat: ${result.chat.sent} sent, ${result.chat.inHistory} in the history, every member received every one: ${result.chat.receivedByEveryMember} (fewest ${result.chat.fewestReceived})`,
);
console.log(
  `  polls: ${result.polls.run} run; every ballot accepted ${result.polls.everyBallotAccepted}, counted ${result.polls.everyBallotCounted}`,
);
console.log(
  `  members: ${result.people.connected}/${n} connected, ${result.people.mediaUp}/${n} with both connections up, ${result.people.receivingAllStreams}/${n} receiving every stream`,
);
if (result.people.errors.length) console.log(`  errors: ${result.people.errors.join(' | ')}`);
const out = path.join(root, 'scripts/bench/soak-results.json');
writeFileSync(out, `${JSON.stringify({ ...result, samples }, null, 2)}\n`);
console.log(`written ${path.relative(root, out)}`);
process.exit(0);

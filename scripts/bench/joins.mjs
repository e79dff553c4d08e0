// Benchmark (not a test): 25 members join one meeting at the same moment — each through the API
// (conference/joinConference) and then the /room socket (connect + `join`) — while the host,
// already inside, keeps the meeting busy (a chat message and a reaction every 100 ms). Reports
// each member's time from the start to the `join` answer (p50/p90/p99/max), who was refused, and
// checks nobody was counted twice (the room's member list and the meeting's count). Runs the built
// server (Janus on) on the embedded database and on PostgreSQL.
//
// Usage: node scripts/bench/joins.mjs [pglite] [postgres]   (after `npm run build`)
//   BENCH_MEMBERS=25   how many join at once
//   BENCH_ROUNDS=3     meetings, one after another (the figures pool all joins)
//   BENCH_POSTGRES_URL an existing database to create and drop the fresh one from
//                      (default postgres://127.0.0.1:5432/test)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
const importFromServer = async (name) => import(pathToFileURL(serverRequire.resolve(name)).href);
const { io } = await importFromServer('socket.io-client');

const members = Number(process.env.BENCH_MEMBERS ?? 25);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://127.0.0.1:5432/test';
const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['pglite', 'postgres'];
const port = 4394;
const base = `http://localhost:${port}`;

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));

function startServer(env) {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('Ready on')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

async function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function post(api, body, token) {
  const res = await fetch(`${base}/api/${api}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return res.json();
}

const visitor = async (name) =>
  (
    await post('user/visitorLogin', {
      uuid: `bench-${name}-${Math.random().toString(36).slice(2, 14)}`,
      visitors: true,
    })
  ).payload;

function socketOf(token, conferenceId, deviceId) {
  const socket = io(`${base}/room`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token, conferenceId, deviceId },
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const request = (socket, body) =>
  new Promise((resolve) =>
    socket
      .timeout(20_000)
      .emit('request', body, (err, ack) => resolve(err ? { ok: false, error: 'timeout' } : ack)),
  );

/** One member: API join, socket, `join`; resolves with ms from `t0` and the outcome. */
async function joinOne(account, conferenceId, name, t0) {
  const deviceId = `dev-${name}`;
  const api = await post(
    'conference/joinConference',
    { conferenceId, deviceId, userConferenceName: name },
    account.token,
  );
  if (api.code !== 0) return { ms: performance.now() - t0, refused: `api ${api.code} ${api.msg}` };
  const apiMs = performance.now() - t0;
  let socket;
  try {
    socket = await socketOf(account.token, conferenceId, deviceId);
  } catch (error) {
    return { ms: performance.now() - t0, refused: `socket ${error.message}` };
  }
  const connectMs = performance.now() - t0;
  const ack = await request(socket, {
    type: 'join',
    displayName: name,
    audioEnabled: false,
    videoEnabled: false,
  });
  const ms = performance.now() - t0;
  const phases = { apiMs, connectMs };
  return ack.ok ? { ms, socket, phases } : { ms, socket, phases, refused: `join ${ack.error}` };
}

async function oneMeeting(round) {
  const email = `bench-joins-${Date.now()}-${round}@example.com`;
  await post('user/generateEmailVerifyCode', { email, type: 'register' });
  const mails = await (await fetch(`${base}/dev/mail?to=${encodeURIComponent(email)}`)).json();
  const code = /\d{6}/.exec(mails[0].text)[0];
  const host = (await post('user/emailRegister', { email, code, password: 'bench123' })).payload;
  const conferenceId = (await post('conference/createConference', { topic: 'Joins' }, host.token))
    .payload.conferenceId;
  const hostJoin = await joinOne(host, conferenceId, 'Host', performance.now());
  if (hostJoin.refused) throw new Error(`the host could not join: ${hostJoin.refused}`);
  const accounts = [];
  for (let i = 0; i < members; i++) accounts.push(await visitor(`r${round}m${i}`));

  // The live meeting's own work while everyone joins: chat and reactions from the host.
  let busy = true;
  let sent = 0;
  const emojis = ['👍', '🎉', '👏'];
  const chatter = (async () => {
    while (busy) {
      await request(hostJoin.socket, { type: 'sendMessage', content: `busy ${sent++}` });
      await request(hostJoin.socket, { type: 'sendReaction', emoji: emojis[sent % 3] });
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  const t0 = performance.now();
  const results = await Promise.all(
    accounts.map((account, i) => joinOne(account, conferenceId, `Member ${i}`, t0)),
  );
  busy = false;
  await chatter;

  const info = (await post('conference/conferenceInfo', { conferenceId }, host.token)).payload;
  for (const r of results) r.socket?.disconnect();
  hostJoin.socket.disconnect();
  return { results, counted: info?.num ?? null, chat: sent };
}

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

for (const kind of kinds) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meet-bench-joins-'));
  const env = {
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    MAIL_OUTBOX_HTTP: '1',
    EMAIL_CODE_IP_DAILY_LIMIT: '1000',
    JANUS_RTP_PORTS: '45000-45999',
  };
  let pg;
  let dbName;
  if (kind === 'postgres') {
    const { default: postgres } = await importFromServer('postgres');
    pg = postgres(adminUrl, { max: 1, onnotice: () => undefined });
    dbName = `bench_joins_${process.pid}`;
    await pg.unsafe(`drop database if exists ${dbName}`);
    await pg.unsafe(`create database ${dbName}`);
    env.DATABASE_URL = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const server = await startServer(env);
  const all = [];
  const apiDone = [];
  const connected = [];
  const refused = [];
  const counted = [];
  let chat = 0;
  for (let round = 0; round < rounds; round++) {
    const { results, counted: n, chat: c } = await oneMeeting(round);
    chat += c;
    counted.push(n);
    for (const r of results) {
      all.push(r.ms);
      if (r.phases) {
        apiDone.push(r.phases.apiMs);
        connected.push(r.phases.connectMs);
      }
      if (r.refused) refused.push(r.refused);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  await stop(server);
  if (pg) {
    await pg.unsafe(`drop database if exists ${dbName} with (force)`);
    await pg.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
  const sorted = all.sort((a, b) => a - b);
  const f = (p) => `${Math.round(pct(sorted, p))} ms`;
  const median = (list) =>
    Math.round(
      pct(
        [...list].sort((a, b) => a - b),
        50,
      ),
    );
  console.log(
    `${kind}: medians from the start — API join answered ${median(apiDone)} ms, socket connected ${median(connected)} ms, room join answered ${median(sorted)} ms`,
  );
  console.log(
    `${kind}: ${members} joining at once × ${rounds} meetings — p50 ${f(50)}, p90 ${f(90)}, p99 ${f(99)}, max ${Math.round(sorted.at(-1))} ms; refused ${refused.length}${refused.length ? ` (${[...new Set(refused)].join('; ')})` : ''}; members counted per meeting ${counted.join(', ')} (expected ${members + 1}); ${chat} chat messages and reactions meanwhile`,
  );
}
process.exit(0);

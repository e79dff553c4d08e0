// Benchmark (not a test): an authenticated cheap call, POST /api/user/getUserInfo with a bearer
// token, against a bare Fastify "hello" handler measured in the same run on the same machine —
// req/s, p50/p99 latency and the ratio, on the embedded database (PGlite) and on PostgreSQL.
// The built server is spawned as `start` would run it (JANUS=off: no media server is needed);
// a user signs up through the API, reading the code from the dev mailbox (MAIL_OUTBOX_HTTP=1).
//
// The machine is shared, so the load from outside changes while this runs: the two are measured
// in turns (ROUNDS pairs, back to back, the order swapped each round) and the medians reported,
// with each round's ratio.
//
// Usage: node scripts/bench/api.mjs [pglite] [postgres]   (after `npm run build -w apps/server`)
//   BENCH_SECONDS=5       length of each measurement (after one 3 s warm-up of each)
//   BENCH_ROUNDS=3        measurements of each, in turns
//   BENCH_CONNECTIONS=10  concurrent connections of the load generator (autocannon)
//   SERVER_DIST=dist      which build of apps/server to run (e.g. dist-before for a baseline)
//   BENCH_POSTGRES_URL    an existing database to connect to for creating and dropping the
//                         fresh one (default postgres://127.0.0.1:5432/test)
//   BENCH_CPU_PROF=<dir>  run the server with `node --cpu-prof` and write its profile there
//
// Rate limits stay on. From this machine the per-address limit does not apply; the per-account
// limit (1,200 calls a minute by default) would refuse most of a benchmark's calls, so the server
// is started with ACCOUNT_RATE_LIMIT_PER_MINUTE=100000000 — a real client never gets that.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// fastify and postgres are the server's own dependencies.
const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
const importFromServer = async (name) => import(pathToFileURL(serverRequire.resolve(name)).href);

// The child process: a bare Fastify app with one handler (GET, no body), nothing registered.
if (process.argv[2] === '--hello') {
  const { default: Fastify } = await importFromServer('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
  console.log('Ready on');
  await new Promise(() => {});
}

const { default: autocannon } = await import('autocannon');

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const serverJs = path.join(root, 'apps/server', process.env.SERVER_DIST ?? 'dist', 'server.js');
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://127.0.0.1:5432/test';
const cpuProfDir = process.env.BENCH_CPU_PROF;
const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['pglite', 'postgres'];
const helloPort = 4392;
const serverPort = 4393;

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));

/** Spawns a node process and resolves once it prints "Ready on". */
function start(args, env = {}) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
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
    child.once('exit', (code) => reject(new Error(`${args.at(-1)} exited (${code})`)));
  });
}

async function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function run(options, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * CPU time a process has used, in ms (Linux: /proc; elsewhere null). Per request it says what a
 * call costs the server whatever else the machine is doing, which req/s alone cannot.
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime (fields 14 and 15), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function measure(options, pid) {
  const cpuBefore = cpuMs(pid);
  const result = await run(options, seconds);
  const cpuAfter = cpuMs(pid);
  return {
    cpuUsPerCall:
      cpuBefore === null || cpuAfter === null
        ? null
        : (1000 * (cpuAfter - cpuBefore)) / Math.max(1, result.requests.total),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const median = (list, by) => [...list].sort((a, b) => by(a) - by(b))[Math.floor(list.length / 2)];

/** Both warmed up, then measured in turns; the round with the median rate stands for each. */
async function compare(apiOptions, apiPid, bareOptions, barePid) {
  await run(apiOptions, 3);
  await run(bareOptions, 3);
  const pairs = [];
  for (let i = 0; i < rounds; i++) {
    const pair = {};
    for (const which of i % 2 ? ['bare', 'api'] : ['api', 'bare']) {
      pair[which] =
        which === 'api' ? await measure(apiOptions, apiPid) : await measure(bareOptions, barePid);
    }
    pairs.push({ ...pair, ratio: pair.api.rps / pair.bare.rps });
  }
  const failed = pairs.map((p) => p.api).find((r) => r.non2xx || r.errors);
  return {
    api:
      failed ??
      median(
        pairs.map((p) => p.api),
        (r) => r.rps,
      ),
    bare: median(
      pairs.map((p) => p.bare),
      (r) => r.rps,
    ),
    ratios: pairs.map((p) => p.ratio),
  };
}

async function call(base, api, body, token) {
  const res = await fetch(`${base}/api/${api}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  const reply = await res.json();
  if (reply.code !== 0) throw new Error(`${api}: ${JSON.stringify(reply)}`);
  return reply.payload;
}

/** Signs a new user up through the API, as the web app does, and returns their token. */
async function signUp(base) {
  const email = `bench-${Date.now()}@example.com`;
  await call(base, 'user/generateEmailVerifyCode', { email, type: 'register' });
  const mails = await (await fetch(`${base}/dev/mail?to=${encodeURIComponent(email)}`)).json();
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  const { token } = await call(base, 'user/emailRegister', { email, code, password: 'bench123' });
  return token;
}

/** A fresh PostgreSQL database for one run; null when PostgreSQL cannot be reached. */
async function freshPostgres() {
  const { default: postgres } = await importFromServer('postgres');
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  const name = `bench_api_${process.pid}`;
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch (error) {
    await admin.end();
    console.log(`PostgreSQL skipped: ${error.message}`);
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

async function benchOne(kind, hello) {
  const database = kind === 'postgres' ? await freshPostgres() : undefined;
  if (database === null) return null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meet-bench-api-'));
  const server = await start(
    [...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []), serverJs],
    {
      PORT: String(serverPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      MAIL_OUTBOX_HTTP: '1',
      JANUS: 'off',
      ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000000',
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
  );
  try {
    const base = `http://127.0.0.1:${serverPort}`;
    const token = await signUp(base);
    await call(base, 'user/getUserInfo', {}, token);
    const result = await compare(
      {
        url: `${base}/api/user/getUserInfo`,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      },
      server.pid,
      { url: `http://127.0.0.1:${helloPort}/` },
      hello.pid,
    );
    return { kind, ...result };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

const hello = await start([fileURLToPath(import.meta.url), '--hello', String(helloPort)]);
const results = [];
try {
  for (const kind of kinds) {
    const result = await benchOne(kind, hello);
    if (result) results.push(result);
  }
} finally {
  await stop(hello);
}

// autocannon measures latency in whole milliseconds.
const ms = (n) => (n < 1 ? '<1 ms' : `${Math.round(n)} ms`);
const line = (label, r) =>
  `  ${label.padEnd(22)} ${String(Math.round(r.rps)).padStart(7)} req/s   p50 ${ms(r.p50).padStart(7)}   p99 ${ms(r.p99).padStart(7)}` +
  (r.cpuUsPerCall === null ? '' : `   server CPU ${Math.round(r.cpuUsPerCall)} µs/call`) +
  (r.non2xx || r.errors ? `   (${r.non2xx} non-2xx, ${r.errors} errors)` : '');
const pct = (r) => `${(100 * r).toFixed(1)}%`;
console.log(
  `\n${connections} connections, ${rounds} rounds of ${seconds} s each, medians; server ${path.relative(root, serverJs)}`,
);
for (const { kind, api, bare, ratios } of results) {
  console.log(`${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}:`);
  console.log(line('user/getUserInfo', api));
  console.log(line('bare Fastify hello', bare));
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(
    `  ratio ${pct(sorted[Math.floor(sorted.length / 2)])} of the bare handler (rounds: ${ratios.map(pct).join(', ')})`,
  );
}
if (results.some((r) => r.api.non2xx || r.api.errors)) {
  console.log('Some calls failed (see non-2xx above): the figures are not valid.');
  process.exitCode = 1;
}

// Cold start of the built server with existing data: spawn → "Ready on" line, 5 runs after a
// first run that creates the data folder. Besides the wall time it prints the CPU time the
// server used until then (user + system, from /proc), which other load on the machine disturbs
// less. Usage: node scripts/bench/startup.mjs [--runs=5] [--dist=dist] (after a build; --dist
// picks another build folder of apps/server, e.g. SERVER_DIST=dist-x npm run build -w apps/server).
import { spawn } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const runCount = Number(args.runs ?? 5);
const serverJs = path.join(root, 'apps/server', args.dist ?? 'dist', 'server.js');
const dataDir = mkdtempSync(path.join(tmpdir(), 'meet-bench-start-'));
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
const port = await freePort();
// Clock ticks of /proc/<pid>/stat (USER_HZ, 100 on Linux).
const TICK_MS = 10;

/** User + system CPU time of a process so far, in ms. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function startOnce() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [serverJs], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let ready;
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!ready && out.includes('Ready on http://localhost:')) {
        ready = { ms: performance.now() - started, cpu: cpuMs(child.pid) };
        child.kill('SIGTERM');
      }
    });
    child.once('exit', (code) =>
      ready ? resolve(ready) : reject(new Error(`server exited (${code}) before it was ready`)),
    );
  });
}

const first = await startOnce();
const runs = [];
for (let i = 0; i < runCount; i++) runs.push(await startOnce());
rmSync(dataDir, { recursive: true, force: true });
const fmt = (ms) => `${Math.round(ms)} ms`;
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${fmt(sorted[Math.floor((sorted.length - 1) / 2)])}, min ${fmt(sorted[0])}, max ${fmt(sorted.at(-1))}`;
};
console.log(`first start (creates the database): ${fmt(first.ms)} (CPU ${fmt(first.cpu)})`);
console.log(
  `start with existing data: ${stats(runs.map((r) => r.ms))} (${runCount} runs); CPU ${stats(runs.map((r) => r.cpu))}`,
);

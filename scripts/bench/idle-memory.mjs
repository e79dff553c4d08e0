// Idle memory of the built server on the embedded defaults (PGlite, Janus child, pg-boss, the
// default engines): starts it, waits for "Ready on", lets it settle, then reports the server's
// RSS (anonymous / file-backed), V8's heap, external memory and ArrayBuffers (PGlite's WASM
// memory is counted there), and each child process (Janus, speech decoders) on its own.
// The first start creates the data folder; the second, on that existing data, is the figure.
//
//   node scripts/bench/idle-memory.mjs [--settle=5] [--dist=dist] [--snapshot=<folder>]
//
// The numbers come from /proc and from lib/memory-probe.mjs, preloaded into the server with
// --import (on SIGUSR2 it prints process.memoryUsage(), before and after a forced full GC).
// --dist picks another build folder of apps/server (SERVER_DIST=dist-x npm run build -w
// apps/server); --snapshot writes a V8 heap snapshot of the second start into a folder. Engine
// settings come from the environment as for the server (ASR_ENGINE, TRANSLATE_ENGINES, …).
import { spawn } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const settleMs = Number(args.settle ?? 5) * 1000;
const serverJs = path.join(root, 'apps/server', args.dist ?? 'dist', 'server.js');
const probe = pathToFileURL(path.join(root, 'scripts/bench/lib/memory-probe.mjs')).href;
const dataDir = mkdtempSync(path.join(tmpdir(), 'meet-bench-memory-'));
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
const MB = 1024 * 1024;

/** VmRSS and its parts, in bytes, from /proc/<pid>/status. */
function procMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return {
    name: /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '?',
    rss: kb('VmRSS') * 1024,
    anon: kb('RssAnon') * 1024,
    file: kb('RssFile') * 1024,
    shmem: kb('RssShmem') * 1024,
    hwm: kb('VmHWM') * 1024,
  };
}

/**
 * The server's RSS by kind of mapping, from /proc/<pid>/smaps. Heuristic: PGlite's WASM memory
 * is the one anonymous mapping of 128 MB or more; V8 puts its JS heap in pages of 256 KB (up to
 * 1 MB); the C allocator (malloc: native modules, V8's compilers) uses [heap] and its per-thread
 * arenas, the anonymous mappings in between; executable anonymous memory is compiled code.
 */
function rssByKind(pid) {
  const kinds = { wasm: 0, jsHeap: 0, malloc: 0, jit: 0, files: 0, other: 0 };
  let kind;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = parseInt(head[2], 16) - parseInt(head[1], 16);
      const [, , , perms, name] = head;
      if (name === '[heap]') kind = 'malloc';
      else if (name.startsWith('/')) kind = 'files';
      else if (name) kind = 'other';
      else if (perms.includes('x')) kind = 'jit';
      else if (size >= 128 * MB) kind = 'wasm';
      else if (size <= MB) kind = 'jsHeap';
      else kind = 'malloc';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kinds[kind] += Number(rss[1]) * 1024;
  }
  return kinds;
}

/** Every descendant of `pid`, depth first. */
function descendants(pid) {
  const found = [];
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let text = '';
    try {
      text = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of text.trim().split(/\s+/).filter(Boolean).map(Number)) {
      found.push(child, ...descendants(child));
    }
  }
  return found;
}

function startServer(extraEnv = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--expose-gc', '--import', probe, serverJs], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const probeLines = [];
  child.stderr.on('data', (chunk) => {
    err += chunk;
    let newline;
    while ((newline = err.indexOf('\n')) >= 0) {
      const line = err.slice(0, newline);
      err = err.slice(newline + 1);
      if (line.startsWith('MEMORY-PROBE ')) probeLines.push(JSON.parse(line.slice(13)));
      else process.stderr.write(`${line}\n`);
    }
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('Ready on http://localhost:')) resolve(performance.now() - started);
    });
    void exited.then((code) => reject(new Error(`server exited (${code}) before it was ready`)));
  });
  const probeNow = async () => {
    const count = probeLines.length;
    child.kill('SIGUSR2');
    for (let i = 0; i < 200 && probeLines.length === count; i++) await sleep(50);
    if (probeLines.length === count) throw new Error('the memory probe did not answer');
    return probeLines.at(-1);
  };
  return { child, ready, exited, probeNow };
}

async function measure(label, extraEnv) {
  const server = startServer(extraEnv);
  const readyMs = await server.ready;
  await sleep(settleMs);
  const pid = server.child.pid;
  const self = procMemory(pid);
  const kinds = rssByKind(pid);
  const children = descendants(pid).map((p) => {
    const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0')[0];
    return { pid: p, cmd: path.basename(cmd), ...procMemory(p) };
  });
  const probed = await server.probeNow();
  const afterGc = procMemory(pid);
  server.child.kill('SIGTERM');
  await server.exited;
  return { label, readyMs, self, kinds, afterGc, children, probed };
}

const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;

function report({ label, readyMs, self, kinds, afterGc, children, probed }) {
  const { before, after, spaces, snapshot } = probed;
  console.log(
    `\n${label}: Ready after ${Math.round(readyMs)} ms, measured ${settleMs / 1000} s later`,
  );
  console.log(
    `  server RSS ${mb(self.rss)} (anonymous ${mb(self.anon)}, file-backed ${mb(self.file)}, shared ${mb(self.shmem)}); peak ${mb(self.hwm)}`,
  );
  console.log(
    `  by mapping: PGlite WASM memory ${mb(kinds.wasm)}, V8 heap pages ${mb(kinds.jsHeap)}, malloc ${mb(kinds.malloc)}, JIT code ${mb(kinds.jit)}, files ${mb(kinds.files)}, other ${mb(kinds.other)}`,
  );
  console.log(
    `  V8 heap used ${mb(before.heapUsed)} of ${mb(before.heapTotal)}; external ${mb(before.external)}, of which ArrayBuffers ${mb(before.arrayBuffers)}`,
  );
  console.log(
    `  after a full GC: heap used ${mb(after.heapUsed)} of ${mb(after.heapTotal)}; RSS ${mb(afterGc.rss)}`,
  );
  const bigSpaces = Object.entries(spaces)
    .filter(([, space]) => space.committed > MB)
    .map(([name, space]) => `${name} ${mb(space.used)} of ${mb(space.committed)}`);
  console.log(`  heap spaces after GC (used of resident): ${bigSpaces.join(', ')}`);
  let total = self.rss;
  for (const c of children) {
    console.log(`  child ${c.cmd} (pid ${c.pid}): RSS ${mb(c.rss)} (anonymous ${mb(c.anon)})`);
    total += c.rss;
  }
  console.log(`  server + children: ${mb(total)}`);
  if (snapshot) console.log(`  heap snapshot: ${snapshot}`);
}

try {
  report(await measure('first start (creates the database)'));
  report(
    await measure(
      'start with existing data',
      args.snapshot ? { MEMORY_PROBE_SNAPSHOT: path.resolve(args.snapshot) } : {},
    ),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

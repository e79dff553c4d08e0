// Cold start of the built server with existing data: spawn → "Ready on" line, 5 runs after a
// first run that creates the data folder. Usage: node scripts/bench/startup.mjs (after a build).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'meet-bench-start-'));
const port = 4390;

function startOnce() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let readyMs = 0;
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!readyMs && out.includes('Ready on http://localhost:')) {
        readyMs = performance.now() - started;
        child.kill('SIGTERM');
      }
    });
    child.once('exit', (code) =>
      readyMs ? resolve(readyMs) : reject(new Error(`server exited (${code}) before it was ready`)),
    );
  });
}

const first = await startOnce();
const runs = [];
for (let i = 0; i < 5; i++) runs.push(await startOnce());
runs.sort((a, b) => a - b);
rmSync(dataDir, { recursive: true, force: true });
const fmt = (ms) => `${Math.round(ms)} ms`;
console.log(`first start (creates the database): ${fmt(first)}`);
console.log(
  `start with existing data: p50 ${fmt(runs[2])}, min ${fmt(runs[0])}, max ${fmt(runs[4])} (5 runs)`,
);

/**
 * A background task whose promise rejects with nothing to handle it must not end the server
 * process (and every meeting on the node). The real server entry (src/server.ts, PGlite, no
 * Janus) runs with a preloaded module that, once the server says it is ready, starts such a task:
 * the server logs the failure with its stack and goes on answering. A plain Node process with the
 * same task dies, which is what the guard (ops/unhandled.ts) is for.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { freePort } from '../src/janus/janus-process.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lostWrite = path.join(serverDir, 'test/fixtures/lost-write-after-ready.mjs');

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A Node process from the server's folder; its output so far and its exit, as they come. */
function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The embedded database: no DATABASE_URL of the test run's.
    env: { ...process.env, DATABASE_URL: undefined, ...env },
  });
  children.push(child);
  const seen = { out: '', err: '' };
  child.stdout!.on('data', (chunk: Buffer) => (seen.out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (seen.err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, seen, exited };
}

test('the server logs a failed background task with its stack and goes on serving', async () => {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meet-unhandled-'));
  dirs.push(dataDir);
  const server = run(['--import', 'tsx', '--import', lostWrite, 'src/server.ts'], {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JANUS: 'off',
    JOBS_WORK: '0',
    LOG_LEVEL: 'warn',
  });
  await expect
    .poll(() => server.seen.out, { timeout: 60_000, interval: 200 })
    .toMatch(/nothing handled it; the server goes on/);
  const line = server.seen.out.split('\n').find((l) => l.includes('nothing handled it'))!;
  const logged = JSON.parse(line) as { level: number; err: { stack: string } };
  expect(logged.level).toBe(50);
  expect(logged.err.stack).toMatch(/seat write failed: connection refused\n\s+at markGone/);
  // Still serving, well after the rejection.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(server.child.exitCode).toBeNull();
  expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
  server.child.kill('SIGKILL');
  await server.exited;
}, 90_000);

test('without the guard the same failure ends a Node process', async () => {
  const plain = run([
    '--input-type=module',
    '-e',
    `async function markGone() { throw new Error('seat write failed: connection refused'); }
     void markGone();
     setTimeout(() => console.log('still serving'), 300);`,
  ]);
  expect(await plain.exited).not.toBe(0);
  expect(plain.seen.out).not.toContain('still serving');
  expect(plain.seen.err).toContain('seat write failed');
}, 30_000);

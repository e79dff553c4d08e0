/**
 * A background task whose promise rejects with nothing to handle it must not end the server
 * process (and every meeting on the node): a real Node process with the server's guard
 * (ops/unhandled.ts) logs the failure with its stack and goes on; without it, the same process
 * dies, which is what the guard is for.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a module (TypeScript, from the server's folder) in its own Node process. */
function run(code: string): Promise<{ exit: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exit) => resolve({ exit, out, err }));
  });
}

const task = `
  // A departure's seat write failing while nobody awaits it.
  async function markGone() { throw new Error('seat write failed: connection refused'); }
  void markGone();
  setTimeout(() => console.log('still serving'), 200);
`;

test('with the guard the process logs the failure with its stack and goes on', async () => {
  const { exit, out } = await run(`
    import pino from 'pino';
    import { keepServingOnUnhandled } from './src/ops/unhandled.ts';
    keepServingOnUnhandled(process, pino());
    ${task}
  `);
  expect(exit).toBe(0);
  const lines = out.trim().split('\n');
  const logged = JSON.parse(lines[0]!) as { level: number; msg: string; err: { stack: string } };
  expect(logged.level).toBe(50);
  expect(logged.msg).toMatch(/nothing handled it; the server goes on/);
  expect(logged.err.stack).toMatch(/seat write failed: connection refused\n\s+at markGone/);
  expect(lines[1]).toBe('still serving');
}, 30_000);

test('without it the same failure ends the process', async () => {
  const { exit, out, err } = await run(task);
  expect(exit).not.toBe(0);
  expect(out).not.toContain('still serving');
  expect(err).toContain('seat write failed');
}, 30_000);

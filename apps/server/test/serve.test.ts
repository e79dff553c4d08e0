/**
 * `npm run serve`, the release start: it refuses a missing build in one line, and serves the
 * built server (no install, no build) on PORT with its data in DATA_DIR.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createPostgresDatabase, dbKind } from './helper.js';
import { loadConfig } from '../src/config/config.js';
import { nodeRun, npmRun, projectRoot, serve } from './release-fixture.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

test('npm run serve names everything a missing build lacks in one line and exits non-zero', async () => {
  const empty = await tempDir('meet-serve-empty-');
  const run = await npmRun('serve', ['--check', `--root=${empty}`]);
  expect(run.status).not.toBe(0);
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Error: cannot serve, missing: /);
  expect(lines[0]).toContain('apps/server/dist');
  expect(lines[0]).toContain('apps/web/dist');
  // The Silero VAD model ships in the repository (apps/server/assets/vad), not in a package.
  expect(lines[0]).toContain('apps/server/assets/vad/silero_vad_v5.onnx');
  // A tool the server spawns, looked up on PATH: here, none are found.
  const noTools = await nodeRun('scripts/serve.mjs', ['--check'], {
    PATH: path.dirname(process.execPath),
  });
  expect(noTools.status).not.toBe(0);
  expect(noTools.stderr).toMatch(/ffmpeg \(apt-get install ffmpeg\)/);
  expect(noTools.stderr).toMatch(/espeak-ng/);
  // A setting that turns a tool off: it is not asked for.
  const off = await nodeRun('scripts/serve.mjs', ['--check'], {
    PATH: path.dirname(process.execPath),
    TTS_ENGINE: 'none',
  });
  expect(off.stderr).not.toMatch(/espeak-ng/);
});

test('npm run serve starts the built server on PORT with DATA_DIR, /healthz answers 200, SIGTERM stops it', async () => {
  const dataDir = await tempDir('meet-serve-data-');
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (dbKind === 'postgres') {
    const db = await createPostgresDatabase();
    cleanups.push(db.drop);
    env.DATABASE_URL = db.url;
  }
  const served = await serve(env);
  cleanups.push(async () => {
    await served.stop();
    served.kill();
  });
  console.log(`npm run serve: /healthz 200 after ${served.readyMs} ms`);
  expect(served.output()).toContain(`Ready on http://localhost:${served.port}`);
  // Nothing was installed or built on the way.
  expect(served.output()).not.toMatch(/\[setup\]|npm ci|building/);
  const page = await fetch(`${served.url}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  // Its data is where DATA_DIR says (PGlite's database too, when it is the one in use).
  const entries = await readdir(dataDir);
  expect(entries).toContain('files');
  if (dbKind === 'pglite') expect(entries).toContain('db');
  // SIGTERM to `npm run serve` (what systemd sends) reaches the server, which stops cleanly.
  await served.stop();
  expect(served.child.exitCode).toBe(0);
  await expect(fetch(`${served.url}/healthz`)).rejects.toThrow();
}, 120_000);

test('deploy/meet.service runs npm run serve and waits out the drain before killing', async () => {
  const unit = await readFile(path.join(projectRoot, 'deploy/meet.service'), 'utf8');
  const setting = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1];
  expect(setting('ExecStart')).toMatch(/\/npm run serve$/);
  expect(setting('WorkingDirectory')).toBeTruthy();
  expect(setting('EnvironmentFile')).toBeTruthy();
  expect(setting('User')).toBe('meet');
  expect(setting('Restart')).toBe('on-failure');
  expect(setting('KillSignal')).toBe('SIGTERM');
  // SIGTERM to npm alone (it passes it on, as the test above shows), not to Janus at once.
  expect(setting('KillMode')).toBe('mixed');
  expect(Number(setting('TimeoutStopSec'))).toBeGreaterThan(loadConfig({}).drainSeconds + 15);
});

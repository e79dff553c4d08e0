/**
 * Configuration from a file: `.env` (or ENV_FILE) is read before the schema, real environment
 * variables win over it, and deploy/env.example is exactly what the schema generates.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { ConfigError } from '../src/config/config-error.js';
import { envExamplePath, renderEnvExample } from '../src/config/env-example.js';
import { createPostgresDatabase, dbKind } from './helper.js';
import { serve } from './release-fixture.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs `work` with these variables set in process.env (undefined: unset), then puts them back. */
function withProcessEnv<T>(vars: Record<string, string | undefined>, work: () => T): T {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const set = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values))
      if (v === undefined) Reflect.deleteProperty(process.env, k);
      else process.env[k] = v;
  };
  set(vars);
  try {
    return work();
  } finally {
    set(before);
  }
}

test('deploy/env.example is what `npm run env-example` generates from the schema', async () => {
  const committed = await readFile(envExamplePath, 'utf8');
  // On a difference: run `npm run env-example` and commit deploy/env.example.
  expect(committed).toBe(renderEnvExample());
});

test("env.example's defaults, uncommented, give the server the configuration it has without them", () => {
  const lines = renderEnvExample()
    .split('\n')
    .filter((line) => /^#[A-Z0-9_]+=./.test(line))
    .map((line) => line.slice(1));
  expect(lines.length).toBeGreaterThan(30);
  const fromFile = parseEnv(lines.join('\n')) as Record<string, string>;
  expect(fromFile.MAIL_FROM).toBe('Meet <no-reply@meet.local>');
  expect(loadConfig(fromFile)).toEqual(loadConfig({}));
});

test('a .env in the working directory is read; a real variable wins; a missing ENV_FILE is one line', async () => {
  const dir = await tempDir('meet-env-cwd-');
  await writeFile(
    path.join(dir, '.env'),
    'MOBILE_APP_URL=https://file.example/app\nPORT=4444\n# a comment\nMAIL_FROM="Ops <ops@file.example>"\n',
  );
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    const vars = { PORT: undefined, MOBILE_APP_URL: undefined, MAIL_FROM: undefined };
    const fromFile = withProcessEnv({ ...vars, ENV_FILE: undefined }, () => loadConfig());
    expect(fromFile.mobileAppUrl).toBe('https://file.example/app');
    expect(fromFile.port).toBe(4444);
    expect(fromFile.mailFrom).toBe('Ops <ops@file.example>');
    const realWins = withProcessEnv({ ...vars, ENV_FILE: undefined, PORT: '4445' }, () =>
      loadConfig(),
    );
    expect(realWins.port).toBe(4445);
    expect(realWins.mobileAppUrl).toBe('https://file.example/app');
    // A test's own environment object never reads the file.
    expect(loadConfig({}).mobileAppUrl).toBeUndefined();
    expect(() =>
      withProcessEnv({ ...vars, ENV_FILE: path.join(dir, 'nope.env') }, () => loadConfig()),
    ).toThrow(ConfigError);
  } finally {
    process.chdir(cwd);
  }
});

test('npm run serve reads ENV_FILE before starting, and the real environment wins over it', async () => {
  const fileDataDir = await tempDir('meet-env-data-');
  const envFile = path.join(await tempDir('meet-env-file-'), 'meet.env');
  await writeFile(
    envFile,
    [
      `DATA_DIR=${fileDataDir}`,
      'PRIVACY_URL=https://file.example/privacy',
      'MOBILE_APP_URL=https://file.example/app',
    ].join('\n'),
  );
  const env: Record<string, string | undefined> = {
    ENV_FILE: envFile,
    DATA_DIR: undefined,
    MOBILE_APP_URL: 'https://real.example/app',
  };
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
  const reply = await fetch(`${served.url}/api/getServerConfig`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const config = ((await reply.json()) as { payload: Record<string, unknown> }).payload;
  expect(config.privacyUrl).toBe('https://file.example/privacy');
  expect(config.mobileAppUrl).toBe('https://real.example/app');
  // DATA_DIR came from the file: the server's data is there.
  expect(await readdir(fileDataDir)).toContain('files');
}, 120_000);

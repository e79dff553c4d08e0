/**
 * No module of the product loads another that loads it back (issue 33): scripts/check-cycles.mjs
 * walks the static imports of every source file of the server, the web app and this package.
 * Type-only imports are left out here (they vanish at build time); the script without
 * `--runtime` lists those too.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

test('no runtime import cycle among the source files', () => {
  const run = spawnSync(process.execPath, ['scripts/check-cycles.mjs', '--runtime'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(run.stdout).toMatch(/\d{3,} files, 0 import cycles/);
  expect(run.status).toBe(0);
});

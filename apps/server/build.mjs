// Bundles the server into dist/server.js (npm packages stay external) and copies the migrations.
// SERVER_DIST names another folder beside dist/ (a second build side by side, e.g. dist-b).
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { buildNative } from './native/build.mjs';

const out = process.env.SERVER_DIST ?? 'dist';
if (out.includes('/') || !out.startsWith('dist'))
  throw new Error('SERVER_DIST must be dist or dist-<name>');
await rm(out, { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: `${out}/server.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  // The shared workspace is TypeScript source, so it is bundled rather than imported.
  alias: { '@meet/shared': '../../packages/shared/src/index.ts' },
  sourcemap: true,
  logLevel: 'warning',
});
await cp('src/db/migrations', `${out}/migrations`, { recursive: true });
// The PocketSphinx decoder (native/dist/, shared by every build); without it the server runs
// with speech recognition off, so a failure here is a warning.
try {
  console.log(`[native] ${buildNative()}`);
} catch (error) {
  console.warn(`[native] ${error.message}`);
}

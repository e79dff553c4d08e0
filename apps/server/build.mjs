// Bundles the server into dist/server.js (npm packages stay external) and copies the migrations.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // The shared workspace is TypeScript source, so it is bundled rather than imported.
  alias: { '@meet/shared': '../../packages/shared/src/index.ts' },
  sourcemap: true,
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });

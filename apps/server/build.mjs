// Bundles the server into dist/ (server.js and the chunks it loads; npm packages stay external,
// but for drizzle-orm) and copies the migrations. SERVER_DIST names another folder beside dist/
// (a second build side by side, e.g. dist-b).
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { buildNative } from './native/build.mjs';

/**
 * drizzle-orm is hundreds of small ES modules: loading them one by one took ~0.45 s of CPU at
 * every start (scripts/bench/startup.mjs), inside the bundle almost nothing. It is plain
 * JavaScript, and every import of it is ours, so the bundle holds the only copy.
 */
const BUNDLED_PACKAGES = /^drizzle-orm(\/|$)/;

const externalPackages = {
  name: 'external-packages',
  setup(build) {
    // @meet/shared is left to the alias below.
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED_PACKAGES.test(args.path) || args.path === '@meet/shared'
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const out = process.env.SERVER_DIST ?? 'dist';
if (out.includes('/') || !out.startsWith('dist'))
  throw new Error('SERVER_DIST must be dist or dist-<name>');
await rm(out, { recursive: true, force: true });
await build({
  // server.js is boot.ts, which loads the rest (a chunk beside it) once V8 is set up.
  entryPoints: { server: 'src/boot.ts' },
  outdir: out,
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  plugins: [externalPackages],
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

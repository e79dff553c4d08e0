/**
 * Vite build of the web app. The dev server proxies the API to a server on :3100; the build
 * writes a .gz beside every asset so the server can send them pre-compressed.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const API_TARGET = 'http://localhost:3100';

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** Pre-compresses the build output once, instead of gzipping on every request. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'meet:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const source = await readFile(file);
        // Tiny files are not worth a second request path and often grow when gzipped.
        if ((await stat(file)).size < 256) continue;
        const zipped = await gzipAsync(source, { level: zlibConstants.Z_BEST_COMPRESSION });
        await writeFile(`${file}.gz`, zipped);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      // @meet/shared's schema modules build zod objects at load time; the web app uses only their
      // types, so declaring the package side-effect free lets the bundler drop zod entirely.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/shared/') },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': API_TARGET,
      '/dev': API_TARGET,
      '/files': API_TARGET,
      '/healthz': API_TARGET,
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
});

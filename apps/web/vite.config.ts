/**
 * Vite build of the web app. The dev server proxies the API to a server on :3100; the build
 * writes a .gz beside every asset so the server can send them pre-compressed.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { withoutEval } from './scripts/mediapipe-without-eval';

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

/**
 * MediaPipe's selfie segmentation (virtual background) and face mesh (beauty filters, avatars)
 * load their script, wasm and model at run time; they ship inside the npm packages and are served
 * from our own origin under /mediapipe/<solution>/ (copied into the build, read from node_modules
 * in dev).
 *
 * Face mesh's wasm loader generates code with `new Function`, which our CSP refuses: the copies
 * are served without it (scripts/mediapipe-without-eval.ts).
 */
function mediapipeAssets(): Plugin {
  const solutions = ['selfie_segmentation', 'face_mesh'].map((name) => ({
    base: `mediapipe/${name}/`,
    dir: path.dirname(createRequire(import.meta.url).resolve(`@mediapipe/${name}/package.json`)),
  }));
  const wanted = (name: string) => /\.(js|wasm|tflite|binarypb|data)$/.test(name);
  return {
    name: 'meet:mediapipe-assets',
    configureServer(server) {
      for (const { base, dir } of solutions)
        server.middlewares.use(`/${base}`, (req, res, next) => {
          const name = path.basename((req.url ?? '').split('?')[0] ?? '');
          if (!wanted(name)) return next();
          readFile(path.join(dir, name))
            .then(
              (source) => {
                const body = withoutEval(name, source);
                if (name.endsWith('.wasm')) res.setHeader('content-type', 'application/wasm');
                if (name.endsWith('.js')) res.setHeader('content-type', 'text/javascript');
                res.end(body);
              },
              () => next(),
            )
            .catch(next);
        });
    },
    async generateBundle() {
      for (const { base, dir } of solutions)
        for (const name of (await readdir(dir)).filter(wanted))
          this.emitFile({
            type: 'asset',
            fileName: base + name,
            source: withoutEval(name, await readFile(path.join(dir, name))),
          });
    },
  };
}

/**
 * @meet/shared builds its zod schemas at module load (`export const x = z.object(…)`). The web app
 * uses only their types, but a bundler must keep any call it cannot prove free of side effects,
 * so every module that also exports a constant the app uses would keep its schemas, and zod with
 * them. Wrapping each top-level initializer that builds a schema in a pure-annotated arrow call
 * (`/* @__PURE__ *\/ (() => z.object(…))()`) runs the same code at the same time but lets the
 * bundler drop the schemas nothing reads.
 */
function pureSharedSchemas(): Plugin {
  return {
    name: 'meet:pure-shared-schemas',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('/packages/shared/src/') || !/\bz\./.test(code)) return null;
      const program = this.parse(code) as unknown as {
        body: { type: string; declaration?: unknown; declarations?: unknown }[];
      };
      type Init = { start: number; end: number };
      const inits: Init[] = [];
      for (const statement of program.body) {
        const declaration = (
          statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
        ) as { type?: string; declarations?: { init: Init | null }[] } | null;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations ?? [])
          if (init && /\bz\./.test(code.slice(init.start, init.end))) inits.push(init);
      }
      let out = code;
      for (const { start, end } of inits.sort((a, b) => b.start - a.start))
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      return inits.length ? { code: out, map: null } : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), pureSharedSchemas(), mediapipeAssets(), precompress()],
  build: {
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      // @meet/shared's schema modules build zod objects at load time; the web app uses only their
      // types, so declaring the package side-effect free (with pureSharedSchemas for the modules
      // it does import from) lets the bundler drop zod entirely.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/shared/') },
      output: {
        // The message socket fetches socket.io-client after the first screen; a chunk named after
        // it (rather than "esm", its folder) can be told apart (scripts/bench/web-bundle.mjs).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/node_modules/socket.io-client/'))
            ? 'assets/socket.io-client-[hash].js'
            : 'assets/[name]-[hash].js',
      },
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

// Compiles ps-decoder.c (the persistent PocketSphinx decoder behind ASR_ENGINE=pocketsphinx) into
// native/dist/ when the source is newer than the binary. Run by the server build and by the
// engine tests; `node native/build.mjs` by hand. It needs gcc and the Debian packages
// libpocketsphinx-dev and pkgconf (scripts/lib/setup.mjs installs them). Without the binary the
// server still runs, with speech recognition off and a log line saying why.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const decoderSource = path.join(here, 'ps-decoder.c');
export const decoderBinary = path.join(here, 'dist', 'ps-decoder');

function compileFlags() {
  const pkg = spawnSync('pkg-config', ['--cflags', '--libs', 'pocketsphinx', 'sphinxbase'], {
    encoding: 'utf8',
  });
  if (pkg.status !== 0) {
    throw new Error(
      'pkg-config found no pocketsphinx (install the Debian packages libpocketsphinx-dev and pkgconf)',
    );
  }
  return pkg.stdout.trim().split(/\s+/);
}

/** Builds the decoder if stale; returns a message saying what happened, throws when it cannot. */
export function buildNative() {
  if (
    existsSync(decoderBinary) &&
    statSync(decoderBinary).mtimeMs >= statSync(decoderSource).mtimeMs
  )
    return `${path.relative(process.cwd(), decoderBinary)} is up to date`;
  mkdirSync(path.dirname(decoderBinary), { recursive: true });
  const partial = `${decoderBinary}.${process.pid}.tmp`;
  const gcc = spawnSync('gcc', ['-O2', '-Wall', '-o', partial, decoderSource, ...compileFlags()], {
    encoding: 'utf8',
  });
  if (gcc.error) throw new Error(`gcc could not run: ${gcc.error.message} (install gcc)`);
  if (gcc.status !== 0) throw new Error(`gcc failed:\n${gcc.stderr}`);
  // Renamed into place so a concurrent build or test never runs a half-written binary.
  renameSync(partial, decoderBinary);
  return `built ${path.relative(process.cwd(), decoderBinary)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    console.log(`[native] ${buildNative()}`);
  } catch (error) {
    console.error(`[native] ${error.message}`);
    process.exit(1);
  }
}

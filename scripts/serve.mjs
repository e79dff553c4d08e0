// `npm run serve`: the release start. Runs the BUILT server (npm run build) in this process, with
// no install and no build: first it checks that Node, the build outputs and the Debian tools the
// server spawns are there, naming everything missing in one line. `--check` only checks;
// `--root=DIR` checks and serves the build under DIR instead of this checkout (tests).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root as projectRoot } from './lib/setup.mjs';
import { ensureSupportedNode } from './lib/runtime.mjs';
import { missingForServe } from './lib/serve-check.mjs';

const args = process.argv.slice(2);
const checkOnly = args.includes('--check');
const rootArg = args.find((a) => a.startsWith('--root='));
const root = rootArg ? path.resolve(rootArg.slice('--root='.length)) : projectRoot;

// The settings file the server reads (apps/server/src/config/env-file.ts) may turn tools off, so
// the check reads it too; variables already set win, as they do in the server.
const envFile = process.env.ENV_FILE || '.env';
if (existsSync(envFile) && typeof process.loadEnvFile === 'function') process.loadEnvFile(envFile);

// On an older machine Node this runs again under the project's .runtime Node (never fetched here).
const nodeMissing = await ensureSupportedNode(projectRoot, { install: false });
const missing = [...(nodeMissing ? [nodeMissing] : []), ...missingForServe(root, process.env)];
if (missing.length > 0) {
  console.error(`Error: cannot serve, missing: ${missing.join('; ')}`);
  process.exit(1);
}
if (checkOnly) {
  console.log(`Ready to serve the build in ${root}`);
  process.exit(0);
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href);

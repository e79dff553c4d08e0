// `npm start`: installs what is missing, builds what is stale, then runs the server in this process.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import {
  RUNTIME_DEBIAN_PACKAGES,
  buildAll,
  ensureDebianPackages,
  ensureNodeModules,
  root,
} from './lib/setup.mjs';
import { ensureSupportedNode } from './lib/runtime.mjs';

await ensureSupportedNode(root);
try {
  ensureNodeModules();
  ensureDebianPackages(RUNTIME_DEBIAN_PACKAGES);
  buildAll();
} catch (error) {
  console.error(`Error: ${error.message}`);
  process.exit(1);
}
// `--setup-only`: install and build, then stop (an image build: deploy/Containerfile).
if (process.argv.includes('--setup-only')) process.exit(0);
// The settings file the server reads (apps/server/src/config/env-file.ts) counts for the choice
// below too (SMTP_URL, NODE_ENV); variables already set win over it, as in the server.
const envFile = process.env.ENV_FILE || '.env';
if (existsSync(envFile)) process.loadEnvFile(envFile);
// Local use on the embedded defaults: mail stays in the outbox, and whoever runs this reads the
// codes at /dev/mail?to= from this machine. A deployment sets SMTP_URL (or NODE_ENV=production).
const env = process.env;
if (!env.SMTP_URL && env.MAIL_OUTBOX_HTTP === undefined && env.NODE_ENV !== 'production') {
  env.MAIL_OUTBOX_HTTP = '1';
  env.NODE_ENV ??= 'development';
}
env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href);

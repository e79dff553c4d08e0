// `npm start`: installs what is missing, builds what is stale, then runs the server in this process.
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import {
  RUNTIME_DEBIAN_PACKAGES,
  buildAll,
  checkNode,
  ensureDebianPackages,
  ensureNodeModules,
  root,
} from './lib/setup.mjs';

checkNode();
try {
  ensureNodeModules();
  ensureDebianPackages(RUNTIME_DEBIAN_PACKAGES);
  buildAll();
} catch (error) {
  console.error(`Error: ${error.message}`);
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href);

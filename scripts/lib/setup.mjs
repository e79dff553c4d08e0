// What the two README commands need before they run: the npm packages, Debian packages and builds.
// Only Node's own modules are used here, since this runs before `npm ci`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function log(message) {
  console.log(`[setup] ${message}`);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/**
 * Native addons are built against the headers of the Node that runs them: this Node's own when it
 * carries them (the project's runtime does), whatever a user's npmrc `nodedir` says (on these
 * machines it names /usr, Node 20's headers, which give addons the wrong ABI).
 */
function nodeHeaders() {
  const prefix = path.dirname(path.dirname(process.execPath));
  return existsSync(path.join(prefix, 'include', 'node', 'node_version.h'))
    ? { npm_config_nodedir: prefix }
    : {};
}

/**
 * `npm ci` when node_modules is missing, older than the lock file, or was installed by another
 * Node (its native addons are built for one Node's ABI).
 */
export function ensureNodeModules() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const abiMarker = path.join(root, 'node_modules', '.meet-node-abi');
  const lock = path.join(root, 'package-lock.json');
  const abi = process.versions.modules;
  if (
    existsSync(marker) &&
    statSync(marker).mtimeMs >= statSync(lock).mtimeMs &&
    existsSync(abiMarker) &&
    readFileSync(abiMarker, 'utf8').trim() === abi
  )
    return;
  log(`installing npm packages (npm ci) for Node ${process.versions.node}`);
  run('npm', ['ci', '--no-audit', '--no-fund'], { env: { ...process.env, ...nodeHeaders() } });
  writeFileSync(abiMarker, abi);
}

function isInstalled(pkg) {
  try {
    const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], {
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString();
    return status.includes('install ok installed');
  } catch {
    return false;
  }
}

/**
 * Installs missing Debian packages when running as root; otherwise names them and returns false.
 */
export function ensureDebianPackages(packages) {
  const missing = packages.filter((p) => !isInstalled(p));
  if (missing.length === 0) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `[setup] missing Debian packages: ${missing.join(' ')} — install them with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    return false;
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
  return true;
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of readdirSync(target)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  }
  return newest;
}

/** Rebuilds a workspace when any of its inputs is newer than its last build. */
export function buildIfStale(workspace, inputs, stampFile) {
  const stamp = path.join(root, stampFile);
  const built = existsSync(stamp) ? Number(readFileSync(stamp, 'utf8')) : 0;
  const newest = Math.max(...inputs.map((i) => newestMtime(path.join(root, i))));
  if (built >= newest) return;
  log(`building ${workspace}`);
  run('npm', ['run', 'build', '-w', workspace]);
  writeFileSync(stamp, String(newest));
}

export function buildAll() {
  const shared = ['packages/shared/src', 'package-lock.json'];
  buildIfStale(
    'apps/web',
    [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      ...shared,
    ],
    'apps/web/dist/.build-stamp',
  );
  buildIfStale(
    'apps/server',
    ['apps/server/src', 'apps/server/build.mjs', 'apps/server/native', ...shared],
    'apps/server/dist/.build-stamp',
  );
}

export const RUNTIME_DEBIAN_PACKAGES = [
  'janus',
  'janus-tools',
  'ffmpeg',
  'espeak-ng',
  'pocketsphinx-en-us',
  // The engines: Apertium English↔Spanish, and what compiles the PocketSphinx decoder.
  'apertium-eng-spa',
  'libpocketsphinx-dev',
  'pkgconf',
  'gcc',
  'libc6-dev',
];

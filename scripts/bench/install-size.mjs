// What a production machine installs and how fast the build starts (issue 32, "Lighter
// dependencies"). For the lockfile of the commit HEAD ("before") and of the working tree
// ("after"): the package.json files and package-lock.json are copied into a temporary folder and
// `npm ci --omit=dev --ignore-scripts` runs there, once for the whole repository and once for
// apps/server alone (`--workspace`); the node_modules it leaves are measured (file bytes, not
// following links) with their largest packages. Then `npm run serve` of this checkout's build is
// started with a new DATA_DIR and a free PORT, timed to its "Ready on" line, and stopped.
//
// Usage: node scripts/bench/install-size.mjs [--runs=3] [--base=HEAD] [--skip-install]
//   [--skip-serve] [--port=4421 (0: any free one)] [--keep]   (after `npm run build`; npm fetches from its cache or registry)
import { execFileSync, spawn } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const base = args.base ?? 'HEAD';
const runs = Number(args.runs ?? 3);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/** A file of the checkout as it is in `rev` (a commit) or, with rev undefined, on disk. */
function fileAt(rev, file) {
  if (!rev) return readFileSync(path.join(root, file), 'utf8');
  return execFileSync('git', ['show', `${rev}:${file}`], { cwd: root, encoding: 'utf8' });
}

/** The manifests npm ci needs: root package.json, the lockfile and each workspace's package.json. */
function copyManifests(rev, dir) {
  const rootJson = fileAt(rev, 'package.json');
  const files = ['package.json', 'package-lock.json'];
  for (const ws of JSON.parse(rootJson).workspaces ?? []) files.push(`${ws}/package.json`);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), fileAt(rev, file));
  }
}

/** Bytes of the regular files under `dir` (links are not followed: workspaces are links). */
function sizeOf(dir) {
  let total = 0;
  let files = 0;
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile()) {
        total += lstatSync(p).size;
        files++;
      }
    }
  };
  walk(dir);
  return { bytes: total, files };
}

/** Top-level packages of a node_modules folder with their size (nested node_modules included). */
function packagesOf(modules) {
  const out = [];
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const p = path.join(modules, entry.name);
    if (entry.name.startsWith('@')) {
      for (const sub of readdirSync(p, { withFileTypes: true })) {
        if (sub.isDirectory())
          out.push({ name: `${entry.name}/${sub.name}`, ...sizeOf(path.join(p, sub.name)) });
      }
    } else out.push({ name: entry.name, ...sizeOf(p) });
  }
  return out.sort((a, b) => b.bytes - a.bytes);
}

/** Every node_modules folder npm made (the root's and those inside workspaces). */
function modulesFolders(dir) {
  const found = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const p = path.join(d, entry.name);
      if (entry.name === 'node_modules') found.push(p);
      else walk(p);
    }
  };
  walk(dir);
  return found;
}

function install(label, rev, workspace) {
  const dir = mkdtempSync(path.join(tmpdir(), 'meet-install-'));
  try {
    copyManifests(rev, dir);
    const ciArgs = [
      'ci',
      '--omit=dev',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ];
    if (workspace) ciArgs.push(`--workspace=${workspace}`);
    const started = performance.now();
    execFileSync(npm, ciArgs, { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    const seconds = (performance.now() - started) / 1000;
    let bytes = 0;
    let files = 0;
    let packages = [];
    for (const modules of modulesFolders(dir)) {
      const size = sizeOf(modules);
      bytes += size.bytes;
      files += size.files;
      packages = packages.concat(packagesOf(modules));
    }
    packages.sort((a, b) => b.bytes - a.bytes);
    return { label, bytes, files, packages, seconds };
  } finally {
    if (args.keep) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

function report(r) {
  console.log(
    `${r.label}: ${mb(r.bytes)} in ${r.files} files, ${r.packages.length} top-level packages (npm ci ${r.seconds.toFixed(0)} s)`,
  );
  console.log(
    `  largest: ${r.packages
      .slice(0, 8)
      .map((p) => `${p.name} ${mb(p.bytes)}`)
      .join(', ')}`,
  );
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `npm run serve` from spawn to "Ready on", then SIGTERM and wait for the exit. */
function serveOnce(env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(npm, ['run', '--silent', 'serve'], {
      cwd: root,
      detached: true,
      env: { ...process.env, LOG_LEVEL: 'warn', DRAIN_SECONDS: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let readyMs;
    const timer = setTimeout(() => {
      process.kill(-child.pid, 'SIGKILL');
      reject(new Error(`no "Ready on" in 120 s:\n${out}`));
    }, 120_000);
    const onData = (chunk) => {
      out += chunk;
      if (readyMs === undefined && out.includes('Ready on http://localhost:')) {
        readyMs = performance.now() - started;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is gone
      }
      if (readyMs === undefined) reject(new Error(`npm run serve exited ${code}:\n${out}`));
      else resolve(readyMs);
    });
  });
}

async function serveTimes(label, extra) {
  const times = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meet-bench-serve-'));
  try {
    for (let i = 0; i < runs; i++) {
      // 0: any free port.
      const port = Number(args.port ?? 4421) || (await freePort());
      times.push(await serveOnce({ DATA_DIR: dataDir, PORT: String(port), ...extra }));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  // The first run creates the data folder (the database's first migration); the rest reuse it.
  const [first, ...rest] = times.map((t) => Math.round(t));
  rest.sort((a, b) => a - b);
  console.log(
    `npm run serve → "Ready on" (${label}): new DATA_DIR ${first} ms; then ${rest.join(', ')} ms` +
      (rest.length ? ` (median ${rest[Math.floor(rest.length / 2)]} ms)` : ''),
  );
}

if (!args['skip-install']) {
  const rows = [];
  for (const [label, rev] of [
    [`before (${base})`, base],
    ['after (working tree)', undefined],
  ]) {
    const all = install(`${label}, whole repository`, rev);
    report(all);
    const server = install(`${label}, apps/server alone`, rev, 'apps/server');
    report(server);
    rows.push({ label, all: all.bytes, server: server.bytes });
  }
  const [before, after] = rows;
  console.log(
    `production node_modules: ${mb(before.all)} → ${mb(after.all)} (${mb(after.all - before.all)}); ` +
      `apps/server alone: ${mb(before.server)} → ${mb(after.server)} (${mb(after.server - before.server)})`,
  );
}

if (!args['skip-serve']) {
  await serveTimes('JANUS=off', { JANUS: 'off' });
  await serveTimes('with Janus', {});
}

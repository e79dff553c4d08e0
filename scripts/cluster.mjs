// A local cluster on this machine (README: "Many machines"): two ROLE=all nodes and a worker on
// the local PostgreSQL and Redis. Ctrl-C stops them all.
//   node scripts/cluster.mjs            ports 3001, 3002 (worker 3003)
//   CLUSTER_BASE_PORT=4001 DATABASE_URL=… REDIS_URL=… node scripts/cluster.mjs
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { buildAll, ensureNodeModules, root } from './lib/setup.mjs';
import { ensureSupportedNode } from './lib/runtime.mjs';

await ensureSupportedNode(root);
ensureNodeModules();
buildAll();

const env = process.env;
const basePort = Number(env.CLUSTER_BASE_PORT ?? 3001);
const databaseUrl = env.DATABASE_URL ?? 'postgres://127.0.0.1:5432/meet_cluster';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// The database, made when missing (the local PostgreSQL trusts local connections).
if (!env.DATABASE_URL) {
  const admin = new URL(databaseUrl);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  try {
    execFileSync('psql', [admin.toString(), '-q', '-c', `create database "${name}"`], {
      stdio: 'pipe',
    });
  } catch (error) {
    if (!String(error.stderr).includes('already exists')) throw error;
  }
}

const nodes = [
  { name: 'node-1', role: 'all', port: basePort },
  { name: 'node-2', role: 'all', port: basePort + 1 },
  { name: 'worker', role: 'worker', port: basePort + 2 },
];
const children = nodes.map((node, i) => {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: {
      ...env,
      ROLE: node.role,
      PORT: String(node.port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      // One folder for all: files, recordings' raw pieces and the link key are shared.
      DATA_DIR: path.join(root, 'data', 'cluster'),
      JANUS_RTP_PORTS: `${20000 + i * 1000}-${20999 + i * 1000}`,
      NODE_ENV: env.NODE_ENV ?? 'development',
      MAIL_OUTBOX_HTTP: env.MAIL_OUTBOX_HTTP ?? '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (text) => {
      for (const line of text.split('\n').filter(Boolean)) console.log(`[${node.name}] ${line}`);
    });
  }
  child.on('exit', (code) => console.log(`[${node.name}] exited (${code})`));
  return child;
});
console.log(
  `Cluster on ${databaseUrl} and ${redisUrl}: ${nodes
    .filter((n) => n.role !== 'worker')
    .map((n) => `http://localhost:${n.port}`)
    .join(' and ')} (worker on ${basePort + 2})`,
);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/**
 * Nodes of a cluster for browser tests: the built server started as separate processes on one
 * fresh PostgreSQL database and the machine's Redis, each with its own port and data folder.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const POSTGRES = process.env.TEST_POSTGRES_URL ?? 'postgres://127.0.0.1:5432/test';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ClusterNode {
  url: string;
  port: number;
  process: ChildProcess;
  /** Ends the process at once (SIGKILL), as a crashed machine would. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export interface TestCluster {
  databaseUrl: string;
  start(port: number, env?: Record<string, string>): Promise<ClusterNode>;
  close(): Promise<void>;
}

function psql(sql: string) {
  execFileSync('psql', [POSTGRES, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { stdio: 'pipe' });
}

async function healthy(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not start`);
}

export function createCluster(): TestCluster {
  const name = `e2e_cluster_${process.pid}_${Date.now()}`;
  psql(`create database "${name}"`);
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const nodes: ClusterNode[] = [];
  const dirs: string[] = [];
  return {
    databaseUrl,
    async start(port, env = {}) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'meet-e2e-node-'));
      dirs.push(dataDir);
      const child = spawn(process.execPath, ['../apps/server/dist/server.js'], {
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          REDIS_URL: REDIS,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'development',
          MAIL_OUTBOX_HTTP: '1',
          EMAIL_CODE_IP_DAILY_LIMIT: '10000',
          AUTH_RATE_LIMIT_PER_MINUTE: '10000',
          // Each node's Janus on its own media ports.
          JANUS_RTP_PORTS: `${30000 + (port % 100) * 200}-${30000 + (port % 100) * 200 + 199}`,
          ...env,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[node ${port}] ${chunk}`));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const node: ClusterNode = {
        url: `http://localhost:${port}`,
        port,
        process: child,
        kill: async () => {
          if (child.exitCode === null) child.kill('SIGKILL');
          await exited;
        },
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      };
      nodes.push(node);
      await healthy(node.url, 30_000);
      return node;
    },
    async close() {
      await Promise.all(nodes.map((n) => n.stop()));
      psql(`drop database if exists "${name}" with (force)`);
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Balancer {
  url: string;
  close(): Promise<void>;
}

/**
 * A load balancer in front of api nodes, as a deployment has one: each new TCP connection (HTTP
 * or WebSocket) goes to the first node that accepts it, so when that node dies the next
 * connections go to the others.
 */
export async function startBalancer(port: number, backends: number[]): Promise<Balancer> {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.pause();
    const attempt = (i: number) => {
      if (i >= backends.length) return client.destroy();
      const upstream = net.connect(backends[i]!, '127.0.0.1');
      let connected = false;
      upstream.on('error', () => (connected ? client.destroy() : attempt(i + 1)));
      upstream.once('connect', () => {
        connected = true;
        open.add(upstream);
        client.on('error', () => upstream.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => {
          open.delete(upstream);
          client.destroy();
        });
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    attempt(0);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

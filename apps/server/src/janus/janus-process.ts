/**
 * Runs Janus as a supervised child: started with the parent-death signal so it never outlives
 * us, ready when its websocket port accepts, restarted (with backoff) when it dies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import net from 'node:net';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';

export class JanusMissingError extends Error {}

export async function janusBinary(): Promise<string> {
  for (const candidate of ['/usr/bin/janus', '/usr/local/bin/janus']) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // try the next place
    }
  }
  throw new JanusMissingError(
    'the janus binary is missing: install the Debian package janus (apt-get install janus janus-tools)',
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface JanusProcessEvents {
  ready: [];
  exit: [code: number | null, signal: NodeJS.Signals | null];
}

export class JanusProcess extends EventEmitter<JanusProcessEvents> {
  private child: ChildProcess | undefined;
  private stopping = false;
  private restarts = 0;
  private readyAt = 0;

  constructor(
    private readonly binary: string,
    private readonly configFile: string,
    private readonly confDir: string,
    readonly wsPort: number,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts Janus and resolves once its websocket accepts connections. */
  async start(): Promise<void> {
    this.stopping = false;
    const args = [
      '--pdeathsig',
      'TERM',
      '--',
      this.binary,
      '-C',
      this.configFile,
      '-F',
      this.confDir,
      '-o',
    ];
    const child = spawn('setpriv', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    let tail = '';
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      this.emit('exit', code, signal);
      if (this.stopping) return;
      this.log.error(
        { code, signal, output: tail.split('\n').slice(-15).join('\n') },
        'janus exited; restarting',
      );
      // Fast first restarts; back off if it keeps dying right after start.
      const healthy = Date.now() - this.readyAt > 30_000;
      this.restarts = healthy ? 1 : this.restarts + 1;
      // The first restart is immediate: every second without media is felt by every member.
      const delay = this.restarts <= 1 ? 0 : Math.min(100 * 2 ** (this.restarts - 1), 5000);
      setTimeout(() => {
        if (!this.stopping)
          this.start().catch((error: unknown) =>
            this.log.error({ err: error }, 'janus restart failed'),
          );
      }, delay).unref();
    });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`janus exited during start-up:\n${tail.split('\n').slice(-10).join('\n')}`);
      }
      if (await canConnect(this.wsPort)) {
        this.readyAt = Date.now();
        this.emit('ready');
        return;
      }
      await new Promise((r) => setTimeout(r, 15));
    }
    child.kill('SIGKILL');
    throw new Error('janus did not open its websocket within 10 s');
  }

  /** Kills Janus as a crash would (tests and the restart path use this). */
  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    this.child?.kill(signal);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

/**
 * Runs the release commands of the root package.json (`npm run serve`, `backup`, `restore`) as an
 * operator would, from the checkout root: the built server in its own process group, stopped at
 * the end of the test file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/janus/janus-process.js';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <script> -- ...args` from the checkout root, to its end. */
export function npmRun(
  script: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<Run> {
  return runCommand('npm', ['run', '--silent', script, '--', ...args], env);
}

/** `node <file> ...args` (this Node) from the checkout root: what a script runs with PATH changed. */
export function nodeRun(
  file: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<Run> {
  return runCommand(process.execPath, [file, ...args], env);
}

function runCommand(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

export interface Served {
  child: ChildProcess;
  port: number;
  url: string;
  /** From spawning `npm run serve` to `/healthz` answering 200. */
  readyMs: number;
  output: () => string;
  /** SIGTERM to npm alone; resolves when npm has exited. */
  stop(): Promise<void>;
  /** SIGKILL to whatever is left of its process group (cleanup). */
  kill(): void;
}

/** `npm run serve` on a free port with this environment; resolves once /healthz answers 200. */
export async function serve(env: Record<string, string | undefined>): Promise<Served> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: projectRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // No drain on stop: a test's meetings need no time to end.
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      JANUS: 'off',
      DRAIN_SECONDS: '0',
      ...env,
      PORT: String(port),
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // SIGTERM to npm alone, as systemd sends it (deploy/meet.service, KillMode=mixed): npm passes
  // it on to the server, which stops; whatever is left of the group is killed after 15 s.
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // nothing left
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const force = setTimeout(kill, 15_000);
      await exited;
      clearTimeout(force);
    }
  };
  const url = `http://127.0.0.1:${port}`;
  // Seconds, but a minute and more on a machine busy with other test runs.
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) {
        const readyMs = Math.round(performance.now() - started);
        return { child, port, url, readyMs, output: () => output, stop, kill };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  kill();
  throw new Error(`npm run serve did not become ready:\n${output}`);
}

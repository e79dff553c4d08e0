/**
 * The TURN server of the browser tests: Debian's coturn (`turnserver`) on the machine's own IPv4
 * address — WebRTC here runs on that interface, as Janus does, never on `lo` — checking the
 * server's time-limited credentials with a shared secret (`use-auth-secret`). playwright.config.ts
 * gives the server the same address and secret (TURN_URLS, TURN_SECRET); coturn runs only while
 * a test that needs it has started it (the credentials are checked only when used).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';

export interface TurnSettings {
  ip: string;
  port: number;
  secret: string;
  /** The UDP ports relayed media comes and goes through. */
  relayPorts: { min: number; max: number };
}

/** The interface of the default route (as the server picks Janus's), else any non-loopback one. */
function ownIpv4(): string {
  let routed: string | undefined;
  try {
    routed = readFileSync('/proc/net/route', 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .find(
        ([, destination, , flags]) => destination === '00000000' && Number(`0x${flags}`) & 1,
      )?.[0];
  } catch {
    // Not Linux: any non-loopback address below.
  }
  const all = networkInterfaces();
  const ipv4 = (name: string) =>
    all[name]?.find((a) => a.family === 'IPv4' && !a.internal)?.address;
  const ip = (routed && ipv4(routed)) ?? Object.keys(all).map(ipv4).find(Boolean);
  if (!ip) throw new Error('no non-loopback IPv4 address for the TURN server');
  return ip;
}

/**
 * The run's TURN settings, the same in the config and in every worker: made once, kept in the
 * environment the workers inherit. The port follows E2E_PORT, so runs on other ports don't meet.
 */
export function turnSettings(e2ePort: number): TurnSettings {
  process.env.E2E_TURN_IP ??= ownIpv4();
  process.env.E2E_TURN_PORT ??= String(e2ePort + 1000);
  process.env.E2E_TURN_SECRET ??= randomBytes(18).toString('base64url');
  const [min, max] = (process.env.E2E_TURN_RELAY_PORTS ?? '49152-49651').split('-').map(Number);
  return {
    ip: process.env.E2E_TURN_IP,
    port: Number(process.env.E2E_TURN_PORT),
    secret: process.env.E2E_TURN_SECRET,
    relayPorts: { min: min!, max: max! },
  };
}

export const turnUrl = (s: TurnSettings) => `turn:${s.ip}:${s.port}?transport=udp`;

export interface TurnServer {
  /** coturn's log so far (verbose: one line per allocation, with its user). */
  log(): string;
  stop(): Promise<void>;
}

/** Starts coturn and resolves once it listens; fails with its log if it cannot. */
export async function startTurnServer(s: TurnSettings): Promise<TurnServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'meet-e2e-turn-'));
  const logFile = path.join(dir, 'turn.log');
  // Logged to a file: coturn buffers its standard output, which would hold the lines back.
  const child = spawn(
    'turnserver',
    [
      '-n',
      '--verbose',
      `--listening-ip=${s.ip}`,
      `--relay-ip=${s.ip}`,
      `--listening-port=${s.port}`,
      `--min-port=${s.relayPorts.min}`,
      `--max-port=${s.relayPorts.max}`,
      '--use-auth-secret',
      `--static-auth-secret=${s.secret}`,
      '--realm=meet',
      '--fingerprint',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--no-stdout-log',
      '--simple-log',
      `--log-file=${logFile}`,
      `--db=${path.join(dir, 'turndb')}`,
      `--pidfile=${path.join(dir, 'turnserver.pid')}`,
    ],
    { stdio: 'ignore' },
  );
  const log = () => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let failure: Error | undefined;
  child.once('error', (error) => {
    failure =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? new Error('turnserver not found: install Debian’s coturn (apt-get install -y coturn)')
        : error;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const listening = `UDP listener opened on: ${s.ip}:${s.port}`;
  const deadline = Date.now() + 10_000;
  while (!log().includes(listening)) {
    if (failure || child.exitCode !== null || Date.now() > deadline) {
      const text = log();
      await stop();
      throw failure ?? new Error(`coturn did not start on ${s.ip}:${s.port}:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { log, stop };
}

// What the load tool and the soak share: the built server started as a child process with limits
// out of the way, accounts made through the API, the worker threads hosting synthetic members,
// and small statistics.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { post } from './member.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const median = (list) => {
  if (!list.length) return null;
  const s = [...list].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const mean = (list) => (list.length ? list.reduce((a, b) => a + b, 0) / list.length : null);
export const round = (v, d = 1) =>
  v === null || v === undefined ? null : Math.round(v * 10 ** d) / 10 ** d;

/**
 * The child processes a benchmark starts (server, ffmpeg), killed however the script ends: a
 * normal exit, an error or Ctrl-C.
 */
export function childProcesses(log) {
  const children = new Set();
  process.on('exit', (code) => {
    if (code !== 0) log(`exiting with code ${code}`);
    for (const child of children) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(signal, () => {
      log(`${signal}: stopping`);
      process.exit(1);
    });
  return children;
}

/** The operator's token of the servers started here: /healthz tells it Janus's process. */
const ADMIN_TOKEN = 'bench-operator-token-0123456789abcdef';

/** /healthz as the operator reads it (Janus's state, process id and restarts). */
export async function operatorHealth(base, timeoutMs = 5000) {
  const res = await fetch(`${base}/healthz`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    signal: AbortSignal.timeout(timeoutMs),
  });
  return res.json();
}

/**
 * Starts `apps/server/dist/server.js` (or `script`, another build's server.js) and resolves once
 * it prints `Ready on`. Its warnings and errors (and Janus's through it) are pushed to `errors`
 * for the report.
 */
export function startServer({ root, script, port, dataDir, rtpPorts, env = {}, errors, children }) {
  const serverJs = script ?? path.join(root, 'apps/server/dist/server.js');
  const child = spawn(process.execPath, [serverJs], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      JANUS_RTP_PORTS: rtpPorts,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      MAIL_OUTBOX_HTTP: '1',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      EMAIL_CODE_IP_DAILY_LIMIT: '100000',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000',
      ADMIN_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const keep = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line.trim() || line.includes('Ready on')) continue;
      errors.push(line.slice(0, 400));
    }
  };
  child.stderr.on('data', keep);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('Ready on')) {
        child.stdout.removeAllListeners('data');
        child.stdout.on('data', keep);
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
}

/** A registered account (the code read from the development outbox); its sign-in payload. */
export async function registeredUser(base, prefix) {
  const email = `${prefix}-${Date.now()}@example.com`;
  await post(base, 'user/generateEmailVerifyCode', { email, type: 'register' });
  const mails = await (await fetch(`${base}/dev/mail?to=${encodeURIComponent(email)}`)).json();
  const code = /\d{6}/.exec(mails[0].text)[0];
  return (await post(base, 'user/emailRegister', { email, code, password: 'bench123' })).payload;
}

export const visitor = async (base, name) =>
  (
    await post(base, 'user/visitorLogin', {
      uuid: `load-${name}-${Math.random().toString(36).slice(2, 14)}`,
      visitors: true,
    })
  ).payload;

/** A worker thread hosting members (./worker.mjs), called through messages. */
export class MemberHost {
  constructor(log) {
    this.worker = new Worker(new URL('./worker.mjs', import.meta.url));
    this.calls = new Map();
    this.serial = 0;
    this.worker.on('message', ({ id, result, error }) => {
      const call = this.calls.get(id);
      this.calls.delete(id);
      if (error) call?.reject(new Error(error));
      else call?.resolve(result);
    });
    this.worker.on('error', (error) => log('worker error', error));
    this.elu = this.worker.performance.eventLoopUtilization();
  }

  call(method, ...args) {
    const id = ++this.serial;
    return new Promise((resolve, reject) => {
      this.calls.set(id, { resolve, reject });
      this.worker.postMessage({ id, method, args });
    });
  }

  media(kind, buf) {
    this.worker.postMessage({ media: kind, buf });
  }

  /** Event-loop busy % since the last call. */
  loopBusy() {
    const now = this.worker.performance.eventLoopUtilization();
    const busy = this.worker.performance.eventLoopUtilization(now, this.elu).utilization * 100;
    this.elu = now;
    return busy;
  }
}

// CPU and memory of processes from /proc (Linux): utime+stime ticks of /proc/<pid>/stat and VmRSS.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** [utime+stime in seconds, parent pid, command name], or null when the process is gone. */
function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { cpu: (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND, ppid: Number(f[1]), comm };
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far, or null when it is gone. */
export const cpuSeconds = (pid) => stat(pid)?.cpu ?? null;

export function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** The pid of a direct child of `parent` whose command name starts with `name`. */
export function childPid(parent, name) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(entry);
    if (s && s.ppid === parent && s.comm.startsWith(name)) return Number(entry);
  }
  return null;
}

/** Whole machine: busy and total jiffies of all cores. */
function machine() {
  const f = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const idle = f[3] + f[4];
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * Samples every `intervalMs`: CPU% (of one core) and RSS of each named pid, the load tool's own
 * CPU (process.cpuUsage, all its threads), and the machine's busy % (of all cores).
 * `extra()` adds fields to each sample (e.g. forwarded streams).
 */
export function startSampler(pids, extra = () => ({}), intervalMs = 1000) {
  const samples = [];
  let last = {
    at: performance.now(),
    cpu: Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, stat(pid)?.cpu ?? 0])),
    self: process.cpuUsage(),
    loop: performance.eventLoopUtilization(),
    machine: machine(),
  };
  const timer = setInterval(() => {
    const now = {
      at: performance.now(),
      cpu: Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, stat(pid)?.cpu ?? 0])),
      self: process.cpuUsage(),
      loop: performance.eventLoopUtilization(),
      machine: machine(),
    };
    const dt = (now.at - last.at) / 1000;
    const sample = { t: Date.now() };
    for (const [k, pid] of Object.entries(pids)) {
      sample[`${k}Cpu`] = ((now.cpu[k] - last.cpu[k]) / dt) * 100;
      sample[`${k}RssMb`] = rssMb(pid);
    }
    sample.toolCpu =
      ((now.self.user - last.self.user + now.self.system - last.self.system) / 1e6 / dt) * 100;
    sample.toolLoop = performance.eventLoopUtilization(now.loop, last.loop).utilization * 100;
    sample.toolRssMb = process.memoryUsage.rss() / 1024 / 1024;
    sample.machineBusy =
      ((now.machine.busy - last.machine.busy) / (now.machine.total - last.machine.total)) * 100;
    Object.assign(sample, extra());
    samples.push(sample);
    last = now;
  }, intervalMs);
  return {
    samples,
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

/** Socket inodes a process holds. */
function socketInodes(pid) {
  const out = new Set();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) out.add(m[1]);
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    // gone
  }
  return out;
}

/**
 * UDP datagrams dropped so far (receive buffer full) on the sockets each process holds, from
 * /proc/net/udp's per-socket drop counter: who could not keep up with what arrives.
 */
export function udpDrops(pids) {
  const byInode = new Map([...udpTable()].map(([inode, s]) => [inode, s.drops]));
  const out = {};
  for (const [name, pid] of Object.entries(pids)) {
    let drops = 0;
    for (const inode of socketInodes(pid)) drops += byInode.get(inode) ?? 0;
    out[name] = drops;
  }
  return out;
}

/** inode → { rxQueue bytes, drops } of every UDP socket. */
function udpTable() {
  const out = new Map();
  const lines = readFileSync('/proc/net/udp', 'utf8').trim().split('\n').slice(1);
  for (const line of lines) {
    const f = line.trim().split(/\s+/);
    out.set(f[9], { rxQueue: parseInt(f[4].split(':')[1], 16), drops: Number(f.at(-1)) });
  }
  return out;
}

/**
 * Bytes waiting in a process's UDP receive queues: the largest one and the total. A queue that
 * stays full means the process reads its packets late (its own backlog, in time).
 */
export function udpQueued(pid) {
  const table = udpTable();
  let max = 0;
  let total = 0;
  for (const inode of socketInodes(pid)) {
    const q = table.get(inode)?.rxQueue ?? 0;
    total += q;
    if (q > max) max = q;
  }
  return { max, total };
}

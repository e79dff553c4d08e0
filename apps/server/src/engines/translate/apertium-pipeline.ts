/**
 * One Apertium translation direction as a persistent pipeline. `apertium` starts a dozen
 * processes and loads their dictionaries for every call (0.4–0.6 s); kept running in null-flush
 * mode, where each text ends in a NUL byte and every stage flushes on it, a sentence takes
 * 5–15 ms. Texts are queued and answered in order, one NUL-terminated answer each.
 */
import { execFile, spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Longest wait for one answer before the pipeline is deemed stuck and restarted. */
const ANSWER_TIMEOUT_MS = 10_000;

/**
 * The mode's shell pipeline with null-flush on. lttoolbox 3.7's `lt-proc -b` does not flush its
 * C stdio buffer on NUL, which stalls the whole pipe, so every stage's stdout is unbuffered.
 */
export async function pipelineCommand(modeFile: string): Promise<string> {
  const { stdout } = await run('apertium-wblank-mode', ['-z', modeFile]);
  return stdout
    .trim()
    .split(' | ')
    .map((stage) => `stdbuf -o0 ${stage}`)
    .join(' | ');
}

/** Apertium's stream format reserves these; plain text escapes them with a backslash. */
function escape(text: string): string {
  return text.replace(/[\\[\]^$/@<>{}]/g, (c) => `\\${c}`);
}

function unescape(text: string, source: string): string {
  let out = text.replace(/\\(.)/g, '$1');
  // -n drops the unknown-word mark (*); words the transfer or generator could not handle still
  // carry @ or #, which mean nothing to a reader.
  if (!source.includes('@')) out = out.replace(/@(?=\S)/g, '');
  if (!source.includes('#')) out = out.replace(/#(?=\S)/g, '');
  return out.replace(/\s+/g, ' ').trim();
}

interface Waiting {
  source: string;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class ApertiumPipeline {
  private readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  private readonly waiting: Waiting[] = [];
  private output = '';
  private stderr = '';
  private dead: Error | undefined;
  private closing = false;
  readonly exited: Promise<void>;

  constructor(
    readonly direction: string,
    command: string,
  ) {
    // Its own process group, so close() can end every stage at once if one hangs.
    this.child = spawn('bash', ['-c', command, 'apertium', '-n', ''], {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.read(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-1000);
    });
    this.child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      const gone = (reason: string) => {
        this.dead ??= new Error(
          `apertium ${direction} ${this.closing ? 'closed' : reason}${this.stderr ? `: ${this.stderr.trim()}` : ''}`,
        );
        for (const w of this.waiting.splice(0)) {
          clearTimeout(w.timer);
          w.reject(this.dead);
        }
        resolve();
      };
      this.child.once('error', (error) => gone(`could not start (${error.message})`));
      this.child.once('exit', (code, signal) =>
        gone(signal ? `killed by ${signal}` : `exited with code ${code}`),
      );
    });
  }

  get alive(): boolean {
    return !this.dead;
  }

  private read(chunk: string): void {
    this.output += chunk;
    let end: number;
    while ((end = this.output.indexOf('\0')) >= 0) {
      const answer = this.output.slice(0, end);
      this.output = this.output.slice(end + 1);
      const w = this.waiting.shift();
      if (!w) continue;
      clearTimeout(w.timer);
      w.resolve(unescape(answer, w.source));
    }
  }

  translate(text: string): Promise<string> {
    if (this.dead) return Promise.reject(this.dead);
    const source = text.replace(/[\0\r\n]+/g, ' ').trim();
    if (source === '') return Promise.resolve('');
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.dead ??= new Error(
          `apertium ${this.direction} gave no answer within ${ANSWER_TIMEOUT_MS} ms`,
        );
        this.kill();
      }, ANSWER_TIMEOUT_MS);
      this.waiting.push({ source, resolve, reject, timer });
      // The trailing space keeps a final full stop: without it the analyser holds it back.
      this.child.stdin.write(`${escape(source)} \0`);
    });
  }

  private kill(): void {
    if (this.child.pid === undefined || this.child.exitCode !== null) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  /** Ending stdin lets each stage finish and exit in turn; a stuck pipeline is killed. */
  async close(): Promise<void> {
    this.closing = true;
    this.child.stdin.end();
    const timer = setTimeout(() => this.kill(), 2000);
    await this.exited;
    clearTimeout(timer);
  }
}

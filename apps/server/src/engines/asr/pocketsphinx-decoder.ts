/**
 * One ps-decoder process (apps/server/native/ps-decoder.c): PocketSphinx with its models loaded,
 * decoding one utterance at a time over a framed stdin/stdout protocol (described in the C file).
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { pcmBytes } from '../audio/pcm.js';

/** Where `native/build.mjs` puts the decoder, found from src/ (tests) and from dist/ (bundle). */
export function findDecoderBinary(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'native', 'dist', 'ps-decoder');
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** Partial hypotheses are computed after every this much audio (300 ms). */
const PARTIAL_SAMPLES = 4800;
/**
 * A decoder owing an utterance's end is given all the time it needs while it works: on a busy
 * machine it is slow, not stuck, and killing it loses the words (issue 31). It is stuck when it
 * used no CPU at all for this long while owing the answer (read from /proc), …
 */
export const DECODER_STALL_MS = 30_000;
/** … or, whatever its CPU, when it has not answered after this long (a decoder in a loop). */
const DECODER_MAX_END_MS = 5 * 60_000;

export interface DecoderOptions {
  binary: string;
  modelDir: string;
  args: readonly string[];
  /** How long a decoder owing an answer may use no CPU before it counts as stuck (tests). */
  stallMs?: number;
}

/** CPU time (clock ticks, user + system) a process has used, or undefined without /proc. */
export function cpuTicks(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (name) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt
    // utime stime …
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

export interface DecoderResult {
  text: string;
  /** The cepstral mean at the end: the starting point for the same speaker's next utterance. */
  cmn: Buffer;
}

export class PocketsphinxDecoder {
  private readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  private pending: Buffer = Buffer.alloc(0);
  private stderr = '';
  private lastCmn: Buffer | undefined;
  private ending: { resolve: (r: DecoderResult) => void; reject: (e: Error) => void } | undefined;
  private exitError: Error | undefined;
  private partialListener: ((text: string) => void) | undefined;
  /** Resolves with the model's initial cepstral mean once the models are loaded. */
  readonly ready: Promise<Buffer>;
  /** Settles when the process is gone, with the reason when it was not asked to stop. */
  readonly exited: Promise<Error | undefined>;
  private closing = false;
  /** Why this decoder was killed as stuck, when it was. */
  private stuck: string | undefined;
  private readonly stallMs: number;

  constructor(options: DecoderOptions) {
    const { binary, modelDir, args } = options;
    this.stallMs = options.stallMs ?? DECODER_STALL_MS;
    this.child = spawn(
      binary,
      [
        '--partial-samples',
        String(PARTIAL_SAMPLES),
        '-hmm',
        path.join(modelDir, 'en-us'),
        '-lm',
        path.join(modelDir, 'en-us.lm.bin'),
        '-dict',
        path.join(modelDir, 'cmudict-en-us.dict'),
        '-logfn',
        '/dev/null',
        ...args,
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let onReady!: (cmn: Buffer) => void;
    let onFail!: (error: Error) => void;
    this.ready = new Promise<Buffer>((resolve, reject) => {
      onReady = resolve;
      onFail = reject;
    });
    // A decoder that never gets used must not leave an unhandled rejection behind.
    this.ready.catch(() => undefined);
    this.child.stdout.on('data', (chunk: Buffer) => this.read(chunk, onReady));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-2000);
    });
    // Writes to a process that just died fail with EPIPE; the exit handler reports it.
    this.child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      const gone = (reason: string) => {
        const error = this.closing
          ? undefined
          : new Error(
              `pocketsphinx decoder ${this.stuck ?? reason}${this.stderr ? `: ${this.stderr.trim()}` : ''}`,
            );
        this.exitError = error ?? new Error('pocketsphinx decoder closed');
        onFail(this.exitError);
        this.ending?.reject(this.exitError);
        this.ending = undefined;
        resolve(error);
      };
      this.child.once('error', (error) => gone(`could not start (${error.message})`));
      this.child.once('exit', (code, signal) =>
        gone(signal ? `killed by ${signal}` : `exited with code ${code}`),
      );
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private send(type: string, payload?: Buffer): void {
    if (this.exitError) return;
    const header = Buffer.alloc(5);
    header[0] = type.charCodeAt(0);
    header.writeUInt32LE(payload?.length ?? 0, 1);
    this.child.stdin.write(payload?.length ? Buffer.concat([header, payload]) : header);
  }

  private read(chunk: Buffer, onReady: (cmn: Buffer) => void): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (this.pending.length >= 5) {
      const length = this.pending.readUInt32LE(1);
      if (this.pending.length < 5 + length) break;
      const type = String.fromCharCode(this.pending[0]!);
      const payload = Buffer.from(this.pending.subarray(5, 5 + length));
      this.pending = this.pending.subarray(5 + length);
      switch (type) {
        case 'R':
          onReady(payload);
          break;
        case 'P':
          this.partialListener?.(payload.toString('utf8'));
          break;
        case 'C':
          this.lastCmn = payload;
          break;
        case 'F': {
          const ending = this.ending;
          this.ending = undefined;
          this.partialListener = undefined;
          ending?.resolve({ text: payload.toString('utf8').trim(), cmn: this.lastCmn! });
          break;
        }
      }
    }
  }

  /** Starts an utterance from `cmn` (a speaker's last cepstral mean) or the running one. */
  begin(cmn: Buffer | undefined, onPartial: (text: string) => void): void {
    this.partialListener = onPartial;
    this.send('B', cmn);
  }

  audio(pcm: Int16Array): void {
    if (pcm.length > 0) this.send('A', pcmBytes(pcm));
  }

  /**
   * Watches a decoder that owes an answer: killed only when truly stuck (no CPU used for
   * `stallMs`, or no answer after DECODER_MAX_END_MS), never merely for being slow.
   */
  private watch(): () => void {
    const started = Date.now();
    let movedAt = started;
    let ticks = cpuTicks(this.child.pid);
    const timer = setInterval(
      () => {
        const now = Date.now();
        const current = cpuTicks(this.child.pid);
        if (current === undefined || current !== ticks) {
          ticks = current;
          movedAt = now;
        }
        const stalled = now - movedAt >= this.stallMs;
        if (!stalled && now - started < DECODER_MAX_END_MS) return;
        this.stuck = stalled
          ? `stuck (no CPU used for ${Math.round((now - movedAt) / 1000)} s)`
          : `stuck (no answer after ${Math.round((now - started) / 1000)} s)`;
        clearInterval(timer);
        this.child.kill('SIGKILL');
      },
      Math.min(1000, this.stallMs / 4),
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Ends the utterance; resolves with its text once the decoder has caught up. */
  end(): Promise<DecoderResult> {
    if (this.exitError) return Promise.reject(this.exitError);
    const stop = this.watch();
    const result = new Promise<DecoderResult>((resolve, reject) => {
      this.ending = {
        resolve: (r) => {
          stop();
          resolve(r);
        },
        reject: (e) => {
          stop();
          reject(e);
        },
      };
    });
    // Partials of the audio sent before the end still come (a decoder behind on a busy machine
    // gives them after this call); the final comes after them and ends the utterance.
    this.send('E');
    return result;
  }

  /** Ends the process: closing stdin lets it exit by itself; a stuck one is killed. */
  async close(): Promise<void> {
    this.closing = true;
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
    await this.exited;
    clearTimeout(timer);
  }
}

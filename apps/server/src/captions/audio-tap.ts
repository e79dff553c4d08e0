/**
 * One member's voice as 16 kHz mono PCM: Janus forwards the Opus stream of their microphone as
 * plain RTP to a local UDP port, where ffmpeg (started first) decodes it to s16le on its stdout
 * (ARCHITECTURE.md, "Captions"). Started when the member speaks, stopped when they go quiet for
 * a while, so only speaking members cost work.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import dgram from 'node:dgram';
import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { JanusGateway } from '../janus/janus-gateway.js';

export const TAP_SAMPLE_RATE = 16_000;
const OPUS_PT = 111;

export interface AudioTapEvents {
  /** Decoded audio, in order. */
  pcm: [samples: Int16Array];
  /** The tap stopped by itself (ffmpeg ended, the forward failed). */
  closed: [reason: string];
}

/** Where a speaker's audio comes from: Janus through ffmpeg here; a test may play a file. */
export interface Tap extends EventEmitter<AudioTapEvents> {
  start(): Promise<void>;
  close(reason?: string): Promise<void>;
  /** Server time (ms) of the first sample. */
  readonly startedAt: number;
  /** Server time (ms) of a sample index in this tap's stream. */
  timeOf(sample: number): number;
}

/** A UDP port nobody listens on right now (ffmpeg binds it a moment later). */
async function freeUdpPort(): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', resolve);
  });
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

export class AudioTap extends EventEmitter<AudioTapEvents> implements Tap {
  private ffmpeg: ChildProcessByStdio<Writable, Readable, Readable> | undefined;
  private forwarder: number | undefined;
  private carry: Buffer | undefined;
  private closed = false;
  /** Server time (ms) of the first decoded sample. */
  startedAt = 0;
  /** Samples decoded so far. */
  samples = 0;

  constructor(
    private readonly gateway: JanusGateway,
    private readonly room: number,
    private readonly feed: number,
    private readonly mid: string,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
  }

  async start(): Promise<void> {
    const port = await freeUdpPort();
    const sdp = [
      'v=0',
      'o=- 0 0 IN IP4 127.0.0.1',
      's=meeting-audio',
      'c=IN IP4 127.0.0.1',
      't=0 0',
      `m=audio ${port} RTP/AVP ${OPUS_PT}`,
      `a=rtpmap:${OPUS_PT} opus/48000/2`,
      'a=recvonly',
      '',
    ].join('\r\n');
    const ffmpeg = spawn(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-protocol_whitelist',
        'pipe,udp,rtp',
        '-fflags',
        'nobuffer',
        '-flags',
        'low_delay',
        '-probesize',
        '32',
        '-analyzeduration',
        '0',
        '-f',
        'sdp',
        '-i',
        'pipe:0',
        '-vn',
        // Opus DTX sends a packet every 400 ms in silence: fill the gaps its timestamps leave
        // with silence, so the time line (and the end of an utterance) keeps up.
        '-af',
        'aresample=async=1',
        '-ac',
        '1',
        '-ar',
        String(TAP_SAMPLE_RATE),
        '-f',
        's16le',
        'pipe:1',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.ffmpeg = ffmpeg;
    ffmpeg.stdin.end(sdp);
    let stderr = '';
    ffmpeg.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-400);
    });
    ffmpeg.stdout.on('data', (chunk: Buffer) => this.handleData(chunk));
    ffmpeg.on('exit', (code) => {
      if (!this.closed) {
        this.log.warn({ code, stderr }, 'caption audio decoder stopped');
        void this.close('decoder stopped');
      }
    });
    ffmpeg.on('error', (error) => {
      this.log.error({ err: error }, 'ffmpeg could not start (install the Debian package ffmpeg)');
      void this.close('no decoder');
    });
    // ffmpeg reads the SDP and binds the port in a few milliseconds; RTP sent before that is lost.
    await new Promise((r) => setTimeout(r, 150));
    if (this.closed) return;
    this.forwarder = await this.gateway.forwardStream(
      this.room,
      this.feed,
      this.mid,
      port,
      OPUS_PT,
    );
  }

  private handleData(chunk: Buffer): void {
    const data = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const usable = data.length - (data.length % 2);
    this.carry = usable < data.length ? data.subarray(usable) : undefined;
    if (usable === 0) return;
    // Copy into an aligned buffer: Int16Array needs an even byte offset.
    const samples = new Int16Array(usable / 2);
    Buffer.from(samples.buffer).set(data.subarray(0, usable));
    if (this.samples === 0) this.startedAt = Date.now() - (samples.length / TAP_SAMPLE_RATE) * 1000;
    this.samples += samples.length;
    this.emit('pcm', samples);
  }

  /** Server time (ms) of a sample index in this tap's stream. */
  timeOf(sample: number): number {
    return Math.round(this.startedAt + (sample / TAP_SAMPLE_RATE) * 1000);
  }

  async close(reason = 'stopped'): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.forwarder !== undefined)
      await this.gateway.stopForward(this.room, this.feed, this.forwarder);
    this.ffmpeg?.kill('SIGTERM');
    this.emit('closed', reason);
    this.removeAllListeners('pcm');
  }
}

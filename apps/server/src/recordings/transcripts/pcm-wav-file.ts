/**
 * A recording's audio as the speech pass reads it (a member's own track, or the mix): a 16 kHz
 * mono 16-bit WAV file, read a stretch at a time (two hours are 230 MB).
 */
import { open, type FileHandle } from 'node:fs/promises';
import { ASR_SAMPLE_RATE } from '../../engines/audio/pcm.js';

/** Samples read at once (2 s). */
const CHUNK_SAMPLES = 2 * ASR_SAMPLE_RATE;

export class PcmWavFile {
  private constructor(
    private readonly file: FileHandle,
    private readonly dataOffset: number,
    /** Samples in the file. */
    readonly length: number,
  ) {}

  /** Opens the file and checks it is 16 kHz mono 16-bit PCM; anything else is an Error. */
  static async open(path: string): Promise<PcmWavFile> {
    const file = await open(path, 'r');
    try {
      const size = (await file.stat()).size;
      const head = Buffer.alloc(Math.min(size, 64 * 1024));
      await file.read(head, 0, head.length, 0);
      if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') {
        throw new Error(`${path} is not a WAV file`);
      }
      let offset = 12;
      let format: { code: number; channels: number; rate: number; bits: number } | undefined;
      while (offset + 8 <= head.length) {
        const id = head.toString('ascii', offset, offset + 4);
        const chunkSize = head.readUInt32LE(offset + 4);
        const body = offset + 8;
        if (id === 'fmt ') {
          format = {
            code: head.readUInt16LE(body),
            channels: head.readUInt16LE(body + 2),
            rate: head.readUInt32LE(body + 4),
            bits: head.readUInt16LE(body + 14),
          };
        } else if (id === 'data') {
          if (!format) throw new Error(`${path}: WAV data before its format`);
          const pcm = (format.code === 1 || format.code === 0xfffe) && format.bits === 16;
          if (!pcm || format.channels !== 1 || format.rate !== ASR_SAMPLE_RATE) {
            throw new Error(
              `${path}: ${format.rate} Hz, ${format.channels} channel(s), ${format.bits} bits (format ${format.code}); the speech pass needs 16 kHz mono 16-bit PCM`,
            );
          }
          // A WAV written as a stream may carry a placeholder size: the data runs to the end.
          const bytes = Math.min(chunkSize, size - body);
          return new PcmWavFile(file, body, Math.floor(bytes / 2));
        }
        offset = body + chunkSize + (chunkSize % 2);
      }
      throw new Error(`${path}: no WAV data found`);
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /** Milliseconds of audio. */
  get durationMs(): number {
    return (this.length / ASR_SAMPLE_RATE) * 1000;
  }

  /** Samples [from, to) (clipped to the file), a few seconds at a time. */
  async *read(from: number, to: number): AsyncGenerator<Int16Array> {
    const end = Math.min(to, this.length);
    for (let at = Math.max(0, from); at < end; at += CHUNK_SAMPLES) {
      const samples = new Int16Array(Math.min(CHUNK_SAMPLES, end - at));
      const bytes = Buffer.from(samples.buffer);
      const { bytesRead } = await this.file.read(bytes, 0, bytes.length, this.dataOffset + at * 2);
      yield bytesRead === bytes.length ? samples : samples.subarray(0, bytesRead >> 1);
      if (bytesRead < bytes.length) return;
    }
  }

  async close(): Promise<void> {
    await this.file.close();
  }
}

/** WAV files of 16-bit PCM: what the HTTP engines send and espeak-ng and speech servers return. */
import { pcmBytes } from './pcm.js';

export function encodeWav(pcm: Int16Array, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.byteLength, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.byteLength, 40);
  return Buffer.concat([header, pcmBytes(pcm)]);
}

export function isWav(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 12 &&
    Buffer.from(bytes.buffer, bytes.byteOffset, 4).toString('ascii') === 'RIFF' &&
    Buffer.from(bytes.buffer, bytes.byteOffset + 8, 4).toString('ascii') === 'WAVE'
  );
}

/**
 * Mono samples and rate of a 16-bit PCM WAV (stereo is mixed down). A streamed WAV's sizes are
 * placeholders (espeak-ng writes 0x7ffff000), so the data runs to the end of what arrived.
 */
export function parseWav(bytes: Uint8Array): { sampleRate: number; pcm: Int16Array } {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!isWav(buf)) throw new Error('not a WAV file');
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = buf.readUInt16LE(body);
      channels = buf.readUInt16LE(body + 2);
      sampleRate = buf.readUInt32LE(body + 4);
      const bits = buf.readUInt16LE(body + 14);
      // 0xfffe is WAVE_FORMAT_EXTENSIBLE, which servers use for plain PCM too.
      if ((format !== 1 && format !== 0xfffe) || bits !== 16) {
        throw new Error(`unsupported WAV: format ${format}, ${bits} bits (expected 16-bit PCM)`);
      }
    } else if (id === 'data') {
      if (!sampleRate || !channels) throw new Error('WAV data before its format');
      const end = Math.min(buf.length, body + size);
      const frames = Math.floor((end - body) / (2 * channels));
      const pcm = new Int16Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) sum += buf.readInt16LE(body + (i * channels + c) * 2);
        pcm[i] = Math.round(sum / channels);
      }
      return { sampleRate, pcm };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV without data');
}

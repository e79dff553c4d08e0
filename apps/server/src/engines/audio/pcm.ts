/** Sample formats and rates shared by the engines: PCM is mono signed 16-bit. */

/** What speech recognition and voice activity detection take. */
export const ASR_SAMPLE_RATE = 16_000;

/**
 * What every speech synthesis engine returns: OpenAI-compatible speech is 24 kHz, and espeak-ng's
 * 22.05 kHz is resampled up to it, so the interpretation audio has one rate whatever the engine.
 */
export const TTS_SAMPLE_RATE = 24_000;

export function toFloat32(pcm: Int16Array): Float32Array {
  const out = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = pcm[i]! / 32768;
  return out;
}

export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.round(samples[i]! * 32768);
    out[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
  return out;
}

export function concatPcm(parts: readonly Int16Array[]): Int16Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Int16Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The samples' bytes, little-endian as on every machine we run on, without copying. */
export function pcmBytes(pcm: Int16Array): Buffer {
  return Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
}

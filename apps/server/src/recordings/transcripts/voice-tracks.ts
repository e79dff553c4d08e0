/**
 * Each member's own voice for the transcript pass: the Opus file janus-pp-rec made of their .mjr
 * (no transcoding) decoded straight to 16 kHz mono 16-bit WAV in one ffmpeg step — the decoder
 * and the one resampler live captions use (captions/audio-tap.ts: Opus → `aresample=async=1`,
 * mono, 16 kHz) — rather than read back from the recording's mix, which adds everyone else's
 * microphone and goes through 48 kHz, the mixer and a second resampler first.
 */
import path from 'node:path';
import { ASR_SAMPLE_RATE } from '../../engines/audio/pcm.js';
import { run } from '../compose/media-tools.js';

/** A member's sound file placed on the recording's time line (remux-streams.ts). */
export interface VoiceTrack {
  userId: number;
  path: string;
  /** Ms from the recording's start. */
  offsetMs: number;
}

/** A member's voice ready for the speech pass. */
export interface VoiceAudio {
  userId: number;
  /** 16 kHz mono 16-bit WAV. */
  audioPath: string;
  offsetMs: number;
}

/** Decodes every track into `dir` (one at a time); a track ffmpeg cannot read is left out. */
export async function decodeVoices(
  tracks: readonly VoiceTrack[],
  dir: string,
  signal?: AbortSignal,
): Promise<{ voices: VoiceAudio[]; failed: string[] }> {
  const voices: VoiceAudio[] = [];
  const failed: string[] = [];
  for (const [i, track] of tracks.entries()) {
    const audioPath = path.join(dir, `voice-${i}-${track.userId}.wav`);
    try {
      await run(
        'ffmpeg',
        [
          ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', track.path, '-vn'],
          // As the compose run places it: gaps its timestamps leave filled, from its first pts.
          ...['-af', 'aresample=async=1:first_pts=0', '-ac', '1', '-ar', String(ASR_SAMPLE_RATE)],
          ...['-c:a', 'pcm_s16le', audioPath],
        ],
        { signal },
      );
      voices.push({ userId: track.userId, audioPath, offsetMs: track.offsetMs });
    } catch (error) {
      if (signal?.aborted) throw error;
      failed.push(track.path);
    }
  }
  return { voices, failed };
}

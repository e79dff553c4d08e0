/** How recordings are encoded (measured with scripts/bench/compose.mjs; README "Cloud recording"). */
import type { EncodeSettings } from './compose-plan.js';

export interface RecordingSettings {
  encode: EncodeSettings;
  /**
   * The video is composed in parts at once: at most `max` (default: the machine's cores), each
   * at least `minMs` long.
   */
  parts: { max?: number; minMs: number };
}

export const RECORDING_DEFAULTS: RecordingSettings = {
  // superfast at crf 28: 45 CPU-s for 2 minutes of a 4-member meeting against veryfast crf 26's
  // 57 (≈ 5.3x real time on two idle cores instead of ≈ 4.3x), for files about 1.5x larger
  // (~12 MB a minute). Without B-frames and with the quickest sub-pixel search, x264 takes 34%
  // less CPU (3.97 against 6.04 CPU-s a minute of the benchmark's picture) for the same SSIM
  // against the unencoded picture (0.9945 against 0.9948) and an 8% larger file; and parts
  // without B-frames join simply (no reordered frames at the cut).
  encode: {
    fps: 15,
    preset: 'superfast',
    crf: 28,
    x264Params: 'bframes=0:subme=0',
    audioBitrate: '96k',
  },
  // A part's runs read its files from the key frame before it (up to 10 s): 30 s or more each.
  parts: { minMs: 30_000 },
};

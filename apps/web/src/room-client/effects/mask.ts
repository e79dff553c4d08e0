/**
 * The segmentation mask's edge (SPEC.md section 9: thresholds 0.5 to 0.9): confidence under the
 * low threshold is background, over the high one person, a smooth ramp between. MediaPipe puts
 * the confidence in the alpha channel; the result is written back there (colour white).
 */

/** Smoothstep of `value` between `low` and `high`, in 0..1. */
export function maskAlpha(value: number, low: number, high: number): number {
  const t = Math.min(1, Math.max(0, (value - low) / (high - low)));
  return t * t * (3 - 2 * t);
}

/** Rewrites RGBA pixels in place: alpha from the refined confidence, colour white. */
export function refineMask(data: Uint8ClampedArray, low: number, high: number): void {
  const table = new Uint8ClampedArray(256);
  for (let i = 0; i < 256; i++) table[i] = Math.round(maskAlpha(i / 255, low, high) * 255);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = 255;
    data[i + 1] = 255;
    data[i + 2] = 255;
    data[i + 3] = table[data[i + 3]!]!;
  }
}

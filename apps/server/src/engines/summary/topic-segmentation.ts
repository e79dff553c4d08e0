/**
 * Topic segmentation in the manner of TextTiling (Hearst, 1997): at every gap between two lines,
 * how much the words of the lines before it have in common with those after it (cosine of tf-idf
 * vectors of two windows of lines). A topic changes where that cohesion falls into a deep valley;
 * the deepest valleys become chapter boundaries, as long as every chapter keeps a minimum length.
 */

export interface SegmentationOptions {
  /** At most this many segments. */
  maxSegments: number;
  /** Every segment has at least this many units… */
  minUnits: number;
  /** …and spans at least this long (in the units' time). */
  minSpan: number;
  /** Units on each side of a gap compared. */
  window: number;
}

/** A valley shallower than this is noise. */
const MIN_DEPTH = 0.12;
/** …and so is one much shallower than the deepest. */
const RELATIVE_DEPTH = 0.35;

/** Cohesion across each gap: `scores[g]` compares the units before unit g with those from it on. */
export function gapCohesion(
  units: readonly Int32Array[],
  vocabularySize: number,
  window: number,
): Float64Array {
  const n = units.length;
  const df = new Int32Array(vocabularySize);
  for (const ids of units) for (const id of new Set(ids)) df[id]!++;
  const idf = new Float64Array(vocabularySize);
  for (let id = 0; id < vocabularySize; id++) idf[id] = df[id] ? Math.log((n + 1) / df[id]!) : 0;

  // Both windows' vectors, their squared norms and their dot product, updated as the gap slides.
  const left = new Float64Array(vocabularySize);
  const right = new Float64Array(vocabularySize);
  let leftNorm = 0;
  let rightNorm = 0;
  let dot = 0;
  const addLeft = (unit: number, sign: 1 | -1) => {
    for (const id of units[unit]!) {
      const delta = sign * idf[id]!;
      dot += delta * right[id]!;
      leftNorm += 2 * delta * left[id]! + delta * delta;
      left[id]! += delta;
    }
  };
  const addRight = (unit: number, sign: 1 | -1) => {
    for (const id of units[unit]!) {
      const delta = sign * idf[id]!;
      dot += delta * left[id]!;
      rightNorm += 2 * delta * right[id]! + delta * delta;
      right[id]! += delta;
    }
  };

  const scores = new Float64Array(n);
  for (let u = 0; u < Math.min(n, window); u++) addRight(u, 1);
  for (let g = 1; g < n; g++) {
    // The gap moves from before unit g-1 to before unit g.
    addRight(g - 1, -1);
    addLeft(g - 1, 1);
    if (g - 1 - window >= 0) addLeft(g - 1 - window, -1);
    if (g - 1 + window < n) addRight(g - 1 + window, 1);
    const norms = Math.max(0, leftNorm) * Math.max(0, rightNorm);
    scores[g] = norms > 1e-12 ? Math.min(1, Math.max(0, dot / Math.sqrt(norms))) : 0;
  }
  return scores;
}

/**
 * Where each segment starts (unit indices, the first 0), from the deepest valleys of cohesion.
 * `times[i]` is unit i's time, for the minimum span.
 */
export function topicSegments(
  units: readonly Int32Array[],
  times: readonly number[],
  vocabularySize: number,
  options: SegmentationOptions,
): number[] {
  const n = units.length;
  const { maxSegments, minUnits, minSpan } = options;
  if (maxSegments <= 1 || n < 2 * minUnits) return [0];
  const raw = gapCohesion(units, vocabularySize, options.window);

  // Gaps 1..n-1; a little smoothing keeps one odd line from making a valley.
  const score = new Float64Array(n);
  for (let g = 1; g < n; g++) {
    let sum = 0;
    let count = 0;
    for (let k = Math.max(1, g - 1); k <= Math.min(n - 1, g + 1); k++) {
      sum += raw[k]!;
      count++;
    }
    score[g] = sum / count;
  }

  const valleys: { gap: number; depth: number }[] = [];
  for (let g = 1; g < n; g++) {
    const s = score[g]!;
    if ((g > 1 && score[g - 1]! < s) || (g < n - 1 && score[g + 1]! < s)) continue;
    let leftPeak = s;
    for (let k = g - 1; k >= 1 && score[k]! >= leftPeak; k--) leftPeak = score[k]!;
    let rightPeak = s;
    for (let k = g + 1; k < n && score[k]! >= rightPeak; k++) rightPeak = score[k]!;
    const depth = leftPeak - s + (rightPeak - s);
    // Smoothing can move a valley by a line: the boundary goes where cohesion really is lowest.
    let gap = g;
    if (g > 1 && raw[g - 1]! < raw[gap]!) gap = g - 1;
    if (g < n - 1 && raw[g + 1]! < raw[gap]!) gap = g + 1;
    if (depth > 0) valleys.push({ gap, depth });
  }
  if (valleys.length === 0) return [0];
  valleys.sort((a, b) => b.depth - a.depth || a.gap - b.gap);
  const cutoff = Math.max(MIN_DEPTH, RELATIVE_DEPTH * valleys[0]!.depth);

  const lastTime = times[n - 1]!;
  const boundaries: number[] = [];
  const fits = (gap: number) => {
    const before = Math.max(0, ...boundaries.filter((b) => b < gap));
    const after = Math.min(n, ...boundaries.filter((b) => b > gap));
    const afterTime = after < n ? times[after]! : lastTime;
    return (
      gap - before >= minUnits &&
      after - gap >= minUnits &&
      times[gap]! - times[before]! >= minSpan &&
      afterTime - times[gap]! >= minSpan &&
      // Chapter times must differ.
      times[gap]! > times[gap - 1]!
    );
  };
  for (const { gap, depth } of valleys) {
    if (depth < cutoff || boundaries.length >= maxSegments - 1) break;
    if (!boundaries.includes(gap) && fits(gap)) boundaries.push(gap);
  }
  return [0, ...boundaries.sort((a, b) => a - b)];
}

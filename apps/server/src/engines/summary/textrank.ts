/**
 * TextRank (Mihalcea & Tarau, 2004) over sentences: a sentence is central when it shares content
 * words with many sentences that are central themselves. The graph is built through an inverted
 * index (sentences that share no word are never compared), so hours of transcript rank in tens of
 * milliseconds.
 */

/** Weighted undirected sentence graph in compressed rows: i's neighbours are cols[start[i]..start[i+1]). */
export interface SentenceGraph {
  size: number;
  start: Int32Array;
  cols: Int32Array;
  weights: Float64Array;
}

/**
 * Edges between sentences that share words; the weight is TextRank's: shared words over the log
 * of the sentences' lengths (so long sentences do not win by length alone). `words[i]` are the
 * distinct word ids of sentence i. A word found in more than `maxShare` of the sentences links
 * nearly everything to everything: it says nothing about what is central, and it would cost
 * time quadratic in its count, so it makes no edges (it still counts in the lengths).
 */
export function sentenceGraph(
  words: readonly Int32Array[],
  vocabularySize: number,
  maxShare = 1,
): SentenceGraph {
  const size = words.length;
  const postingCounts = new Int32Array(vocabularySize);
  for (const ids of words) for (const id of ids) postingCounts[id]!++;
  const maxCount = Math.max(2, Math.floor(maxShare * size));
  const postings = Array.from(
    { length: vocabularySize },
    (_, id) => new Int32Array(postingCounts[id]! > maxCount ? 0 : postingCounts[id]!),
  );
  const filled = new Int32Array(vocabularySize);
  words.forEach((ids, i) => {
    for (const id of ids) if (postingCounts[id]! <= maxCount) postings[id]![filled[id]!++] = i;
  });

  const logLength = words.map((ids) => Math.log(1 + ids.length));
  const shared = new Int32Array(size);
  const touched: number[] = [];
  const start = new Int32Array(size + 1);
  let cols = new Int32Array(Math.max(16, size * 8));
  let weights = new Float64Array(cols.length);
  let edges = 0;
  for (let i = 0; i < size; i++) {
    start[i] = edges;
    for (const id of words[i]!) {
      for (const j of postings[id]!) {
        if (j === i) continue;
        if (shared[j] === 0) touched.push(j);
        shared[j]!++;
      }
    }
    touched.sort((a, b) => a - b);
    if (edges + touched.length > cols.length) {
      const grown = Math.max(cols.length * 2, edges + touched.length);
      const nextCols = new Int32Array(grown);
      nextCols.set(cols);
      const nextWeights = new Float64Array(grown);
      nextWeights.set(weights);
      cols = nextCols;
      weights = nextWeights;
    }
    for (const j of touched) {
      cols[edges] = j;
      weights[edges] = shared[j]! / (logLength[i]! + logLength[j]!);
      edges++;
      shared[j] = 0;
    }
    touched.length = 0;
  }
  start[size] = edges;
  return { size, start, cols: cols.subarray(0, edges), weights: weights.subarray(0, edges) };
}

/** PageRank scores of the graph's nodes (a node without edges keeps the base score). */
export function textRank(
  graph: SentenceGraph,
  { damping = 0.85, iterations = 60, tolerance = 1e-6 } = {},
): Float64Array {
  const { size, start, cols, weights } = graph;
  const outWeight = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    let sum = 0;
    for (let e = start[i]!; e < start[i + 1]!; e++) sum += weights[e]!;
    outWeight[i] = sum;
  }
  // What j passes to i along edge e, as a share of all j passes on.
  const share = new Float64Array(cols.length);
  for (let e = 0; e < cols.length; e++) share[e] = weights[e]! / outWeight[cols[e]!]!;
  let scores = new Float64Array(size).fill(1);
  let next = new Float64Array(size);
  for (let round = 0; round < iterations; round++) {
    let change = 0;
    for (let i = 0; i < size; i++) {
      let sum = 0;
      for (let e = start[i]!; e < start[i + 1]!; e++) sum += share[e]! * scores[cols[e]!]!;
      next[i] = 1 - damping + damping * sum;
      change += Math.abs(next[i]! - scores[i]!);
    }
    [scores, next] = [next, scores];
    if (change < tolerance * size) break;
  }
  return scores;
}

/** The weight of the edge i–j (0 when they share no word). */
export function edgeWeight(graph: SentenceGraph, i: number, j: number): number {
  const { start, cols, weights } = graph;
  let lo = start[i]!;
  let hi = start[i + 1]! - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = cols[mid]!;
    if (c === j) return weights[mid]!;
    if (c < j) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}

/** How central each sentence of [from, to) is among those sentences only (weighted degree). */
export function localCentrality(graph: SentenceGraph, from: number, to: number): Float64Array {
  const { start, cols, weights } = graph;
  const out = new Float64Array(to - from);
  for (let i = from; i < to; i++) {
    let sum = 0;
    for (let e = start[i]!; e < start[i + 1]!; e++) {
      const j = cols[e]!;
      if (j >= from && j < to) sum += weights[e]!;
    }
    out[i - from] = sum;
  }
  return out;
}

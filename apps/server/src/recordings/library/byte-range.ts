/**
 * The part of a file a `Range` header asks for (RFC 9110 §14), so a player can seek: one range
 * `bytes=a-b`, `bytes=a-` or `bytes=-n`. Anything else (no header, other units, several ranges,
 * a malformed one) is answered with the whole file, as the RFC allows.
 */
export type ByteRange = { start: number; end: number } | 'whole' | 'unsatisfiable';

export function byteRange(header: string | undefined, size: number): ByteRange {
  if (!header) return 'whole';
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'whole';
  const [, from, to] = m;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return 'whole';
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

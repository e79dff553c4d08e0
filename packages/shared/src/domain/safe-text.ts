/**
 * Text no field may carry: NUL bytes (PostgreSQL cannot store them; they cut strings in C code
 * such as Janus) and lone UTF-16 surrogates (not text at all: they become U+FFFD or break JSON
 * on the way out). Every request, HTTP or socket, is checked with this before anything else.
 */

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** How deep a request's values are searched; deeper nesting is itself refused. */
const MAX_DEPTH = 32;

/**
 * The path of the first string (or object key) in `value` that is not safe text, as
 * `a.b.0.c`; `''` for the value itself; null when everything is safe.
 */
export function findUnsafeText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return path;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  for (const [key, item] of entries) {
    const here = path ? `${path}.${key}` : key;
    if (!isSafeText(key)) return here;
    const found = findUnsafeText(item, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

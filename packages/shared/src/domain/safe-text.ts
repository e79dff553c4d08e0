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

/**
 * Control characters — C0 (tab and line breaks too: a name or a topic is one line), DEL and
 * C1 — and the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). A
 * carriage return in a topic ended a line of the calendar file and began a field of the
 * sender's choosing; an override makes a name read as another ("\u202Egnp.exe" shows as
 * "exe.png").
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it finds
const CONTROL_OR_BIDI = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** Text fit to show as a name or a topic: none of the characters above. */
export function isDisplayText(value: string): boolean {
  return !CONTROL_OR_BIDI.test(value);
}

/**
 * Where to go after signing in (`?from=`, Google's `returnTo`): only a path of this site, so a
 * link cannot send the user to another origin. The web app and the server ask this one function,
 * so neither takes what the other refuses.
 */

/** The longest `from` kept (the Google start call takes 500 characters). */
const MAX_LENGTH = 500;

// C0 controls and DEL. Browsers drop tabs and newlines from URLs: "/\t/evil.example" is read
// as "//evil.example", another host.
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const CONTROL = /[\u0000-\u001F\u007F]/;

function isPlainSitePath(path: string): boolean {
  return (
    path.startsWith('/') &&
    // "//host" names another host, and so does "/\host": browsers read "\" as "/".
    path[1] !== '/' &&
    !path.includes('\\') &&
    !CONTROL.test(path)
  );
}

/** `value` when it is a path of this site, else null. */
export function safeSitePath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH || !isPlainSitePath(value)) return null;
  // Decoded once more ("/%5Cevil" is "/\evil" to whoever decodes it again), it must still be one.
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  // A path that starts with one "/" and then neither "/" nor "\" resolves on this site
  // (WHATWG URL: a path-absolute URL keeps the base's origin).
  return isPlainSitePath(decoded) ? value : null;
}

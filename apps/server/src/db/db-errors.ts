/** What a database error means, as both drivers (PGlite, node-postgres) report it. */

/** Postgres' unique-violation SQLSTATE (23505), here or in an error's causes. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** postgres.js's own codes for a connection that failed or went away. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/**
 * The database cannot be reached (down, restarting: SQLSTATE class 08 "connection exception",
 * 57P01–57P03 "shutting down", or the socket failed), takes no new connections for now (55000
 * "not currently accepting connections", as while it is maintained; 53300 "too many
 * connections"): a 503 to try again, not a fault of the request; nothing was written, as no
 * statement reached the database or its transaction died.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code))
        return true;
      if (code === '53300') return true;
      // 55000 is a whole class of "not in the required state"; only this one is about connecting.
      const message = (e as { message?: unknown }).message;
      if (code === '55000' && /not currently accepting connections/.test(String(message)))
        return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

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

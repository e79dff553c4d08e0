/**
 * Per-account caps on what one account may keep (the MAX_*_PER_ACCOUNT constants of
 * @meet/shared): backgrounds, open meetings, upcoming reservations, Magic Cam styles. The count
 * and the insert run in one transaction holding the user's row, so two requests at once cannot
 * both take the last slot; the count is of rows that still exist, so deleting one frees a slot.
 */
import { count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ErrorKey } from '@meet/shared';
import type { Db } from '../db/database.js';
import { users } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';

export interface AccountCap {
  /** How many may exist at once. */
  max: number;
  /** The catalogue message of the refusal (its text names `{{max}}`). */
  key: ErrorKey;
  /** What counts against the cap (the user's own rows, as the caller defines them). */
  table: PgTable;
  where: SQL | undefined;
}

/** The cap's refusal: a 4xx with the catalogue key and the cap in its text. */
export function capReached(cap: Pick<AccountCap, 'max' | 'key'>): AppError {
  return AppError.unavailable(cap.key, { max: cap.max });
}

/**
 * Runs `insert` when the user has fewer than `cap.max` rows counted, else refuses with the cap's
 * key. `check` runs in the same transaction after the count, for more conditions that must hold
 * with the insert (the storage quota).
 */
export async function insertWithinCap<T>(
  db: Db,
  userId: number,
  cap: AccountCap,
  insert: (tx: Db) => Promise<T>,
  check?: (tx: Db) => Promise<void>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // NO KEY UPDATE queues this account's capped inserts behind each other, and nothing else:
    // rows that only reference the user (sessions, messages) take KEY SHARE, which it lets by.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [row] = await tx.select({ n: count() }).from(cap.table).where(cap.where);
    if ((row?.n ?? 0) >= cap.max) throw capReached(cap);
    await check?.(tx);
    return insert(tx);
  });
}

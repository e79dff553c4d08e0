/**
 * The bytes a user keeps against their plan's storage (PLAN_ENTITLEMENTS' storageBytes): the
 * files of their recordings and their uploaded backgrounds. One sum for every reader: the
 * recordings list, starting a recording, uploading a background.
 */
import { eq, sum } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { recordings, virtualBackgrounds } from '../db/schema/index.js';

export async function storageUsedBytes(db: Db, userId: number): Promise<number> {
  const [recorded] = await db
    .select({ bytes: sum(recordings.sizeBytes) })
    .from(recordings)
    .where(eq(recordings.ownerId, userId));
  const [backgrounds] = await db
    .select({ bytes: sum(virtualBackgrounds.sizeBytes) })
    .from(virtualBackgrounds)
    .where(eq(virtualBackgrounds.userId, userId));
  return Number(recorded?.bytes ?? 0) + Number(backgrounds?.bytes ?? 0);
}

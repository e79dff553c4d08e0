/** The host's per-member controls of a meeting (forced mute, disabled camera, hand), stored. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { memberControls } from '../db/schema/index.js';
import type { MemberControls } from '../domain/effective-controls.js';

export class MemberControlsRepository {
  constructor(private readonly db: Db) {}

  /** The controls of these members (those never touched are absent). */
  async of(conferenceRowId: number, userIds?: number[]): Promise<Map<number, MemberControls>> {
    if (userIds?.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(memberControls)
      .where(
        and(
          eq(memberControls.conferenceId, conferenceRowId),
          userIds ? inArray(memberControls.userId, userIds) : undefined,
        ),
      );
    return new Map(
      rows.map((r) => [
        r.userId,
        { forceMute: r.forceMute, videoDisabled: r.videoDisabled, handUp: r.handUp },
      ]),
    );
  }

  /** Sets some fields for these members, creating their rows as needed. */
  async set(
    conferenceRowId: number,
    userIds: number[],
    fields: Partial<MemberControls>,
  ): Promise<void> {
    if (userIds.length === 0 || Object.keys(fields).length === 0) return;
    await this.db
      .insert(memberControls)
      .values(userIds.map((userId) => ({ conferenceId: conferenceRowId, userId, ...fields })))
      .onConflictDoUpdate({
        target: [memberControls.conferenceId, memberControls.userId],
        set: fields,
      });
  }

  /** A meeting-wide mute replaces what was said about single members. */
  async clearForceMute(conferenceRowId: number): Promise<void> {
    await this.db
      .update(memberControls)
      .set({ forceMute: null })
      .where(eq(memberControls.conferenceId, conferenceRowId));
  }

  async delete(conferenceRowId: number, userIds?: number[]): Promise<void> {
    await this.db
      .delete(memberControls)
      .where(
        and(
          eq(memberControls.conferenceId, conferenceRowId),
          userIds ? inArray(memberControls.userId, userIds) : undefined,
        ),
      );
  }
}

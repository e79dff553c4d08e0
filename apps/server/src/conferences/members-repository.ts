/**
 * Who is in a meeting: its memberships (one per user and device), the seats they hold while
 * their `/room` socket is up or on its way, and the sweep's queries of seats given up.
 * ConferencesRepository extends it with the meetings' own rows.
 */
import { and, desc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { SEAT_CONNECT_GRACE_MS } from '@meet/shared';
import type { Db } from '../db/database.js';
import { conferenceMembers, type ConferenceMemberRow } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';

export class MembersRepository {
  constructor(
    protected readonly db: Db,
    protected readonly clock: Clock,
  ) {}

  /**
   * Members in the meeting now: joined, and connected to the room or still within the time they
   * have to connect. A seat past its deadline no longer counts, even before the sweep frees it.
   */
  async activeMembers(conferenceRowId: number, tx: Db = this.db): Promise<ConferenceMemberRow[]> {
    return this.joined(conferenceRowId, tx, this.seatHeld());
  }

  /** A joined member's seat is held: their socket is up, or they still have time to come (back). */
  protected seatHeld() {
    return or(
      eq(conferenceMembers.roomConnected, true),
      isNull(conferenceMembers.seatDeadline),
      gt(conferenceMembers.seatDeadline, new Date(this.clock.now())),
    );
  }

  /** Every membership still marked joined, including seats past their deadline. */
  async joinedMembers(conferenceRowId: number, tx: Db = this.db): Promise<ConferenceMemberRow[]> {
    return this.joined(conferenceRowId, tx);
  }

  /** The meeting's memberships marked joined (and meeting `also`, when given). */
  private joined(conferenceRowId: number, tx: Db, also?: SQL) {
    return tx
      .select()
      .from(conferenceMembers)
      .where(
        and(
          eq(conferenceMembers.conferenceId, conferenceRowId),
          eq(conferenceMembers.state, 'joined'),
          also,
        ),
      );
  }

  /** Seats whose device never connected, or dropped and did not come back, in time. */
  async expiredSeats(conferenceRowId?: number, tx: Db = this.db): Promise<ConferenceMemberRow[]> {
    const now = new Date(this.clock.now());
    return tx
      .select()
      .from(conferenceMembers)
      .where(
        and(
          eq(conferenceMembers.state, 'joined'),
          eq(conferenceMembers.roomConnected, false),
          lte(conferenceMembers.seatDeadline, now),
          conferenceRowId === undefined
            ? undefined
            : eq(conferenceMembers.conferenceId, conferenceRowId),
        ),
      );
  }

  /** A device's `/room` connection came up, or went away with `deadline` to come back. */
  async setRoomConnection(
    conferenceRowId: number,
    userId: number,
    deviceId: string,
    connection: { connected: true } | { connected: false; deadline: number },
  ): Promise<boolean> {
    const rows = await this.db
      .update(conferenceMembers)
      .set({
        roomConnected: connection.connected,
        seatDeadline: connection.connected ? null : new Date(connection.deadline),
      })
      .where(
        and(
          eq(conferenceMembers.conferenceId, conferenceRowId),
          eq(conferenceMembers.userId, userId),
          eq(conferenceMembers.deviceId, deviceId),
          eq(conferenceMembers.state, 'joined'),
          // Connecting takes a seat only while it is held (as activeMembers counts them).
          connection.connected ? this.seatHeld() : undefined,
        ),
      )
      .returning({ id: conferenceMembers.id });
    return rows.length > 0;
  }

  /** At start-up no socket is connected: every member gets `deadline` to reconnect. */
  async resetRoomConnections(deadline: number, conferenceRowIds?: number[]): Promise<number> {
    if (conferenceRowIds?.length === 0) return 0;
    const rows = await this.db
      .update(conferenceMembers)
      .set({ roomConnected: false, seatDeadline: new Date(deadline) })
      .where(
        and(
          eq(conferenceMembers.state, 'joined'),
          conferenceRowIds ? inArray(conferenceMembers.conferenceId, conferenceRowIds) : undefined,
        ),
      )
      .returning({ id: conferenceMembers.id });
    return rows.length;
  }

  async membersOfUser(
    conferenceRowId: number,
    userId: number,
    tx: Db = this.db,
  ): Promise<ConferenceMemberRow[]> {
    return tx
      .select()
      .from(conferenceMembers)
      .where(
        and(
          eq(conferenceMembers.conferenceId, conferenceRowId),
          eq(conferenceMembers.userId, userId),
        ),
      )
      .orderBy(desc(conferenceMembers.joinedAt), desc(conferenceMembers.id));
  }

  async insertMember(
    values: Omit<typeof conferenceMembers.$inferInsert, 'id' | 'joinedAt' | 'state'>,
    tx: Db = this.db,
  ): Promise<ConferenceMemberRow> {
    const [row] = await tx
      .insert(conferenceMembers)
      .values({
        ...values,
        state: 'joined',
        joinedAt: new Date(this.clock.now()),
        roomConnected: false,
        seatDeadline: new Date(this.clock.now() + SEAT_CONNECT_GRACE_MS),
      })
      .returning();
    return row!;
  }

  async updateMember(
    id: number,
    fields: Partial<ConferenceMemberRow>,
    tx: Db = this.db,
  ): Promise<void> {
    await tx.update(conferenceMembers).set(fields).where(eq(conferenceMembers.id, id));
  }

  async setMembersState(
    ids: number[],
    state: ConferenceMemberRow['state'],
    tx: Db = this.db,
  ): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(conferenceMembers)
      .set({ state, leftAt: new Date(this.clock.now()) })
      .where(inArray(conferenceMembers.id, ids));
  }
}

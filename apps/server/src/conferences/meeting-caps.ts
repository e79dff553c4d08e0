/**
 * The per-account cap a new meeting falls under (accounts/account-cap.ts): an instant one
 * counts its creator's meetings still running, a reservation their reservations not yet started
 * whose end is still ahead (a reservation nobody started stays "reserved" after its time: it no
 * longer holds a slot).
 */
import {
  CONFERENCE_STATUS,
  MAX_OPEN_MEETINGS_PER_ACCOUNT,
  MAX_UPCOMING_RESERVATIONS_PER_ACCOUNT,
} from '@meet/shared';
import { and, eq, gt } from 'drizzle-orm';
import { conferences } from '../db/schema/index.js';
import type { AccountCap } from '../accounts/account-cap.js';

export function meetingCap(creatorId: number, reserved: boolean, now: number): AccountCap {
  const mine = eq(conferences.creatorId, creatorId);
  return reserved
    ? {
        max: MAX_UPCOMING_RESERVATIONS_PER_ACCOUNT,
        key: 'reservationsLimit',
        table: conferences,
        where: and(
          mine,
          eq(conferences.status, CONFERENCE_STATUS.reserved),
          gt(conferences.endTime, now),
        ),
      }
    : {
        max: MAX_OPEN_MEETINGS_PER_ACCOUNT,
        key: 'openMeetingsLimit',
        table: conferences,
        where: and(mine, eq(conferences.status, CONFERENCE_STATUS.running)),
      };
}

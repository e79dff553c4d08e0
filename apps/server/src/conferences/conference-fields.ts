/**
 * What every query that reads meetings selects (and returns, on insert and update): a meeting's
 * row, and the state of its running cloud recording (ConferenceRow's recordStatus, recordType,
 * recordStartedAt). The recordings table owns that state — the meeting's recording with status
 * 'recording', one at most (recordings_running_uq) — so it is read from there, never stored
 * twice.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { RECORD_TYPE_NUMBER, type RecordType } from '@meet/shared';
import { conferences, recordings } from '../db/schema/index.js';

/**
 * `value` of the meeting's running recording, as a scalar subquery. Always nested in the
 * field's SQL: drizzle leaves a nested SQL's columns qualified, where a single-table query (or
 * an update's returning) would strip the table from the field's own, and `id` would then be the
 * recording's.
 */
const ofRunningRecording = (value: SQL): SQL =>
  sql`(select ${value} from ${recordings} where ${recordings.conferenceId} = ${conferences.id} and ${recordings.status} = 'recording' limit 1)`;

export const conferenceFields = {
  ...getTableColumns(conferences),
  recordStatus:
    sql<number>`(case when exists ${ofRunningRecording(sql`1`)} then 1 else 0 end)`.mapWith(Number),
  recordType:
    sql<number>`coalesce(${ofRunningRecording(sql`${recordings.recordType}`)}, '')`.mapWith(
      (type: string) => RECORD_TYPE_NUMBER[type as RecordType] ?? 0,
    ),
  // Decoded as the column is: a Date on PGlite and PostgreSQL alike.
  recordStartedAt: sql<Date | null>`${ofRunningRecording(sql`${recordings.startedAt}`)}`.mapWith(
    recordings.startedAt,
  ),
};

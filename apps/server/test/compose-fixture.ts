/**
 * A stopped recording as the composer finds it: its row, one stream row per piece a member sent,
 * the .mjr files Janus wrote for each (mjr-fixture.ts) and the timeline's events.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { recordingEvents, recordingStreams, recordings } from '../src/db/schema/index.js';
import type { TestApp } from './helper.js';
import { writeEmptyMjr, writeMjr } from './mjr-fixture.js';
import { makeRecording } from './records-fixture.js';
import type { Account } from './room-members.js';

export interface Piece {
  user: Account;
  source: 'camera' | 'screen';
  name: string;
  /** ms from the recording's start. */
  at: number;
  until: number;
  /** Files Janus wrote for it: a source file, or null for one without a packet. */
  files: { kind: 'audio' | 'video'; mindex: number; from: string | null }[];
}

export interface RecordingEvent {
  type: string;
  user: Account;
  name?: string;
  at: number;
}

/**
 * A stopped recording of the owner's with its stream rows, their .mjr files (in rawDir, as Janus
 * writes them) and timeline events.
 */
export async function stoppedRecording(
  t: TestApp,
  rawDir: string,
  owner: Account,
  recordType: 'audio' | 'video',
  pieces: Piece[],
  events: RecordingEvent[] = [],
) {
  const made = await makeRecording(t, owner, {
    status: 'processing',
    recordType,
    durationMs: 12_000,
  });
  const [row] = await t.database.db.select().from(recordings).where(eq(recordings.id, made.id));
  const startedAt = row!.startedAt.getTime();
  // Janus's clock is not the server's: only its differences may count.
  const janusClock = Date.now() - 3_600_000;
  for (const [i, p] of pieces.entries()) {
    const prefix = `rec-${made.recordId}/${p.source}-${p.user.userId}-${i}`;
    await mkdir(path.dirname(path.join(rawDir, prefix)), { recursive: true });
    for (const f of p.files) {
      const target = path.join(rawDir, `${prefix}-${f.kind}-${f.mindex}.mjr`);
      if (f.from) {
        const delay = f.kind === 'video' ? 120 : 40;
        await writeMjr(f.from, target, { createdAt: janusClock + p.at, firstPacketDelayMs: delay });
      } else await writeEmptyMjr(target);
    }
    await t.database.db.insert(recordingStreams).values({
      recordingId: made.id,
      userId: p.user.userId,
      source: p.source,
      filePrefix: prefix,
      displayName: p.name,
      startedAt: new Date(startedAt + p.at),
      stoppedAt: new Date(startedAt + p.until),
    });
  }
  if (events.length) {
    await t.database.db.insert(recordingEvents).values(
      events.map((e) => ({
        recordingId: made.id,
        type: e.type,
        userId: e.user.userId,
        name: e.name ?? '',
        at: startedAt + e.at,
      })),
    );
  }
  return made;
}

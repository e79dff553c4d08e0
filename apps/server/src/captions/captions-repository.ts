/** The meeting transcript (final caption lines) and each member's speech settings. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { MySpeech } from '@meet/shared';
import type { Db } from '../db/database.js';
import { captionLines, speechSettings, type CaptionLineRow } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';

export const DEFAULT_SPEECH: MySpeech = {
  captionsOn: true,
  speakLanguage: 'en',
  captionLanguage: '',
  interpretOn: false,
  interpretTarget: '',
  interpretTone: 1,
  listenLanguage: '',
};

export interface NewCaptionLine {
  conferenceId: number;
  speakerId: number;
  speakerName: string;
  text: string;
  language: string;
  engine: string;
  startTime: number;
  endTime: number;
}

export class CaptionsRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async addLine(line: NewCaptionLine): Promise<CaptionLineRow> {
    const [row] = await this.db
      .insert(captionLines)
      .values({ ...line, createdAt: new Date(this.clock.now()) })
      .returning();
    return row!;
  }

  /** The meeting's final lines in the order they were spoken. */
  async transcript(conferenceRowId: number): Promise<CaptionLineRow[]> {
    return this.db
      .select()
      .from(captionLines)
      .where(eq(captionLines.conferenceId, conferenceRowId))
      .orderBy(asc(captionLines.startTime), asc(captionLines.id));
  }

  /** Speech settings of these members (all of the meeting's when omitted); defaults if unset. */
  async settings(conferenceRowId: number, userIds?: number[]): Promise<Map<number, MySpeech>> {
    if (userIds?.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(speechSettings)
      .where(
        and(
          eq(speechSettings.conferenceId, conferenceRowId),
          userIds ? inArray(speechSettings.userId, userIds) : undefined,
        ),
      );
    return new Map(
      rows.map((r) => [
        r.userId,
        {
          captionsOn: r.captionsOn,
          speakLanguage: r.speakLanguage,
          captionLanguage: r.captionLanguage,
          interpretOn: r.interpretOn,
          interpretTarget: r.interpretTarget,
          interpretTone: r.interpretTone,
          listenLanguage: r.listenLanguage,
        },
      ]),
    );
  }

  async settingsOf(conferenceRowId: number, userId: number): Promise<MySpeech> {
    return (await this.settings(conferenceRowId, [userId])).get(userId) ?? { ...DEFAULT_SPEECH };
  }

  /** Changes some of a member's settings; returns them as they are now. */
  async updateSettings(
    conferenceRowId: number,
    userId: number,
    patch: Partial<MySpeech>,
  ): Promise<MySpeech> {
    await this.db
      .insert(speechSettings)
      .values({ conferenceId: conferenceRowId, userId, ...DEFAULT_SPEECH, ...patch })
      .onConflictDoUpdate({
        target: [speechSettings.conferenceId, speechSettings.userId],
        set: patch,
      });
    return this.settingsOf(conferenceRowId, userId);
  }

  /** Everyone's interpretation off and every translation off (credits ran out, say). */
  async stopFeature(conferenceRowId: number, feature: 'translate' | 'interpret'): Promise<void> {
    await this.db
      .update(speechSettings)
      .set(
        feature === 'translate'
          ? { captionLanguage: '' }
          : { interpretOn: false, listenLanguage: '' },
      )
      .where(eq(speechSettings.conferenceId, conferenceRowId));
  }
}

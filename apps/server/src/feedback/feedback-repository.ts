/** Feedback reports: stored as they arrive, listed newest first for the operator. */
import { desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { feedbackReports, users, type FeedbackReportRow } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';

export interface NewFeedback {
  userId: number;
  email: string;
  content: string;
  clientVersion: string;
  device: string;
  screenshotKey: string | null;
}

export type FeedbackWithUser = FeedbackReportRow & { userName: string };

export class FeedbackRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async add(report: NewFeedback): Promise<FeedbackReportRow> {
    const [row] = await this.db
      .insert(feedbackReports)
      .values({ ...report, createdAt: new Date(this.clock.now()) })
      .returning();
    return row!;
  }

  /** A page of reports, newest first; `before` is the id of the last one already shown. */
  async list(options: { before?: number; limit: number }): Promise<FeedbackWithUser[]> {
    const rows = await this.db
      .select({ report: feedbackReports, userName: users.userName })
      .from(feedbackReports)
      .innerJoin(users, eq(users.id, feedbackReports.userId))
      .where(options.before ? lt(feedbackReports.id, options.before) : undefined)
      .orderBy(desc(feedbackReports.id))
      .limit(options.limit);
    return rows.map((r) => ({ ...r.report, userName: r.userName }));
  }

  async get(id: number): Promise<FeedbackReportRow | undefined> {
    const [row] = await this.db.select().from(feedbackReports).where(eq(feedbackReports.id, id));
    return row;
  }
}

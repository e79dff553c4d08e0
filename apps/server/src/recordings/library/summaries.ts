/**
 * AI minutes and chapters of a recording (SPEC.md sections 6 and 7, `/sm/*`): the owner asks
 * (`startSummary`), a `summary` job runs the summary engine over the transcript with speakers'
 * names and stores minutes, chapters and the engine's name; the owner may then edit both.
 * Basic users get BASIC_SUMMARIES_PER_MONTH recordings' minutes a month, Pro users no limit.
 * Also `convertToText`: the transcript pass run again, as a `transcript` job.
 */
import { z } from 'zod';
import { BASIC_SUMMARIES_PER_MONTH, ResultCode, chapter, type Chapter } from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema/index.js';
import type { Engines } from '../../engines/types.js';
import type { JobContext, JobQueue } from '../../jobs/types.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { planOf } from '../../payments/entitlements.js';
import type { RecordTranscript } from './record-transcript.js';
import type { RecordingView, RecordsRepository } from './records-repository.js';
import type { RecordsService } from './records-service.js';
import { SUMMARY_JOB, TRANSCRIPT_JOB } from '../recording-names.js';

export interface SummaryJobData {
  /** The recording's row id. */
  recordingId: number;
}

const MAX_MINUTES_CHARS = 100_000;
const MAX_CHAPTERS = 500;

const chaptersFile = z.union([
  z.array(chapter).max(MAX_CHAPTERS),
  z.object({ chapters: z.array(chapter).max(MAX_CHAPTERS) }).transform((o) => o.chapters),
]);

/** The first millisecond of the UTC month `now` is in. */
export function monthStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/**
 * Chapters as kept: titles trimmed and required, sorted by time, no two starting in the same
 * second (the times people see and edit are whole seconds).
 */
export function checkedChapters(chapters: readonly Chapter[]): Chapter[] {
  const out = chapters.map((c) => ({ startTime: c.startTime, title: c.title.trim() }));
  if (out.some((c) => c.title === '')) throw AppError.badRequest('chapterTitleRequired');
  const seconds = new Set(out.map((c) => Math.floor(c.startTime / 1000)));
  if (seconds.size !== out.length) throw AppError.badRequest('chapterTimesRepeat');
  return out.sort((a, b) => a.startTime - b.startTime);
}

export interface SummariesDeps {
  records: RecordsService;
  recordings: RecordsRepository;
  transcript: RecordTranscript;
  engines: Engines;
  /** The job queue (absent on a node built without one: asking then fails loudly). */
  jobs: () => JobQueue | undefined;
  clock: Clock;
  log: FastifyBaseLogger;
}

export class Summaries {
  constructor(private readonly deps: SummariesDeps) {}

  /** Minutes left this month (null: no limit) and the engine that writes them. */
  async remain(user: UserRow): Promise<{ remainTimes: number | null; engine: string }> {
    const engine = this.deps.engines.summary?.name ?? 'none';
    if (planOf(user, this.deps.clock.now()) === 'pro') return { remainTimes: null, engine };
    const used = await this.used(user);
    return { remainTimes: Math.max(0, BASIC_SUMMARIES_PER_MONTH - used), engine };
  }

  /** Queues the minutes of the owner's ready recording; its summaryStatus is `processing` until done. */
  async start(user: UserRow, recordId: string): Promise<void> {
    const { recordings, engines, clock } = this.deps;
    const view = await this.deps.records.owned(user, recordId);
    const r = view.row;
    if (!engines.summary) throw AppError.unavailable('summaryUnavailable');
    if (r.status !== 'ready') throw AppError.conflict('recordingNotReady');
    if (r.summaryStatus === 'processing') return;
    if (!(await recordings.hasTranscript(r.id))) throw AppError.unavailable('noTranscript');
    const now = clock.now();
    // A recording already counted this month is not counted again when its minutes are redone.
    const counted = r.summaryStatus !== 'none' && r.startedAt.getTime() >= monthStart(now);
    if (planOf(user, now) !== 'pro' && !counted) {
      if ((await this.used(user)) >= BASIC_SUMMARIES_PER_MONTH) {
        throw AppError.forbidden('summaryLimit');
      }
    }
    await recordings.update(r.id, { summaryStatus: 'processing' });
    try {
      await this.queue().send<SummaryJobData>(
        SUMMARY_JOB,
        { recordingId: r.id },
        { singletonKey: `summary:${r.id}`, retryLimit: 2 },
      );
    } catch (error) {
      await recordings.update(r.id, { summaryStatus: r.summaryStatus });
      throw error;
    }
  }

  /**
   * The `summary` job: minutes and chapters from the transcript. An engine that fails marks the
   * summary failed (the owner may ask again); anything else throws, so the job is retried, and
   * marks it failed on the last try (never `processing` for good). A recording deleted meanwhile,
   * or whose minutes were edited by hand meanwhile, is left alone; so is a job this node gave up.
   */
  async run(
    data: SummaryJobData,
    context: Pick<JobContext, 'attempt' | 'retryLimit'> & { signal?: AbortSignal } = {
      attempt: 1,
      retryLimit: 0,
    },
  ): Promise<void> {
    try {
      await this.summarize(data.recordingId, context.signal);
    } catch (error) {
      if (context.attempt > context.retryLimit && !context.signal?.aborted) {
        await this.deps.recordings
          .moveSummaryStatus(data.recordingId, 'processing', { summaryStatus: 'failed' })
          .catch(() => undefined);
      }
      throw error;
    }
  }

  private async summarize(recordingId: number, signal: AbortSignal | undefined): Promise<void> {
    const { recordings, engines, log } = this.deps;
    const view = await recordings.byId(recordingId);
    if (!view || view.row.summaryStatus !== 'processing') return;
    const engine = engines.summary;
    const { lines, language } = await this.deps.transcript.summaryInput(view);
    if (!engine || lines.length === 0) {
      await recordings.moveSummaryStatus(view.row.id, 'processing', { summaryStatus: 'failed' });
      return;
    }
    let result: Awaited<ReturnType<typeof engine.summarize>>;
    try {
      result = await engine.summarize({ lines, language, title: view.conferenceName });
    } catch (error) {
      log.warn({ err: error, recordId: view.row.recordId }, 'summary engine failed');
      await recordings.moveSummaryStatus(view.row.id, 'processing', { summaryStatus: 'failed' });
      return;
    }
    if (signal?.aborted) return;
    await recordings.moveSummaryStatus(view.row.id, 'processing', {
      minutes: result.minutes,
      chapters: engineChapters(result.chapters),
      summaryEngine: engine.name,
      summaryStatus: 'ready',
    });
  }

  /** The owner's edited minutes (the text of the uploaded file). */
  async updateMinutes(user: UserRow, recordId: string, text: string): Promise<void> {
    const view = await this.deps.records.owned(user, recordId);
    const minutes = text.trim();
    if (minutes.length > MAX_MINUTES_CHARS) {
      throw new AppError(ResultCode.failure, 413, 'fileTooLarge');
    }
    await this.deps.recordings.update(view.row.id, { minutes, summaryStatus: 'ready' });
  }

  /** The owner's edited chapters (a JSON list of {startTime, title}); times must not repeat. */
  async updateChapters(user: UserRow, recordId: string, text: string): Promise<void> {
    const view = await this.deps.records.owned(user, recordId);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw AppError.badRequest('chaptersFileInvalid');
    }
    const parsed = chaptersFile.safeParse(json);
    if (!parsed.success) throw AppError.badRequest('chaptersFileInvalid');
    await this.deps.recordings.update(view.row.id, { chapters: checkedChapters(parsed.data) });
  }

  /** Runs the transcript pass over the owner's ready recording again. */
  async convertToText(user: UserRow, recordId: string): Promise<void> {
    const view: RecordingView = await this.deps.records.owned(user, recordId);
    if (!this.deps.engines.asr) throw AppError.unavailable('transcriptUnavailable');
    if (view.row.status !== 'ready') throw AppError.conflict('recordingNotReady');
    await this.queue().send(
      TRANSCRIPT_JOB,
      { recordingId: view.row.id },
      { singletonKey: `transcript:${view.row.id}` },
    );
  }

  private used(user: UserRow): Promise<number> {
    return this.deps.recordings.summariesSince(user.id, monthStart(this.deps.clock.now()));
  }

  private queue(): JobQueue {
    const jobs = this.deps.jobs();
    if (!jobs) throw new Error('no job queue on this node');
    return jobs;
  }
}

/** The engine's chapters as kept: sorted, titled, one per second (later duplicates dropped). */
function engineChapters(chapters: readonly Chapter[]): Chapter[] {
  const seen = new Set<number>();
  return [...chapters]
    .map((c) => ({ startTime: Math.max(0, Math.round(c.startTime)), title: c.title.trim() }))
    .filter((c) => c.title !== '')
    .sort((a, b) => a.startTime - b.startTime)
    .filter((c) => {
      const second = Math.floor(c.startTime / 1000);
      if (seen.has(second)) return false;
      seen.add(second);
      return true;
    });
}

/**
 * AI minutes and chapters of a recording on a real database with the real summary engine (the
 * embedded extractive one): who may ask, what is refused (not ready, no transcript, no engine, the
 * basic monthly allowance), and the `summary` job writing minutes made of the transcript's own
 * sentences. The owner's edits are in records-edits.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASIC_SUMMARIES_PER_MONTH } from '@meet/shared';
import { recordings } from '../src/db/schema/index.js';
import { DEFAULT_JOB_SETTINGS, PgBossQueue } from '../src/jobs/pg-boss-queue.js';
import { workRecordsJobs } from '../src/recordings/library/records-module.js';
import { build, type TestApp } from './helper.js';
import { MEETING, makePro, makeRecording, recordsApi, upload } from './records-fixture.js';
import { registered, type Account } from './room-members.js';

let t: TestApp;
let api: ReturnType<typeof recordsApi>;

beforeAll(async () => {
  t = await build();
  api = recordsApi(t);
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;

describe('how many minutes a user may ask for', () => {
  test('basic users have 3 a month, counting recordings of this month whose minutes were asked for', async () => {
    const user = await registered(t);
    const res = await t.post('/api/sm/getSummaryRemainTimes', {}, user.token);
    expect(res.json()).toMatchObject({
      code: 0,
      payload: { remainTimes: BASIC_SUMMARIES_PER_MONTH, engine: 'Extractive summary (TextRank)' },
    });
    const now = t.clock.now();
    for (const summaryStatus of ['ready', 'failed', 'none'] as const) {
      const rec = await makeRecording(t, user, { startedAt: now - 60_000 });
      await t.database.db
        .update(recordings)
        .set({ summaryStatus })
        .where(eq(recordings.id, rec.id));
    }
    // Last month's recording does not count against this month.
    const old = await makeRecording(t, user, { startedAt: now - 40 * DAY });
    await t.database.db
      .update(recordings)
      .set({ summaryStatus: 'ready' })
      .where(eq(recordings.id, old.id));
    const left = await t.post('/api/sm/getSummaryRemainTimes', {}, user.token);
    expect(left.json().payload.remainTimes).toBe(BASIC_SUMMARIES_PER_MONTH - 2);
  });

  test('Pro users have no limit (null)', async () => {
    const user = await registered(t);
    await makePro(t, user);
    const res = await t.post('/api/sm/getSummaryRemainTimes', {}, user.token);
    expect(res.json().payload.remainTimes).toBeNull();
  });

  test('a basic user who used this month’s minutes is refused with summaryLimit; redoing a counted one is not', async () => {
    const user = await registered(t);
    const made = [];
    for (let i = 0; i < BASIC_SUMMARIES_PER_MONTH; i++) {
      const rec = await makeRecording(t, user, { transcript: MEETING });
      await t.database.db
        .update(recordings)
        .set({ summaryStatus: 'ready' })
        .where(eq(recordings.id, rec.id));
      made.push(rec);
    }
    const fourth = await makeRecording(t, user, { transcript: MEETING });
    const res = await t.post('/api/sm/startSummary', { recordId: fourth.recordId }, user.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ key: 'summaryLimit' });
    expect((await api.minutes(fourth.recordId, user.token)).summaryStatus).toBe('none');
    await makePro(t, user);
    const remain = await t.post('/api/sm/getSummaryRemainTimes', {}, user.token);
    expect(remain.json().payload.remainTimes).toBeNull();
  });
});

describe('asking for minutes: refusals', () => {
  test('someone other than the owner is refused, even when let in by link', async () => {
    const owner = await registered(t);
    const other = await registered(t);
    const rec = await makeRecording(t, owner, { transcript: MEETING, shareScope: 'link' });
    const res = await t.post('/api/sm/startSummary', { recordId: rec.recordId }, other.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe('recordOwnerOnly');
  });

  test('a recording not ready yet is refused with recordingNotReady', async () => {
    const owner = await registered(t);
    const rec = await makeRecording(t, owner, { status: 'processing', transcript: MEETING });
    const res = await t.post('/api/sm/startSummary', { recordId: rec.recordId }, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      key: 'recordingNotReady',
      msg: 'The recording is still being processed',
    });
  });

  test('a recording without a transcript is refused with noTranscript', async () => {
    const owner = await registered(t);
    const rec = await makeRecording(t, owner);
    const res = await t.post('/api/sm/startSummary', { recordId: rec.recordId }, owner.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().key).toBe('noTranscript');
  });

  test('a server without a summary engine refuses with summaryUnavailable and reports engine none', async () => {
    const bare = await build({ SUMMARY_ENGINE: 'none' });
    try {
      const owner = await registered(bare);
      const rec = await makeRecording(bare, owner, { transcript: MEETING });
      const res = await bare.post('/api/sm/startSummary', { recordId: rec.recordId }, owner.token);
      expect(res.json().key).toBe('summaryUnavailable');
      const remain = await bare.post('/api/sm/getSummaryRemainTimes', {}, owner.token);
      expect(remain.json().payload.engine).toBe('none');
    } finally {
      await bare.close();
    }
  });
});

describe('the summary job', () => {
  /** What startSummary leaves for the job: the recording marked processing. */
  async function processing(owner: Account, transcript = MEETING) {
    const rec = await makeRecording(t, owner, { transcript, name: 'Planning' });
    await t.database.db
      .update(recordings)
      .set({ summaryStatus: 'processing' })
      .where(eq(recordings.id, rec.id));
    return rec;
  }

  test('writes minutes made only of the transcript’s sentences, chapters at distinct times, and the engine’s name', async () => {
    const owner = await registered(t);
    const rec = await processing(owner);
    await t.app.summaries.run({ recordingId: rec.id });
    const info = await api.minutes(rec.recordId, owner.token);
    expect(info.summaryStatus).toBe('ready');
    expect(info.summaryEngine).toBe('Extractive summary (TextRank)');
    expect(info.minutes.length).toBeGreaterThan(0);
    // Never invented: every sentence quoted in the minutes is one of the transcript's.
    const said = MEETING.map((l) => l.text);
    const quoted = said.filter((s) => info.minutes.includes(s));
    expect(quoted.length).toBeGreaterThan(0);
    expect(info.chapters.length).toBeGreaterThan(0);
    const seconds = info.chapters.map((c) => Math.floor(c.startTime / 1000));
    expect(new Set(seconds).size).toBe(seconds.length);
    expect([...seconds].sort((a, b) => a - b)).toEqual(seconds);
  });

  test('Chinese transcripts get minutes from their own sentences too', async () => {
    const owner = await registered(t);
    const lines = [
      '今天我们讨论新办公室的预算问题。',
      '办公家具的预算是一万二千美元。',
      '如果重复使用旧桌子，可以降低家具预算。',
      '下一个议题是客服团队的招聘计划。',
      '客服团队在产品发布前需要两名新工程师。',
      '产品发布日期改到十月一日。',
    ].map((text, i) => ({ speakerId: 1001, text, startTime: i * 8000, language: 'zh' }));
    const rec = await processing(owner, lines);
    await t.app.summaries.run({ recordingId: rec.id });
    const info = await api.minutes(rec.recordId, owner.token);
    expect(info.summaryStatus).toBe('ready');
    expect(lines.some((l) => info.minutes.includes(l.text.replace(/。$/, '')))).toBe(true);
  });

  test('minutes edited by hand while the job waited are left alone', async () => {
    const owner = await registered(t);
    const rec = await processing(owner);
    const edited = await upload(
      t,
      '/api/sm/updateSummaryResult',
      rec.recordId,
      'Our own notes',
      owner.token,
    );
    expect(edited.json()).toMatchObject({
      code: 0,
      payload: { minutes: 'Our own notes', summaryStatus: 'ready' },
    });
    await t.app.summaries.run({ recordingId: rec.id });
    expect((await api.minutes(rec.recordId, owner.token)).minutes).toBe('Our own notes');
  });

  test('a recording deleted before its job ran is skipped', async () => {
    const owner = await registered(t);
    const rec = await processing(owner);
    await t.database.db.delete(recordings).where(eq(recordings.id, rec.id));
    await expect(t.app.summaries.run({ recordingId: rec.id })).resolves.toBeUndefined();
  });
});

describe('through the job queue', () => {
  let own: PgBossQueue | undefined;

  beforeAll(async () => {
    // The app queues jobs (tests build it with JOBS_WORK=0); a worker of our own on the same
    // database works them, as a worker node would.
    own = new PgBossQueue(t.database, { ...DEFAULT_JOB_SETTINGS, pollMs: 500 }, t.app.log);
    await workRecordsJobs(own, t.app);
  });
  afterAll(() => own?.stop());

  async function settled(owner: Account, recordId: string) {
    for (let i = 0; i < 100; i++) {
      const info = await api.minutes(recordId, owner.token);
      if (info.summaryStatus !== 'processing') return info;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the summary job did not finish');
  }

  test('startSummary shows processing, the job writes the minutes, and one of the 3 is used', async () => {
    const owner = await registered(t);
    const rec = await makeRecording(t, owner, { transcript: MEETING });
    const res = await t.post('/api/sm/startSummary', { recordId: rec.recordId }, owner.token);
    expect(res.json(), res.body).toMatchObject({
      code: 0,
      payload: { summaryStatus: 'processing' },
    });
    // Asking again while it runs changes nothing.
    const again = await t.post('/api/sm/startSummary', { recordId: rec.recordId }, owner.token);
    expect(again.json()).toMatchObject({ code: 0, payload: { summaryStatus: 'processing' } });
    const info = await settled(owner, rec.recordId);
    expect(info).toMatchObject({
      summaryStatus: 'ready',
      summaryEngine: 'Extractive summary (TextRank)',
    });
    expect(MEETING.some((l) => info.minutes.includes(l.text))).toBe(true);
    const remain = await t.post('/api/sm/getSummaryRemainTimes', {}, owner.token);
    expect(remain.json().payload.remainTimes).toBe(BASIC_SUMMARIES_PER_MONTH - 1);

    // Redoing the same recording's minutes this month is not counted again.
    await t.post('/api/sm/startSummary', { recordId: rec.recordId }, owner.token);
    expect((await settled(owner, rec.recordId)).summaryStatus).toBe('ready');
    const still = await t.post('/api/sm/getSummaryRemainTimes', {}, owner.token);
    expect(still.json().payload.remainTimes).toBe(BASIC_SUMMARIES_PER_MONTH - 1);
  });

  test('convertToText queues the transcript pass of a ready recording; not of one still processing', async () => {
    const owner = await registered(t);
    const rec = await makeRecording(t, owner, { transcript: MEETING });
    const res = await t.post('/api/sm/convertToText', { recordId: rec.recordId }, owner.token);
    expect(res.json(), res.body).toMatchObject({ code: 0 });
    const queued = await t.database.db.execute(
      sql`select data from pgboss.job where name = 'transcript' and data->>'recordingId' = ${String(rec.id)}`,
    );
    const rows = (queued as { rows?: unknown[] }).rows ?? (queued as unknown as unknown[]);
    expect(rows).toHaveLength(1);
    const busy = await makeRecording(t, owner, { status: 'processing' });
    const refused = await t.post('/api/sm/convertToText', { recordId: busy.recordId }, owner.token);
    expect(refused.json().key).toBe('recordingNotReady');
    const other = await registered(t);
    expect(
      (await t.post('/api/sm/convertToText', { recordId: rec.recordId }, other.token)).statusCode,
    ).toBe(403);
  });
});

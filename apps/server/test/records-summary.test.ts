/**
 * AI minutes and chapters of a recording, and its transcript edits, on a real database with the
 * real summary engine (the embedded extractive one): who may ask, what is refused (not ready, no
 * transcript, no engine, the basic monthly allowance), the `summary` job writing minutes made of
 * the transcript's own sentences, the owner's edits of minutes and chapters (times never
 * repeat), speakers' names and a whole edited transcript.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASIC_SUMMARIES_PER_MONTH, recordInfo } from '@meet/shared';
import { recordings } from '../src/db/schema/index.js';
import { DEFAULT_JOB_SETTINGS, PgBossQueue } from '../src/jobs/pg-boss-queue.js';
import { workRecordsJobs } from '../src/recordings/library/records-module.js';
import { build, type TestApp } from './helper.js';
import { makePro, makeRecording, recordsApi, upload } from './records-fixture.js';
import { registered, type Account } from './room-members.js';

let t: TestApp;
let api: ReturnType<typeof recordsApi>;

beforeAll(async () => {
  t = await build();
  api = recordsApi(t);
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;

/** A meeting's worth of English lines from two speakers, on two topics. */
const MEETING = [
  'Good morning everyone, let us start with the budget for the new office.',
  'The budget for the office furniture is twelve thousand dollars this quarter.',
  'We can lower the furniture budget if we reuse the old desks.',
  'I agree, reusing the desks saves about three thousand dollars of the budget.',
  'Then the office budget is settled at nine thousand dollars.',
  'Next topic is the hiring plan for the support team.',
  'The support team needs two new engineers before the product launch.',
  'Hiring two support engineers takes about six weeks with interviews.',
  'Let us open both support positions this week so hiring starts early.',
  'Good, the hiring plan for the support team is approved.',
  'Finally, the product launch date moves to the first of October.',
  'Marketing will announce the launch date to customers next Monday.',
].map((text, i) => ({ speakerId: i % 2 === 0 ? 1001 : 1002, text, startTime: i * 10_000 }));

async function minutesOf(user: Account, recordId: string) {
  return recordInfo.parse((await api.info(recordId, user.token)).json().payload);
}

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
    expect((await minutesOf(user, fourth.recordId)).summaryStatus).toBe('none');
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
    const info = await minutesOf(owner, rec.recordId);
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
    const info = await minutesOf(owner, rec.recordId);
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
    expect((await minutesOf(owner, rec.recordId)).minutes).toBe('Our own notes');
  });

  test('a recording deleted before its job ran is skipped', async () => {
    const owner = await registered(t);
    const rec = await processing(owner);
    await t.database.db.delete(recordings).where(eq(recordings.id, rec.id));
    await expect(t.app.summaries.run({ recordingId: rec.id })).resolves.toBeUndefined();
  });
});

describe('editing minutes and chapters: the owner only', () => {
  test('updateSummaryResult stores the uploaded text; others get 403; a form without the file is refused', async () => {
    const owner = await registered(t);
    const other = await registered(t);
    const rec = await makeRecording(t, owner, { transcript: MEETING, shareScope: 'link' });
    const ok = await upload(
      t,
      '/api/sm/updateSummaryResult',
      rec.recordId,
      '  Budget: 9k.\n会议纪要 ',
      owner.token,
    );
    expect(ok.json()).toMatchObject({ code: 0, payload: { minutes: 'Budget: 9k.\n会议纪要' } });
    const theirs = await upload(
      t,
      '/api/sm/updateSummaryResult',
      rec.recordId,
      'mine now',
      other.token,
    );
    expect(theirs.statusCode).toBe(403);
    const json = await t.post(
      '/api/sm/updateSummaryResult',
      { recordId: rec.recordId },
      owner.token,
    );
    expect(json.statusCode).toBe(400);
    expect(json.json().key).toBe('updateFileMissing');
    const nul = await upload(
      t,
      '/api/sm/updateSummaryResult',
      rec.recordId,
      'a\u0000b',
      owner.token,
    );
    expect(nul.statusCode).toBe(400);
    expect((await minutesOf(owner, rec.recordId)).minutes).toBe('Budget: 9k.\n会议纪要');
  });

  test('updateChapter stores chapters sorted by time; two in the same second are refused', async () => {
    const owner = await registered(t);
    const rec = await makeRecording(t, owner);
    const chapters = [
      { startTime: 60_000, title: ' Hiring ' },
      { startTime: 0, title: 'Budget' },
    ];
    const ok = await upload(
      t,
      '/api/sm/updateChapter',
      rec.recordId,
      JSON.stringify(chapters),
      owner.token,
    );
    expect(ok.json()).toMatchObject({
      code: 0,
      payload: {
        chapters: [
          { startTime: 0, title: 'Budget' },
          { startTime: 60_000, title: 'Hiring' },
        ],
      },
    });
    const repeat = [
      { startTime: 5000, title: 'A' },
      { startTime: 5400, title: 'B' },
    ];
    const refused = await upload(
      t,
      '/api/sm/updateChapter',
      rec.recordId,
      JSON.stringify(repeat),
      owner.token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      key: 'chapterTimesRepeat',
      msg: 'Two chapters cannot start at the same time',
    });
    for (const [content, key] of [
      ['not json', 'chaptersFileInvalid'],
      [JSON.stringify([{ startTime: -1, title: 'x' }]), 'chaptersFileInvalid'],
      [JSON.stringify([{ startTime: 0, title: '  ' }]), 'chapterTitleRequired'],
    ]) {
      const res = await upload(t, '/api/sm/updateChapter', rec.recordId, content!, owner.token);
      expect(res.json().key, content).toBe(key);
    }
    expect((await minutesOf(owner, rec.recordId)).chapters).toHaveLength(2);
    const other = await registered(t);
    const theirs = await upload(t, '/api/sm/updateChapter', rec.recordId, '[]', other.token);
    expect(theirs.statusCode).toBe(403);
  });
});

describe('the transcript: speakers’ names and edits', () => {
  test('names come from the timeline, then the owner’s corrections; unknown speakers are numbered', async () => {
    const owner = await registered(t);
    const rec = await makeRecording(t, owner, {
      transcript: [
        { speakerId: 1001, text: 'Hello', startTime: 0 },
        { speakerId: 1002, text: 'Hi there', startTime: 2000 },
        { speakerId: 0, text: 'Someone else', startTime: 4000 },
      ],
      joins: [{ userId: 1001, name: 'Ann', at: 0 }],
    });
    const before = await minutesOf(owner, rec.recordId);
    expect(before.transcript.map((l) => l.speakerName)).toEqual(['Ann', 'Speaker 1', 'Speaker 2']);
    const zh = await t.post(
      '/api/record/getRecordInfo',
      { recordId: rec.recordId, language: 'zh' },
      owner.token,
    );
    expect(zh.json().payload.transcript[1].speakerName).toBe('发言人 1');

    const res = await t.post(
      '/api/asr/updateRecordMemberName',
      {
        recordId: rec.recordId,
        memberInfo: [
          { speakerId: 1002, name: ' Bo ' },
          { speakerId: 1001, name: 'Ann B.' },
        ],
      },
      owner.token,
    );
    expect(res.json(), res.body).toMatchObject({ code: 0 });
    expect(
      res.json().payload.transcript.map((l: { speakerName: string }) => l.speakerName),
    ).toEqual(['Ann B.', 'Bo', 'Speaker 1']);
    // As a form sends it: memberInfo a JSON string.
    const form = await t.post(
      '/api/asr/updateRecordMemberName',
      new URLSearchParams({
        recordId: rec.recordId,
        memberInfo: JSON.stringify([{ speakerId: 0, name: 'Guest' }]),
      }).toString(),
      owner.token,
      {
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Bearer ${owner.token}`,
        },
      },
    );
    expect(form.json().payload.transcript[2].speakerName).toBe('Guest');
  });

  test('a blank speaker name is refused with speakerNameRequired; only the owner renames', async () => {
    const owner = await registered(t);
    const other = await registered(t);
    const rec = await makeRecording(t, owner, { transcript: MEETING, shareScope: 'link' });
    const blank = await t.post(
      '/api/asr/updateRecordMemberName',
      { recordId: rec.recordId, memberInfo: [{ speakerId: 1001, name: '  ' }] },
      owner.token,
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      key: 'speakerNameRequired',
      msg: 'A speaker needs a name',
    });
    const theirs = await t.post(
      '/api/asr/updateRecordMemberName',
      { recordId: rec.recordId, memberInfo: [{ speakerId: 1001, name: 'X' }] },
      other.token,
    );
    expect(theirs.statusCode).toBe(403);
    const broken = await t.post(
      '/api/asr/updateRecordMemberName',
      { recordId: rec.recordId, memberInfo: '[{' },
      owner.token,
    );
    expect(broken.statusCode).toBe(400);
  });

  test('updateAsrFile replaces the transcript with the edited lines and their names', async () => {
    const owner = await registered(t);
    const rec = await makeRecording(t, owner, { transcript: MEETING });
    const edited = [
      {
        speakerId: 1002,
        speakerName: 'Bo',
        text: 'Second line, fixed',
        startTime: 3000,
        endTime: 4000,
      },
      {
        speakerId: 1001,
        speakerName: 'Ann',
        text: 'First line',
        startTime: 0,
        endTime: 2500,
        origin: 'speech',
      },
    ];
    const res = await upload(
      t,
      '/api/asr/updateAsrFile',
      rec.recordId,
      JSON.stringify(edited),
      owner.token,
    );
    expect(res.json(), res.body).toMatchObject({ code: 0 });
    expect(res.json().payload.transcript).toEqual([
      {
        speakerId: 1001,
        speakerName: 'Ann',
        text: 'First line',
        startTime: 0,
        endTime: 2500,
        origin: 'speech',
      },
      {
        speakerId: 1002,
        speakerName: 'Bo',
        text: 'Second line, fixed',
        startTime: 3000,
        endTime: 4000,
        origin: 'captions',
      },
    ]);
    for (const bad of [
      '{',
      JSON.stringify([{ speakerId: 1, text: 'x', startTime: 5, endTime: 1 }]),
      '[{"text":"no times"}]',
    ]) {
      const refused = await upload(t, '/api/asr/updateAsrFile', rec.recordId, bad, owner.token);
      expect(refused.json().key, bad).toBe('transcriptFileInvalid');
    }
    const other = await registered(t);
    expect(
      (await upload(t, '/api/asr/updateAsrFile', rec.recordId, '[]', other.token)).statusCode,
    ).toBe(403);
    expect((await minutesOf(owner, rec.recordId)).transcript).toHaveLength(2);
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
      const info = await minutesOf(owner, recordId);
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

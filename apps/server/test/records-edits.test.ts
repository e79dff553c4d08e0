/**
 * The owner's edits of a recording's minutes, chapters and transcript, on a real database: only
 * the owner may edit; minutes are stored as uploaded; chapters are kept sorted and never share a
 * second; speakers' names come from the timeline, then the owner's corrections; a whole edited
 * transcript replaces the old one.
 */
import { describe, expect, test, afterAll, beforeAll } from 'vitest';
import { build, type TestApp } from './helper.js';
import { MEETING, makeRecording, recordsApi, upload } from './records-fixture.js';
import { registered } from './room-members.js';

let t: TestApp;
let api: ReturnType<typeof recordsApi>;

beforeAll(async () => {
  t = await build();
  api = recordsApi(t);
});
afterAll(() => t.close());

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
    expect((await api.minutes(rec.recordId, owner.token)).minutes).toBe('Budget: 9k.\n会议纪要');
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
    expect((await api.minutes(rec.recordId, owner.token)).chapters).toHaveLength(2);
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
    const before = await api.minutes(rec.recordId, owner.token);
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
    expect((await api.minutes(rec.recordId, owner.token)).transcript).toHaveLength(2);
  });
});

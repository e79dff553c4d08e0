/**
 * A recording's transcript for real: LibriVox read speech joined with silences by ffmpeg into a
 * recording's mixed audio, the meeting's caption lines and talking timeline in a real database,
 * and the embedded engines (Silero VAD, PocketSphinx). Where captions were off the speech pass
 * hears the clips and gives them to whoever was talking; where captions cover it, no pass is made.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, asc } from 'drizzle-orm';
import { recordingEvents, recordings, recordingTranscript } from '../src/db/schema/index.js';
import {
  assembleTranscript,
  loadTranscriptSources,
  replaceTranscript,
} from '../src/recordings/transcripts/assemble.js';
import { transcribeRecording } from '../src/recordings/transcripts/transcribe-recording.js';
import { build, type TestApp } from './helper.js';
import { buildDecoder, librivoxClips, wordErrors } from './engine-servers/librivox.js';
import { createMeeting, registered, type Account } from './room-members.js';
import { T0, caption, mixedAudio, talked, type Placed } from './transcript-fixture.js';

const run = promisify(execFile);

let t: TestApp;
let work: string;
let wav: string;
let placed: Placed[];
let durationMs: number;
let ann: Account;
let bob: Account;
let cy: Account;

beforeAll(async () => {
  buildDecoder();
  t = await build();
  work = await mkdtemp(path.join(tmpdir(), 'meet-transcript-'));
  wav = path.join(work, 'mixed.wav');
  const byId = new Map(librivoxClips().map((c) => [c.id.slice(-4), c]));
  ({ placed, durationMs } = await mixedAudio(
    ['0870', '0880', '0890', '0920'].map((id) => byId.get(id)!),
    wav,
  ));
  [ann, bob, cy] = [await registered(t), await registered(t), await registered(t)];
}, 120_000);

afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

const engines = () => t.app.engines;

describe('assembling a recording transcript', () => {
  test('with captions over the first clip only, the speech pass hears the other clips and gives them to whoever was talking', async () => {
    const [first, second, third, fourth] = placed as [Placed, Placed, Placed, Placed];
    const { lines, report } = await assembleTranscript({
      startedAt: T0,
      stoppedAt: T0 + durationMs,
      captions: [caption(first, ann.userId)],
      events: [
        ...talked(first, ann.userId),
        ...talked(second, bob.userId),
        ...talked(third, bob.userId),
        ...talked(fourth, cy.userId),
      ],
      audioPath: wav,
      engines: engines(),
    });

    expect(report).toMatchObject({ speechPass: 'done', language: 'en', captionLines: 1 });
    // Only what the captions left uncovered was read.
    expect(report.scannedMs).toBeLessThan(durationMs - (first.end - first.start));
    expect(lines[0]).toEqual({
      speakerId: ann.userId,
      text: first.clip.text,
      language: 'en',
      startTime: Math.round(first.start),
      endTime: Math.round(first.end),
      origin: 'captions',
    });
    const heard = lines.filter((l) => l.origin === 'speech');
    expect(heard.length).toBe(report.speechLines);
    expect(heard.length).toBeGreaterThanOrEqual(3);
    // Nothing heard where the caption line was.
    for (const line of heard) expect(line.startTime).toBeGreaterThan(first.end);

    for (const [clipAt, speaker] of [
      [second, bob],
      [third, bob],
      [fourth, cy],
    ] as const) {
      const within = heard.filter(
        (l) => l.startTime >= clipAt.start - 500 && l.endTime <= clipAt.end + 800,
      );
      expect(within.length, `the clip at ${clipAt.start} ms was heard`).toBeGreaterThanOrEqual(1);
      for (const line of within) {
        expect(line.speakerId).toBe(speaker.userId);
        expect(line.language).toBe('en');
      }
      const text = within.map((l) => l.text).join(' ');
      const { errors, words } = wordErrors(clipAt.clip.text, text);
      expect(errors / words, `"${text}" against "${clipAt.clip.text}"`).toBeLessThan(0.5);
    }
    // Every line is in the recording, in time order.
    for (const line of lines) {
      expect(line.startTime).toBeGreaterThanOrEqual(0);
      expect(line.endTime).toBeLessThanOrEqual(durationMs);
    }
    expect(lines.map((l) => l.startTime)).toEqual(
      [...lines.map((l) => l.startTime)].sort((a, b) => a - b),
    );
  });

  test('speech nobody was talking during is speaker 0', async () => {
    const [first, second] = placed as [Placed, Placed];
    const { lines } = await assembleTranscript({
      startedAt: T0,
      // The recording ends after the second clip.
      stoppedAt: T0 + Math.round(second.end) + 1000,
      captions: [caption(first, ann.userId)],
      events: talked(first, ann.userId),
      audioPath: wav,
      engines: engines(),
    });
    const heard = lines.filter((l) => l.origin === 'speech');
    expect(heard.length).toBeGreaterThanOrEqual(1);
    for (const line of heard) expect(line.speakerId).toBe(0);
  });

  test('with captions covering everything, no speech pass is made', async () => {
    const last = placed.at(-1)!;
    const { lines, report } = await assembleTranscript({
      startedAt: T0,
      // Stopped a second after the last words.
      stoppedAt: T0 + Math.round(last.end) + 1000,
      captions: placed.map((p, i) => caption(p, [ann, bob, bob, cy][i]!.userId)),
      events: [],
      audioPath: wav,
      engines: engines(),
    });
    expect(report).toMatchObject({
      speechPass: 'not-needed',
      uncovered: [],
      scannedMs: 0,
      utterances: 0,
      speechLines: 0,
    });
    expect(lines.map((l) => [l.origin, l.text])).toEqual(
      placed.map((p) => ['captions', p.clip.text]),
    );
  });

  test('a meeting in a language the speech engine does not know gets no pass, only its captions', async () => {
    const [first] = placed as [Placed];
    const { lines, report } = await assembleTranscript({
      startedAt: T0,
      stoppedAt: T0 + durationMs,
      captions: [{ ...caption(first, ann.userId, 'zh'), text: '第一段的字幕' }],
      events: [],
      audioPath: wav,
      engines: engines(),
    });
    expect(engines().asr?.languages).toEqual(['en']);
    expect(report).toMatchObject({ speechPass: 'language-not-recognized', language: 'zh' });
    expect(lines).toHaveLength(1);
  });

  test('caption lines are re-timed to the recording, and those outside it are left out', async () => {
    const startedAt = T0 + 5000;
    const { lines } = await assembleTranscript({
      startedAt,
      stoppedAt: startedAt + 20_000,
      captions: [
        { speakerId: 1, text: 'before it', language: 'en', startTime: T0, endTime: T0 + 4000 },
        {
          speakerId: 2,
          text: 'across its start',
          language: 'en',
          startTime: T0 + 4000,
          endTime: T0 + 7000,
        },
        { speakerId: 3, text: '  ', language: 'en', startTime: T0 + 8000, endTime: T0 + 9000 },
        {
          speakerId: 1,
          text: 'inside',
          language: 'en',
          startTime: T0 + 10_000,
          endTime: T0 + 12_000,
        },
        {
          speakerId: 2,
          text: 'after it',
          language: 'en',
          startTime: T0 + 26_000,
          endTime: T0 + 27_000,
        },
      ],
      events: [],
      audioPath: null,
      engines: engines(),
    });
    expect(lines).toEqual([
      {
        speakerId: 2,
        text: 'across its start',
        language: 'en',
        startTime: 0,
        endTime: 2000,
        origin: 'captions',
      },
      {
        speakerId: 1,
        text: 'inside',
        language: 'en',
        startTime: 5000,
        endTime: 7000,
        origin: 'captions',
      },
    ]);
  });
});

describe('the transcript in the database', () => {
  test('read from the meeting’s captions and the recording’s timeline, written in place of the old rows, the same each time', async () => {
    const meeting = await createMeeting(t, ann);
    const conference = (await t.app.conferences.byUri(meeting.uri))!;
    const db = t.database.db;
    const [recording] = await db
      .insert(recordings)
      .values({
        recordId: `rec-${Date.now()}`,
        conferenceId: conference.id,
        ownerId: ann.userId,
        name: 'Weekly',
        recordType: 'audio',
        layout: 'speech',
        status: 'processing',
        startedAt: new Date(T0),
        stoppedAt: new Date(T0 + durationMs),
        createdAt: new Date(T0),
      })
      .returning();
    const [first, second, third, fourth] = placed as [Placed, Placed, Placed, Placed];
    const store = t.app.captionsStore;
    // A line from before the recording, then captions for the first clip; off after that.
    for (const line of [
      {
        ...caption(first, bob.userId),
        text: 'said before recording',
        startTime: T0 - 9000,
        endTime: T0 - 7000,
      },
      caption(first, ann.userId),
    ]) {
      await store.addLine({
        ...line,
        conferenceId: conference.id,
        speakerName: 'x',
        engine: 'PocketSphinx (English)',
      });
    }
    await db
      .insert(recordingEvents)
      .values(
        [
          { type: 'join', userId: ann.userId, name: 'Ann', at: T0 },
          ...talked(first, ann.userId),
          ...talked(second, bob.userId),
          ...talked(third, bob.userId),
          ...talked(fourth, cy.userId),
        ].map((e) => ({ recordingId: recording!.id, name: '', ...e })),
      );
    // Rows of an earlier pass, to be replaced.
    await replaceTranscript(db, recording!.id, [
      { speakerId: 9, text: 'stale', language: 'en', startTime: 0, endTime: 1, origin: 'speech' },
    ]);

    const sources = await loadTranscriptSources(db, recording!.id);
    expect(sources.startedAt).toBe(T0);
    expect(sources.stoppedAt).toBe(T0 + durationMs);
    expect(sources.captions.map((c) => c.text)).toEqual([first.clip.text]);
    expect(sources.events).toHaveLength(8);

    const stored = async () =>
      db
        .select()
        .from(recordingTranscript)
        .where(eq(recordingTranscript.recordingId, recording!.id))
        .orderBy(asc(recordingTranscript.startTime), asc(recordingTranscript.id));
    const once = await assembleTranscript({ ...sources, audioPath: wav, engines: engines() });
    await replaceTranscript(db, recording!.id, once.lines);
    const rows = await stored();
    expect(rows.map((r) => r.text)).not.toContain('stale');
    expect(
      rows.map(({ speakerId, text, language, startTime, endTime, origin }) => ({
        speakerId,
        text,
        language,
        startTime,
        endTime,
        origin,
      })),
    ).toEqual(once.lines);
    expect(new Set(rows.map((r) => r.speakerId))).toEqual(
      new Set([ann.userId, bob.userId, cy.userId]),
    );

    // Again, as a retried job does: the same lines, not twice as many.
    const report = await transcribeRecording({
      db,
      recordingRowId: recording!.id,
      audioPath: wav,
      engines: engines(),
    });
    expect(report.speechLines).toBe(once.report.speechLines);
    const after = await stored();
    expect(after.map((r) => [r.speakerId, r.text, r.startTime])).toEqual(
      rows.map((r) => [r.speakerId, r.text, r.startTime]),
    );
  });
});

describe('the mixed audio', () => {
  test('a WAV that is not 16 kHz mono 16-bit is refused, saying what it is', async () => {
    const stereo = path.join(work, 'stereo.wav');
    await run('ffmpeg', ['-v', 'error', '-y', '-i', wav, '-ar', '44100', '-ac', '2', stereo]);
    const [first] = placed as [Placed];
    await expect(
      assembleTranscript({
        startedAt: T0,
        stoppedAt: T0 + durationMs,
        captions: [caption(first, ann.userId)],
        events: [],
        audioPath: stereo,
        engines: engines(),
      }),
    ).rejects.toThrow(/44100 Hz, 2 channel\(s\), 16 bits .*needs 16 kHz mono 16-bit PCM/);
  });
});

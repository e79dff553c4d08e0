/**
 * A recording's transcript made as a real recording's is: real read speech (LibriVox, Debian's
 * pocketsphinx-testdata) encoded as Opus by ffmpeg's libopus and written as the .mjr files Janus
 * records of two members (mjr-fixture.ts), their stream rows and talking timeline, one live
 * caption line, and the compose job on the real queue with the real janus-pp-rec, ffmpeg, Silero
 * VAD and PocketSphinx. The members talk over each other once, as people in a meeting do.
 *
 * What comes out through `record/getRecordInfo`: every stretch of speech has its line, given to
 * whoever said it, with the words recognized about as well as live captions recognize them (each
 * member's own track is heard, not the mix); the stretch live captions held is their line.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  captionLines,
  recordingEvents,
  recordingStreams,
  recordings,
  recordingTranscript,
} from '../src/db/schema/index.js';
import { findDecoderBinary } from '../src/engines/asr/pocketsphinx-decoder.js';
import { PocketsphinxEngine } from '../src/engines/asr/pocketsphinx-engine.js';
import { COMPOSE_JOB } from '../src/recordings/recording-names.js';
import { assembleTranscript, replaceTranscript } from '../src/recordings/transcripts/assemble.js';
import { decodeVoices } from '../src/recordings/transcripts/voice-tracks.js';
import { build, type TestApp } from './helper.js';
import {
  buildDecoder,
  clip,
  concat,
  silence,
  speechBounds,
  SAMPLE_RATE,
  wordErrors,
  type Clip,
} from './engine-servers/librivox.js';
import { writeMjr } from './mjr-fixture.js';
import { makeRecording, recordsApi } from './records-fixture.js';
import { registered, type Account } from './room-members.js';

const exec = promisify(execFile);
const FAST = {
  pollMs: 500,
  monitorSeconds: 1,
  retryDelaySeconds: 1,
  heartbeatSeconds: 10,
  stopTimeoutMs: 500,
};
const DURATION_MS = 30_000;

interface Said {
  clip: Clip;
  /** Seconds from the recording's start where the clip begins. */
  at: number;
  /** Ms from the recording's start: where its speech is. */
  start: number;
  end: number;
}

let t: TestApp;
let src: string;

beforeAll(async () => {
  buildDecoder();
  t = await build({ JOBS_WORK: '1' }, { jobs: FAST });
  src = await mkdtemp(path.join(tmpdir(), 'rec-transcript-src-'));
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(src, { recursive: true, force: true });
});

/** A member's microphone for the whole recording: the clips at their times, silence between. */
async function microphone(name: string, said: readonly Said[]): Promise<string> {
  const parts: Int16Array[] = [];
  let at = 0;
  for (const s of said) {
    parts.push(silence(s.at - at), s.clip.pcm);
    at = s.at + s.clip.pcm.length / SAMPLE_RATE;
  }
  parts.push(silence(DURATION_MS / 1000 - at));
  const raw = path.join(src, `${name}.raw`);
  await writeFile(raw, Buffer.from(concat(parts).buffer));
  const ogg = path.join(src, `${name}.ogg`);
  // As a browser sends it: 48 kHz Opus at 32 kb/s, 20 ms frames.
  await exec('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '1', '-i', raw],
    ...['-ar', '48000', '-ac', '1', '-c:a', 'libopus', '-b:a', '32k', '-frame_duration', '20'],
    ...['-f', 'ogg', ogg],
  ]);
  return ogg;
}

function said(suffix: string, at: number): Said {
  const c = clip(suffix);
  const bounds = speechBounds(c.pcm);
  const ms = (sample: number) => at * 1000 + (sample / SAMPLE_RATE) * 1000;
  return { clip: c, at, start: ms(bounds.start), end: ms(bounds.end) };
}

test('a recording of two members: every stretch of speech is heard from its speaker’s own track, about as well as live captions hear it, and the live caption line stands', async () => {
  const db = t.database.db;
  const [ann, bob] = (await Promise.all([registered(t), registered(t)])) as [Account, Account];
  const annSaid = [said('0870', 1), said('0920', 13), said('0930', 25)];
  // Bob's second sentence starts while Ann is still speaking.
  const bobSaid = [said('0880', 9), said('0890', 16.5)];
  const captioned = annSaid[2]!;

  const rec = await makeRecording(t, ann, {
    status: 'processing',
    recordType: 'audio',
    durationMs: DURATION_MS,
  });
  const [row] = await db.select().from(recordings).where(eq(recordings.id, rec.id));
  const startedAt = row!.startedAt.getTime();
  await db
    .update(recordings)
    .set({ stoppedAt: new Date(startedAt + DURATION_MS) })
    .where(eq(recordings.id, rec.id));
  const rawDir = path.join(t.dataDir, 'recordings', 'raw');
  const janusClock = Date.now() - 3_600_000;
  for (const [member, lines] of [
    [ann, annSaid],
    [bob, bobSaid],
  ] as const) {
    const prefix = `${rec.recordId}/camera-${member.userId}`;
    await mkdir(path.dirname(path.join(rawDir, prefix)), { recursive: true });
    const ogg = await microphone(`user-${member.userId}`, lines);
    await writeMjr(ogg, path.join(rawDir, `${prefix}-audio-0.mjr`), {
      createdAt: janusClock,
      firstPacketDelayMs: 40,
    });
    await db.insert(recordingStreams).values({
      recordingId: rec.id,
      userId: member.userId,
      source: 'camera',
      filePrefix: prefix,
      displayName: member === ann ? 'Ann' : 'Bob',
      startedAt: new Date(startedAt),
      stoppedAt: new Date(startedAt + DURATION_MS),
    });
    await db.insert(recordingEvents).values(
      lines.flatMap((s) => [
        {
          recordingId: rec.id,
          type: 'talk_start',
          userId: member.userId,
          name: '',
          at: startedAt + s.start + 300,
        },
        {
          recordingId: rec.id,
          type: 'talk_stop',
          userId: member.userId,
          name: '',
          at: startedAt + s.end + 600,
        },
      ]),
    );
  }
  // Live captions were on for Ann's last sentence only.
  await db.insert(captionLines).values({
    conferenceId: row!.conferenceId,
    speakerId: ann.userId,
    speakerName: 'Ann',
    text: 'he might even have been made amiable himself (live)',
    language: 'en',
    engine: 'PocketSphinx (English)',
    startTime: startedAt + Math.round(captioned.start) + 50,
    endTime: startedAt + Math.round(captioned.end) + 200,
    createdAt: new Date(),
  });

  await t.app.jobs.send(COMPOSE_JOB, { recordingId: rec.id });
  // The raw files go once the transcript pass is over.
  await expect
    .poll(() => existsSync(path.join(rawDir, rec.recordId)), { timeout: 150_000, interval: 500 })
    .toBe(false);
  const transcriptRows = () =>
    db
      .select()
      .from(recordingTranscript)
      .where(eq(recordingTranscript.recordingId, rec.id))
      .orderBy(asc(recordingTranscript.startTime));
  /** Every stretch heard from its speaker, about as well as live captions hear it. */
  const expectHeardWell = (rows: Awaited<ReturnType<typeof transcriptRows>>) => {
    // The live line stands for its stretch; nothing of Ann's is heard again there.
    const live = rows.filter((r) => r.origin === 'captions');
    expect(live.map((r) => [r.speakerId, r.text])).toEqual([
      [ann.userId, 'he might even have been made amiable himself (live)'],
    ]);
    const overlapping = (r: { startTime: number; endTime: number }, s: Said) =>
      r.endTime > s.start && r.startTime < s.end;
    expect(rows.filter((r) => r.origin !== 'captions' && overlapping(r, captioned))).toEqual([]);

    let errors = 0;
    let words = 0;
    for (const [member, lines] of [
      [ann, annSaid.slice(0, 2)],
      [bob, bobSaid],
    ] as const) {
      for (const s of lines) {
        const mine = rows.filter((r) => r.speakerId === member.userId && overlapping(r, s));
        const text = mine.map((r) => r.text).join(' ');
        // No stretch of speech is missing or recognized as nothing.
        expect.soft(mine.length, `a line for "${s.clip.text}"`).toBeGreaterThan(0);
        for (const r of mine) expect.soft(r.origin).toBe('speech');
        const score = wordErrors(s.clip.text, text);
        expect.soft(score.errors / score.words, `"${text}" for "${s.clip.text}"`).toBeLessThan(0.5);
        errors += score.errors;
        words += score.words;
      }
    }
    // Heard once each, from voices the engine has not met, these clips come out at about 25% word
    // errors ("mister" heard as "mr" counts as two); on all five clips the recording's pass gets
    // 22.5% and live captions 24% on the same Opus audio (scripts/bench/asr.mjs
    // --through=recording). The old pass over the mix got 71% wrong here, one sentence lost in
    // another's.
    expect(errors / words, `${errors} of ${words} words wrong`).toBeLessThanOrEqual(0.3);
    // No line of anyone's where nobody spoke.
    const spoken = [...annSaid, ...bobSaid];
    for (const r of rows) {
      expect(spoken.some((s) => r.endTime > s.start - 500 && r.startTime < s.end + 500)).toBe(true);
    }
  };
  const rows = await transcriptRows();
  expectHeardWell(rows);

  // The recording's page shows them as before: speaker, text, times.
  const info = await recordsApi(t).info(rec.recordId, ann.token);
  expect(info.statusCode, info.body).toBe(200);
  const transcript = info.json().payload.transcript as {
    speakerName: string;
    text: string;
    startTime: number;
    endTime: number;
  }[];
  expect(transcript).toHaveLength(rows.length);
  expect(transcript.map((l) => l.text)).toEqual(rows.map((r) => r.text));
  for (const line of transcript) {
    expect(line.speakerName).toEqual(expect.any(String));
    expect(line.endTime).toBeGreaterThanOrEqual(line.startTime);
  }

  // Run again later (convertToText), the pass hears the members' own tracks kept with the
  // recording, not the mix (which got 71% of these words wrong): the same lines, the same people.
  const [ready] = await db.select().from(recordings).where(eq(recordings.id, rec.id));
  expect(ready!.voices.map((v) => v.userId).sort()).toEqual([ann.userId, bob.userId].sort());
  await db.delete(recordingTranscript).where(eq(recordingTranscript.recordingId, rec.id));
  const again = await t.post('/api/sm/convertToText', { recordId: rec.recordId }, ann.token);
  expect(again.json(), again.body).toMatchObject({ code: 0 });
  await expect
    .poll(async () => (await transcriptRows()).length, { timeout: 150_000, interval: 500 })
    .toBeGreaterThan(0);
  expectHeardWell(await transcriptRows());
}, 400_000);

test('speech the engine fails on is a line of its span marked not recognized, never a gap', async () => {
  const ann = await registered(t);
  const lines = [said('0880', 1), said('0930', 6)];
  const ogg = await microphone('failing', lines);
  const { voices } = await decodeVoices([{ userId: ann.userId, path: ogg, offsetMs: 0 }], src);
  // PocketSphinx without its model: every decoder fails to start.
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const broken = new PocketsphinxEngine(
    { binary: findDecoderBinary()!, modelDir: src, args: [], maxDecoders: 1 },
    quiet,
  );
  try {
    const { lines: out, report } = await assembleTranscript({
      startedAt: 0,
      stoppedAt: DURATION_MS,
      captions: [],
      events: [],
      audioPath: null,
      voices,
      engines: { asr: broken, vad: t.app.engines.vad },
    });
    expect(report).toMatchObject({ source: 'voices', speechLines: 0 });
    for (const s of lines) {
      const covering = out.filter((l) => l.endTime > s.start && l.startTime < s.end);
      expect(covering.map((l) => [l.speakerId, l.origin, l.text])).toEqual([
        [ann.userId, 'unrecognized', ''],
      ]);
      expect(covering[0]!.startTime).toBeLessThanOrEqual(s.start + 300);
      expect(covering[0]!.endTime).toBeGreaterThanOrEqual(s.end - 300);
    }

    // The recording's page shows them so, in the reader's language.
    const rec = await makeRecording(t, ann, { durationMs: DURATION_MS });
    await replaceTranscript(t.database.db, rec.id, out);
    for (const [language, text] of [
      ['en', '(speech not recognized)'],
      ['zh', '（语音未能识别）'],
    ] as const) {
      const info = await t.post(
        '/api/record/getRecordInfo',
        { recordId: rec.recordId, language },
        ann.token,
      );
      expect(info.json().payload.transcript.map((l: { text: string }) => l.text)).toEqual(
        out.map(() => text),
      );
    }
  } finally {
    await broken.close();
  }
}, 120_000);

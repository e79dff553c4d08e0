/**
 * Composing a recording after it stopped, with the real janus-pp-rec and ffmpeg on a real
 * database: .mjr files as Janus writes them (mjr-fixture.ts: ffmpeg's VP8 and Opus of solid
 * colours and espeak-ng speech), the row's stream pieces and timeline, and what comes out —
 * the MP4's format, length, sound and layout (the screen share in the main window), the audio
 * file of an audio-only recording, the stored files and the row made ready.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recordings } from '../src/db/schema/index.js';
import { composeRecording, type ComposeDeps } from '../src/recordings/compose/compose-recording.js';
import { RECORDING_DEFAULTS } from '../src/recordings/compose/settings.js';
import { stoppedRecording, type Piece, type RecordingEvent } from './compose-fixture.js';
import { build, type TestApp } from './helper.js';
import {
  container,
  ffmpegRuns,
  frameCount,
  imagePixel,
  isBlue,
  isCyan,
  isGreen,
  isRed,
  meanVolume,
  niceOf,
  pixel,
  probe,
} from './media-probe.js';
import { colourVp8, coloursVp8, speechOpus } from './mjr-fixture.js';
import { registered, type Account } from './room-members.js';

let t: TestApp;
let deps: ComposeDeps;
let src: string;
let alice: Account;
let bob: Account;
let carol: Account;

let sources: Record<'red' | 'blue' | 'green' | 'aliceVoice' | 'bobVoice', string>;

beforeAll(async () => {
  t = await build();
  src = await mkdtemp(path.join(tmpdir(), 'rec-compose-src-'));
  deps = {
    db: t.database.db,
    blobs: t.app.blobs,
    rawDir: path.join(t.dataDir, 'recordings', 'raw'),
    workRoot: path.join(t.dataDir, 'recordings', 'work'),
    log: t.app.log,
  };
  [alice, bob, carol] = await Promise.all([registered(t), registered(t), registered(t)]);
  const [red, blue, green, aliceVoice, bobVoice] = await Promise.all([
    colourVp8(src, 'red', '640x360', 15, 6),
    colourVp8(src, 'blue', '640x360', 15, 12),
    colourVp8(src, 'lime', '1280x720', 5, 4),
    speechOpus(src, 'alice', 'Good morning everyone, thank you for joining the review.', 0.5, 6),
    speechOpus(src, 'bob', 'Let me share my screen and show the new plan.', 5, 12),
  ]);
  sources = { red: red!, blue: blue!, green: green!, aliceVoice: aliceVoice!, bobVoice: bobVoice! };
}, 60_000);
afterAll(async () => {
  await rm(src, { recursive: true, force: true });
  await t.close();
});

/** A stopped recording of Alice's with its stream rows, their .mjr files and timeline events. */
const recording = (recordType: 'audio' | 'video', pieces: Piece[], events: RecordingEvent[] = []) =>
  stoppedRecording(t, deps.rawDir, alice, recordType, pieces, events);

const rowOf = async (id: number) =>
  (await t.database.db.select().from(recordings).where(eq(recordings.id, id)))[0]!;

async function blobSize(key: string): Promise<number> {
  const blob = await t.app.blobs.get(key);
  if (!blob) return -1;
  blob.stream.destroy();
  return blob.size;
}

/** Alice talks, Bob shares his screen and talks, Carol never sends anything: 12 s. */
function reviewMeeting(bobCamera = sources.blue) {
  return recording(
    'video',
    [
      // Alice's camera in two pieces (a media-server restart), the second without sound.
      {
        user: alice,
        source: 'camera',
        name: 'Alice',
        at: 0,
        until: 6_000,
        files: [
          { kind: 'audio', mindex: 0, from: sources.aliceVoice },
          { kind: 'video', mindex: 1, from: sources.red },
        ],
      },
      {
        user: alice,
        source: 'camera',
        name: 'Alice',
        at: 6_500,
        until: 12_000,
        files: [
          { kind: 'audio', mindex: 0, from: null },
          { kind: 'video', mindex: 1, from: sources.red },
        ],
      },
      {
        user: bob,
        source: 'camera',
        name: 'Bob',
        at: 0,
        until: 12_000,
        files: [
          { kind: 'audio', mindex: 0, from: sources.bobVoice },
          { kind: 'video', mindex: 1, from: bobCamera },
        ],
      },
      {
        user: bob,
        source: 'screen',
        name: 'Bob',
        at: 5_000,
        until: 9_000,
        files: [{ kind: 'video', mindex: 0, from: sources.green }],
      },
      // Carol's camera never sent anything and she has no events: a name tile.
      { user: carol, source: 'camera', name: 'Carol', at: 1_000, until: 12_000, files: [] },
    ],
    [
      { type: 'join', user: alice, name: 'Alice', at: 0 },
      { type: 'join', user: bob, name: 'Bob', at: 0 },
      { type: 'talk_start', user: alice, at: 500 },
      { type: 'talk_stop', user: alice, at: 3_500 },
      { type: 'talk_start', user: bob, at: 5_000 },
      { type: 'share_start', user: bob, at: 5_000 },
      { type: 'talk_stop', user: bob, at: 8_000 },
      { type: 'share_stop', user: bob, at: 9_000 },
    ],
  );
}

// Each test runs ffmpeg for real, several at once: on a busy 2-core machine a composition takes
// well past the default 30 s, and slower is not wrong.
describe('composing a video recording', { timeout: 90_000 }, () => {
  test("the MP4 is 1280x720 H.264 + AAC of the recording's length, with everyone heard, the speaker and then the screen share in the main window; the row is ready", async () => {
    const made = await reviewMeeting();
    const { wavPath, workDir } = await composeRecording(deps, made.id);
    const row = await rowOf(made.id);
    expect(row).toMatchObject({ status: 'ready', progress: 100, stage: '', error: '' });
    expect(row.videoKey).toBe(`recordings/${made.recordId}/video.mp4`);
    expect(row.audioKey).toBe(`recordings/${made.recordId}/audio.m4a`);
    expect(row.previewKey).toBe(`recordings/${made.recordId}/preview.jpg`);
    const sizes = await Promise.all([row.videoKey, row.audioKey, row.previewKey].map(blobSize));
    expect(Math.min(...sizes)).toBeGreaterThan(0);
    // Alice's and Bob's own sound are kept (for the transcript pass run again), and counted.
    expect(row.voices.map((v) => v.userId).sort()).toEqual([alice.userId, bob.userId].sort());
    expect(row.voices.map((v) => v.key)).toEqual([
      `recordings/${made.recordId}/voices/0-${alice.userId}.opus`,
      `recordings/${made.recordId}/voices/1-${bob.userId}.opus`,
    ]);
    const voiceSizes = await Promise.all(row.voices.map((v) => blobSize(v.key)));
    expect(Math.min(...voiceSizes)).toBeGreaterThan(0);
    expect(row.sizeBytes).toBe([...sizes, ...voiceSizes].reduce((a, b) => a + b, 0));
    expect(Math.abs(row.durationMs - 12_000)).toBeLessThanOrEqual(1_000);

    const video = path.join(workDir, 'video.mp4');
    const { streams, seconds } = await probe(video);
    expect(streams).toEqual([
      expect.objectContaining({
        codec_type: 'video',
        codec_name: 'h264',
        width: 1280,
        height: 720,
      }),
      expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' }),
    ]);
    expect(Math.abs(seconds - 12)).toBeLessThanOrEqual(1);
    expect(await meanVolume(video)).toBeGreaterThan(-50);

    // The main window (0,72 1024x576): Alice while she talks, Bob's screen while he shares,
    // then Bob, the last to talk; Alice's camera in the side column during the share.
    expect(isRed(await pixel(video, 2, 512, 360))).toBe(true);
    expect(isGreen(await pixel(video, 7, 512, 360))).toBe(true);
    expect(isRed(await pixel(video, 7, 1152, 216))).toBe(true);
    expect(isBlue(await pixel(video, 10.5, 512, 360))).toBe(true);

    expect(wavPath).not.toBeNull();
    const wav = await probe(wavPath!);
    expect(wav.streams).toEqual([
      expect.objectContaining({ codec_name: 'pcm_s16le', sample_rate: '16000' }),
    ]);
    expect(Math.abs(wav.seconds - 12)).toBeLessThanOrEqual(1);
    await rm(workDir, { recursive: true, force: true });
  });

  test('cut into three parts composed at once, the MP4 is whole: every frame once, each part shows what the layout says from its first frame, the sound is unbroken', async () => {
    // Bob's camera turns cyan at 10 s, with key frames at 0, 5 and 10 s: the last part (from
    // 8 s) must read it from 8 s, not from its start.
    const bobCamera = await coloursVp8(
      src,
      [
        ['blue', 10],
        ['cyan', 2],
      ],
      '640x360',
      15,
      5,
    );
    const made = await reviewMeeting(bobCamera);
    const inParts: ComposeDeps = {
      ...deps,
      settings: { ...RECORDING_DEFAULTS, parts: { max: 3, minMs: 3_000 } },
    };
    const seen: number[] = [];
    const watching = setInterval(() => {
      void rowOf(made.id).then((row) => seen.push(row.progress));
    }, 100);
    const { workDir } = await composeRecording(inParts, made.id).finally(() =>
      clearInterval(watching),
    );
    // Three parts had their own layout; their files are gone once joined.
    const planFiles = await readdir(path.join(workDir, 'plan'));
    expect(planFiles.filter((f) => f.endsWith('graph.txt')).sort()).toEqual([
      'p0-graph.txt',
      'p1-graph.txt',
      'p2-graph.txt',
    ]);
    expect(planFiles.filter((f) => f.endsWith('.mp4'))).toEqual([]);
    const video = path.join(workDir, 'video.mp4');
    const { streams, seconds } = await probe(video);
    expect(streams.map((s) => s.codec_name)).toEqual(['h264', 'aac']);
    expect(Math.abs(seconds - 12)).toBeLessThanOrEqual(0.1);
    // 12 s at 15 fps: no frame lost or doubled at the cuts (4 s and 8 s).
    expect(await frameCount(video)).toBe(180);
    // Right after each cut, the part's first frames: Alice (still the last to talk) at 4.1 s,
    // Bob's screen (read from 3 s into its file) at 8.1 s; and inside each part.
    expect(isRed(await pixel(video, 2, 512, 360))).toBe(true);
    expect(isRed(await pixel(video, 4.1, 512, 360))).toBe(true);
    expect(isGreen(await pixel(video, 7, 512, 360))).toBe(true);
    expect(isRed(await pixel(video, 7, 1152, 216))).toBe(true);
    expect(isGreen(await pixel(video, 8.1, 512, 360))).toBe(true);
    expect(isBlue(await pixel(video, 9.5, 512, 360))).toBe(true);
    expect(isCyan(await pixel(video, 10.5, 512, 360))).toBe(true);
    // Both voices, in the MP4 and in the WAV, across the cuts.
    expect(await meanVolume(video)).toBeGreaterThan(-50);
    expect(
      Math.abs((await probe(path.join(workDir, 'audio.wav'))).seconds - 12),
    ).toBeLessThanOrEqual(0.1);
    expect(await rowOf(made.id)).toMatchObject({ status: 'ready', progress: 100 });
    // Progress went up through the compose stage, never back.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await rm(workDir, { recursive: true, force: true });
  });

  test('a recording in which nobody sent media is still made: silence for its length', async () => {
    const made = await recording('video', [
      {
        user: carol,
        source: 'camera',
        name: 'Carol',
        at: 0,
        until: 12_000,
        files: [
          { kind: 'audio', mindex: 0, from: null },
          { kind: 'video', mindex: 1, from: null },
        ],
      },
    ]);
    const { wavPath, workDir } = await composeRecording(deps, made.id);
    expect(wavPath).toBeNull();
    const row = await rowOf(made.id);
    expect(row).toMatchObject({ status: 'ready', progress: 100 });
    expect(Math.abs(row.durationMs - 12_000)).toBeLessThanOrEqual(1_000);
    expect(await meanVolume(path.join(workDir, 'video.mp4'))).toBeLessThan(-80);
    await rm(workDir, { recursive: true, force: true });
  });

  test('a recording whose only camera arrives 5 s in gets its preview from the camera, not the dark start', async () => {
    const made = await recording('video', [
      {
        user: alice,
        source: 'camera',
        name: 'Alice',
        at: 5_000,
        until: 12_000,
        files: [{ kind: 'video', mindex: 1, from: sources.red }],
      },
    ]);
    const { workDir } = await composeRecording(deps, made.id);
    const video = path.join(workDir, 'video.mp4');
    // The start is the dark canvas; a third of the way in (where the preview was taken from) too.
    const [r, g, b] = await pixel(video, 0.5, 512, 360);
    expect(r + g + b).toBeLessThan(150);
    expect(isRed(await pixel(video, 4, 640, 360))).toBe(false);
    const row = await rowOf(made.id);
    const stored = await t.app.blobs.get(row.previewKey);
    const jpg = path.join(workDir, 'stored-preview.jpg');
    await writeFile(jpg, stored!.stream);
    // The preview (640x360) shows Alice's red camera in the main window.
    expect(isRed(await imagePixel(jpg, 256, 180, 640))).toBe(true);
    await rm(workDir, { recursive: true, force: true });
  });

  test('stopping the job kills ffmpeg and the compose fails', async () => {
    const made = await recording('video', [
      {
        user: bob,
        source: 'camera',
        name: 'Bob',
        at: 0,
        until: 12_000,
        files: [{ kind: 'video', mindex: 1, from: sources.blue }],
      },
    ]);
    const workDir = path.join(deps.workRoot, made.recordId);
    const stop = new AbortController();
    const composing = composeRecording(deps, made.id, stop.signal);
    const failed = expect(composing).rejects.toThrow('job stopped');
    // The video's run and the sound's, below the server's priority (live captions go first). A
    // short run may end between being listed and being read: only the ones still there count.
    let nices: number[] = [];
    for (let i = 0; i < 500 && nices.length === 0; i++) {
      await sleep(20);
      const read = await Promise.all((await ffmpegRuns(workDir)).map(niceOf));
      nices = read.filter((nice) => nice !== undefined);
    }
    expect(nices.length).toBeGreaterThan(0);
    for (const nice of nices) expect(nice).toBe(10);
    stop.abort(new Error('job stopped'));
    await failed;
    expect(await ffmpegRuns(workDir)).toEqual([]);
    expect((await rowOf(made.id)).status).toBe('processing');
  });
});

describe('composing an audio-only recording', { timeout: 90_000 }, () => {
  test('only the audio file is made and stored (no video, no preview), and a retry starts over cleanly', async () => {
    const made = await recording(
      'audio',
      [
        {
          user: alice,
          source: 'camera',
          name: 'Alice',
          at: 0,
          until: 6_000,
          files: [
            { kind: 'audio', mindex: 0, from: sources.aliceVoice },
            { kind: 'video', mindex: 1, from: sources.red },
          ],
        },
        {
          user: bob,
          source: 'camera',
          name: 'Bob',
          at: 0,
          until: 12_000,
          files: [{ kind: 'audio', mindex: 0, from: sources.bobVoice }],
        },
      ],
      [{ type: 'join', user: alice, name: 'Alice', at: 0 }],
    );
    for (let attempt = 0; attempt < 2; attempt++) {
      const { wavPath, workDir } = await composeRecording(deps, made.id);
      const row = await rowOf(made.id);
      expect(row).toMatchObject({ status: 'ready', progress: 100, videoKey: '', previewKey: '' });
      expect(row.audioKey).toBe(`recordings/${made.recordId}/audio.m4a`);
      const voiceSizes = await Promise.all(row.voices.map((v) => blobSize(v.key)));
      expect(row.voices).toHaveLength(2);
      expect(row.sizeBytes).toBe(
        (await blobSize(row.audioKey)) + voiceSizes.reduce((a, b) => a + b, 0),
      );
      expect(existsSync(path.join(workDir, 'video.mp4'))).toBe(false);
      const audio = path.join(workDir, 'audio.m4a');
      const { streams, seconds } = await probe(audio);
      expect(streams).toEqual([
        expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' }),
      ]);
      expect(Math.abs(seconds - 12)).toBeLessThanOrEqual(1);
      // The download is named .m4a: the container really is MP4 with the M4A brand.
      expect(await container(audio)).toEqual({ format: 'mov,mp4,m4a,3gp,3g2,mj2', brand: 'M4A ' });
      expect(await meanVolume(audio)).toBeGreaterThan(-50);
      expect(wavPath && existsSync(wavPath)).toBe(true);
    }
  });
});

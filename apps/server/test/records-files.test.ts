/**
 * Signed links to a recording's files: they load without a header (as `<video src>` does), serve
 * Range requests (206) so the player can seek, refuse a wrong or expired signature (403) or one
 * handed out before the sharing narrowed, answer 404 once the recording is gone, and keep working
 * across a restart (the key is kept in $DATA_DIR, or comes from RECORDING_LINK_SECRET).
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RECORDING_LINK_TTL_MS } from '@meet/shared';
import { SIGNING_KEY_FILE } from '../src/lib/signing-key.js';
import { build, type TestApp } from './helper.js';
import {
  makeRecording,
  recordingFiles,
  recordsApi,
  type MadeRecording,
} from './records-fixture.js';
import { registered, type Account } from './room-members.js';

const run = promisify(execFile);

let t: TestApp;
let api: ReturnType<typeof recordsApi>;
let owner: Account;
let rec: MadeRecording;

beforeAll(async () => {
  t = await build();
  api = recordsApi(t);
  owner = await registered(t);
  rec = await makeRecording(t, owner, { withFiles: true, name: 'Kick-off 会议' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function links(): Promise<{ videoUrl: string; audioUrl: string; previewImg: string }> {
  return (await api.info(rec.recordId, owner.token)).json().payload;
}

describe('loading the files', () => {
  test('the video, audio and preview load by their links alone, as ffprobe reads them', async () => {
    const files = await recordingFiles();
    const { videoUrl, audioUrl, previewImg } = await links();
    const video = await get(videoUrl);
    expect(video.statusCode).toBe(200);
    expect(video.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes' });
    expect(Number(video.headers['content-length'])).toBe(files.video.length);
    expect(video.rawPayload.equals(files.video)).toBe(true);
    const out = path.join(tmpdir(), `rec-${process.pid}-${Date.now()}.mp4`);
    await writeFile(out, video.rawPayload);
    const probe = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,width',
      '-of',
      'json',
      out,
    ]);
    const streams = (
      JSON.parse(probe.stdout) as { streams: { codec_type: string; width?: number }[] }
    ).streams;
    expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);

    const audio = await get(audioUrl);
    expect(audio.headers['content-type']).toBe('audio/mp4');
    expect(audio.rawPayload.equals(files.audio)).toBe(true);
    const preview = await get(previewImg);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  test('a Range request answers 206 with that part; a range past the end is 416', async () => {
    const files = await recordingFiles();
    const { videoUrl } = await links();
    const part = await get(videoUrl, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${files.video.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(files.video.subarray(100, 200))).toBe(true);
    const tail = await get(videoUrl, { range: 'bytes=-50' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(files.video.subarray(files.video.length - 50))).toBe(true);
    const open = await get(videoUrl, { range: 'bytes=1000-' });
    expect(open.rawPayload.equals(files.video.subarray(1000))).toBe(true);
    const past = await get(videoUrl, { range: `bytes=${files.video.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${files.video.length}`);
  });

  test('HEAD answers the size without the body', async () => {
    const files = await recordingFiles();
    const { videoUrl } = await links();
    const res = await t.app.inject({ method: 'HEAD', url: videoUrl });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(files.video.length);
    expect(res.rawPayload.length).toBe(0);
  });

  test('download=1 names the file after the recording and its day: UTF-8 in filename*, an ASCII fallback', async () => {
    const { videoUrl, audioUrl } = await links();
    const video = await get(`${videoUrl}&download=1`);
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-disposition']).toBe(
      `attachment; filename="Kick-off __ 2026-06-01.mp4"; ` +
        `filename*=UTF-8''Kick-off%20%E4%BC%9A%E8%AE%AE%202026-06-01.mp4`,
    );
    // The audio is AAC in MP4 (composition writes it so), named .m4a.
    const audio = await get(`${audioUrl}&download=1`);
    expect(audio.headers['content-type']).toBe('audio/mp4');
    expect(audio.headers['content-disposition']).toBe(
      `attachment; filename="Kick-off __ 2026-06-01.m4a"; ` +
        `filename*=UTF-8''Kick-off%20%E4%BC%9A%E8%AE%AE%202026-06-01.m4a`,
    );
    // Played, not downloaded: no file name.
    expect((await get(videoUrl)).headers['content-disposition']).toBeUndefined();
  });

  test("the day is the one in the page's time zone (tz); characters file systems refuse are taken out", async () => {
    const late = await makeRecording(t, owner, {
      withFiles: true,
      name: 'Q4: plan/review?',
      // 23:30 UTC on the 27th is the 28th in Shanghai.
      startedAt: Date.UTC(2026, 10, 27, 23, 30),
    });
    const { videoUrl } = (await api.info(late.recordId, owner.token)).json().payload as {
      videoUrl: string;
    };
    const named = async (query: string) =>
      (await get(`${videoUrl}&download=1${query}`)).headers['content-disposition'];
    // An ASCII name needs no filename*.
    expect(await named('')).toBe(`attachment; filename="Q4 plan review 2026-11-27.mp4"`);
    expect(await named('&tz=Asia%2FShanghai')).toContain(
      'filename="Q4 plan review 2026-11-28.mp4"',
    );
    expect(await named('&tz=America%2FLos_Angeles')).toContain('2026-11-27.mp4"');
    // A zone nobody knows is UTC, not an error.
    expect(await named('&tz=Nowhere%2FAtAll')).toContain('2026-11-27.mp4"');
  });

  test('the same page loaded again within minutes gets the same links (the browser cache holds)', async () => {
    // Links expire on 10-minute steps: from just after one step, a minute later is the same step.
    t.clock.set(Math.floor(t.clock.now() / 600_000) * 600_000 + 1000);
    const first = await links();
    t.clock.advance(60_000);
    expect((await links()).videoUrl).toBe(first.videoUrl);
  });
});

describe('refusals', () => {
  test('a wrong signature, another file kind or another recording under the signature is 403', async () => {
    const { videoUrl } = await links();
    const url = new URL(videoUrl, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    const wrong = sig.slice(0, -2) + (sig.endsWith('AA') ? 'BB' : 'AA');
    const cases = [
      `/files/rec/${rec.recordId}/video?exp=${exp}&sig=${wrong}`,
      `/files/rec/${rec.recordId}/audio?exp=${exp}&sig=${sig}`,
      `/files/rec/${rec.recordId}/video?exp=${Number(exp) + 3600_000}&sig=${sig}`,
      `/files/rec/${rec.recordId}/video?exp=${exp}`,
      `/files/rec/${rec.recordId}/video`,
    ];
    for (const bad of cases) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toMatchObject({ key: 'recordingLinkInvalid' });
    }
    const other = await makeRecording(t, owner, { withFiles: true });
    const res = await get(`/files/rec/${other.recordId}/video?exp=${exp}&sig=${sig}`);
    expect(res.statusCode).toBe(403);
    expect((await get(`/files/rec/${rec.recordId}/secrets?exp=${exp}&sig=${sig}`)).statusCode).toBe(
      404,
    );
  });

  test('links handed out while anyone with the link could see it stop working once the sharing narrows; the owner gets new ones', async () => {
    const shared = await makeRecording(t, owner, { withFiles: true, shareScope: 'link' });
    // Someone not signed in, holding the link.
    const anyone = (await api.byUuid(shared.recordId)).json().payload;
    expect((await get(anyone.videoUrl)).statusCode).toBe(200);
    expect((await get(anyone.previewImg)).statusCode).toBe(200);

    expect((await api.scope(shared.recordId, 'private', owner.token)).json().code).toBe(0);
    for (const old of [anyone.videoUrl, anyone.audioUrl, anyone.previewImg]) {
      const res = await get(old);
      expect(res.statusCode, old).toBe(403);
      expect(res.json().key).toBe('recordingLinkInvalid');
    }
    expect((await api.byUuid(shared.recordId)).json().key).toBe('noRecordAccess');
    const mine = (await api.info(shared.recordId, owner.token)).json().payload;
    expect(mine.videoUrl).not.toBe(anyone.videoUrl);
    expect((await get(mine.videoUrl)).statusCode).toBe(200);

    // Widening again does not bring the old links back; narrowing from it revokes the new ones.
    expect((await api.scope(shared.recordId, 'link', owner.token)).json().code).toBe(0);
    expect((await get(anyone.videoUrl)).statusCode).toBe(403);
    expect((await get(mine.videoUrl)).statusCode).toBe(200);
    expect((await api.scope(shared.recordId, 'applicants', owner.token)).json().code).toBe(0);
    expect((await get(mine.videoUrl)).statusCode).toBe(403);
    // A change that narrows nothing keeps the links.
    const current = (await api.info(shared.recordId, owner.token)).json().payload.videoUrl;
    expect((await api.scope(shared.recordId, 'applicants', owner.token)).json().code).toBe(0);
    expect((await api.scope(shared.recordId, 'link', owner.token)).json().code).toBe(0);
    expect((await get(current)).statusCode).toBe(200);
  });

  test('a link expires after its time (6 hours at least, then 403)', async () => {
    const { audioUrl } = await links();
    const exp = Number(new URL(audioUrl, 'http://x').searchParams.get('exp'));
    expect(exp - t.clock.now()).toBeGreaterThanOrEqual(RECORDING_LINK_TTL_MS);
    t.clock.set(exp - 1);
    expect((await get(audioUrl)).statusCode).toBe(200);
    t.clock.set(exp);
    const late = await get(audioUrl);
    expect(late.statusCode).toBe(403);
    expect(late.json().key).toBe('recordingLinkInvalid');
  });

  test('the files are not served by their storage keys under /files (only by signed links)', async () => {
    for (const key of rec.keys) {
      expect((await get(`/files/${key}`)).statusCode, key).toBe(404);
    }
  });

  test('a recording without that file (audio-only: no video) has no link, and a forged one is 404', async () => {
    const audioOnly = await makeRecording(t, owner, { withFiles: true, recordType: 'audio' });
    const info = (await api.info(audioOnly.recordId, owner.token)).json().payload;
    expect(info.videoUrl).toBeUndefined();
    expect(info.previewImg).toBe('');
    const link = t.app.records.links.url({ recordId: audioOnly.recordId, linkVersion: 0 }, 'video');
    expect((await get(link)).statusCode).toBe(404);
    expect((await get(info.audioUrl)).statusCode).toBe(200);
  });
});

describe('the signing key', () => {
  test('is made once in $DATA_DIR and kept: links from before a restart still load', async () => {
    const key = await readFile(path.join(t.dataDir, SIGNING_KEY_FILE), 'utf8');
    expect(key.trim()).toMatch(/^[0-9a-f]{64}$/);
    const fresh = await makeRecording(t, owner, { withFiles: true });
    const before = (await api.info(fresh.recordId, owner.token)).json().payload.videoUrl as string;
    await t.restart();
    expect(await readFile(path.join(t.dataDir, SIGNING_KEY_FILE), 'utf8')).toBe(key);
    expect((await get(before)).statusCode).toBe(200);
  });

  test('RECORDING_LINK_SECRET signs instead when set, and links of another key do not load', async () => {
    const other = await build({ RECORDING_LINK_SECRET: 'k'.repeat(40) });
    try {
      const someone = await registered(other);
      const made = await makeRecording(other, someone, { withFiles: true });
      const link = (await recordsApi(other).info(made.recordId, someone.token)).json().payload
        .videoUrl as string;
      const load = (url: string) => other.app.inject({ method: 'GET', url });
      expect((await load(link)).statusCode).toBe(200);
      // The same link signed with this app's file key is not valid there.
      const foreign = t.app.records.links.url({ recordId: made.recordId, linkVersion: 0 }, 'video');
      expect((await load(foreign)).statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });
});

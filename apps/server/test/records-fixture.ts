/**
 * Recordings for the records tests, made directly as rows (capture and composition are tested
 * on their own): a meeting through the API, a recording row of it, real small files made with
 * ffmpeg put in the blob store, transcript lines, timeline names; and the records calls.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { USER_TYPE_PRO, recordInfo } from '@meet/shared';
import {
  conferences,
  recordingEvents,
  recordingTranscript,
  recordings,
  users,
  type RecordingRow,
} from '../src/db/schema/index.js';
import type { TestApp } from './helper.js';
import { createMeeting, type Account } from './room-members.js';

const run = promisify(execFile);

export interface RecordingFiles {
  video: Buffer;
  audio: Buffer;
  preview: Buffer;
}

let files: Promise<RecordingFiles> | undefined;

/** A 2-second 320x180 H.264/AAC MP4, its AAC audio and a JPEG frame, made once per test file. */
export function recordingFiles(): Promise<RecordingFiles> {
  files ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rec-files-'));
    const ff = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
    const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'];
    const picture = ['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=10:duration=2'];
    await ff(
      ...picture,
      ...tone,
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      path.join(dir, 'video.mp4'),
    );
    await ff(...tone, '-c:a', 'aac', path.join(dir, 'audio.m4a'));
    await ff(...picture, '-frames:v', '1', path.join(dir, 'preview.jpg'));
    const [video, audio, preview] = await Promise.all(
      ['video.mp4', 'audio.m4a', 'preview.jpg'].map((f) => readFile(path.join(dir, f))),
    );
    await rm(dir, { recursive: true, force: true });
    return { video: video!, audio: audio!, preview: preview! };
  })();
  return files;
}

export interface RecordingOptions {
  name?: string;
  status?: 'recording' | 'processing' | 'ready' | 'failed';
  progress?: number;
  recordType?: 'audio' | 'video';
  shareScope?: 'private' | 'applicants' | 'link';
  /** Store the ffmpeg files and point the row at them (ready recordings). */
  withFiles?: boolean;
  startedAt?: number;
  durationMs?: number;
  /** Stored size, when no files are (storage accounting without real bytes). */
  sizeBytes?: number;
  transcript?: { speakerId: number; text: string; startTime: number; language?: string }[];
  /** Names in the timeline: a member joining under a name at a time (ms from the start). */
  joins?: { userId: number; name: string; at: number }[];
}

export interface MadeRecording {
  recordId: string;
  id: number;
  keys: string[];
}

/** A recording of a new meeting hosted by `owner`, as the pipeline would leave it. */
export async function makeRecording(
  t: TestApp,
  owner: Account,
  options: RecordingOptions = {},
): Promise<MadeRecording> {
  const db = t.database.db;
  const meeting = await createMeeting(t, owner);
  const [conference] = await db
    .select({ id: conferences.id })
    .from(conferences)
    .where(eq(conferences.conferenceId, meeting.id));
  const recordId = randomBytes(9).toString('base64url');
  const startedAt = options.startedAt ?? t.clock.now() - 60_000;
  const status = options.status ?? 'ready';
  const recordType = options.recordType ?? 'video';
  const values: Partial<RecordingRow> = {};
  const keys: string[] = [];
  if (options.withFiles) {
    const made = await recordingFiles();
    const put = async (name: string, data: Buffer, type: string) => {
      const key = `recordings/${recordId}/${name}`;
      await t.app.blobs.put(key, data, type);
      keys.push(key);
      return key;
    };
    if (recordType === 'video') values.videoKey = await put('video.mp4', made.video, 'video/mp4');
    values.audioKey = await put('audio.m4a', made.audio, 'audio/mp4');
    if (recordType === 'video') {
      values.previewKey = await put('preview.jpg', made.preview, 'image/jpeg');
    }
    // The owner's own track, kept for the transcript pass (bytes of an audio file will do).
    const voice = await put(`voices/0-${owner.userId}.opus`, made.audio, 'audio/ogg');
    values.voices = [{ key: voice, userId: owner.userId, offsetMs: 0 }];
    values.sizeBytes =
      (recordType === 'video' ? made.video.length + made.preview.length : 0) +
      made.audio.length * 2;
  }
  const [row] = await db
    .insert(recordings)
    .values({
      recordId,
      conferenceId: conference!.id,
      ownerId: owner.userId,
      name: options.name ?? 'Weekly sync',
      recordType,
      layout: 'speech',
      status,
      progress: options.progress ?? (status === 'ready' ? 100 : 0),
      stage: status === 'processing' ? 'compose' : '',
      startedAt: new Date(startedAt),
      stoppedAt: status === 'recording' ? null : new Date(startedAt + (options.durationMs ?? 2000)),
      durationMs: options.durationMs ?? 2000,
      sizeBytes: options.sizeBytes ?? values.sizeBytes ?? 0,
      shareScope: options.shareScope ?? 'private',
      createdAt: new Date(startedAt),
      ...values,
    })
    .returning();
  const id = row!.id;
  if (options.transcript?.length) {
    await db.insert(recordingTranscript).values(
      options.transcript.map((line) => ({
        recordingId: id,
        speakerId: line.speakerId,
        text: line.text,
        language: line.language ?? 'en',
        startTime: line.startTime,
        endTime: line.startTime + 1500,
        origin: 'captions',
      })),
    );
  }
  if (options.joins?.length) {
    await db.insert(recordingEvents).values(
      options.joins.map((j) => ({
        recordingId: id,
        type: 'join',
        userId: j.userId,
        name: j.name,
        at: startedAt + j.at,
      })),
    );
  }
  return { recordId, id, keys };
}

/** Makes the account Pro until a year from the test clock's now. */
export async function makePro(t: TestApp, account: Account): Promise<void> {
  await t.database.db
    .update(users)
    .set({ userType: USER_TYPE_PRO, proUntil: t.clock.now() + 365 * 24 * 3600_000 })
    .where(eq(users.id, account.userId));
  // Written behind the app's back, so the app is told, as its own writes tell it.
  t.app.accountChanges.userChanged(account.userId);
}

/** The records calls as the web makes them. */
export function recordsApi(t: TestApp) {
  return {
    info: (recordId: string, token?: string) =>
      t.post('/api/record/getRecordInfo', { recordId }, token),
    /** The recording's info as the owner reads it (minutes, chapters), parsed. */
    minutes: async (recordId: string, token: string) =>
      recordInfo.parse(
        (await t.post('/api/record/getRecordInfo', { recordId }, token)).json().payload,
      ),
    byUuid: (uuid: string, token?: string) =>
      t.post('/api/record/getRecordInfoByUUID', { uuid }, token),
    mine: (token: string, body: Record<string, unknown> = {}) =>
      t.post('/api/record/getMyRecords', body, token),
    apply: (recordId: string, token: string, reason = '') =>
      t.post('/api/record/permission/apply', { recordId, reason }, token),
    getApply: (recordId: string, permissionRequestId: string, token: string) =>
      t.post('/api/record/permission/getApply', { recordId, permissionRequestId }, token),
    answer: (recordId: string, permissionRequestId: string, status: 2 | 3, token: string) =>
      t.post(
        '/api/record/permission/updateApply',
        { recordId, permissionRequestId, status },
        token,
      ),
    scope: (recordId: string, shareScope: string, token: string) =>
      t.post('/api/record/permission/set', { recordId, shareScope }, token),
    messages: (token: string, body: Record<string, unknown> = {}) =>
      t.post('/api/message/getMessages', body, token),
  };
}

/** POSTs a multipart form of `recordId` and an `updateFile`, as the web sends edits. */
export function upload(t: TestApp, url: string, recordId: string, content: string, token: string) {
  const form = uploadForm(recordId, content);
  return t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
  });
}

function uploadForm(recordId: string, content: string, filename = 'file.json') {
  const boundary = `----rec${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="recordId"\r\n\r\n${recordId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="updateFile"; filename="${filename}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A meeting's worth of English lines from two speakers, on two topics. */
export const MEETING = [
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

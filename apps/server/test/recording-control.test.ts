/**
 * Starting and stopping cloud recording against the real server, Janus and database: who may,
 * what members see, the timeline kept for composition, the stop that queues composition, and
 * recordings that outlive a meeting's end or a server restart.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { BASIC_STORAGE_BYTES } from '@meet/shared';
import { conferences, recordingEvents, recordings } from '../src/db/schema/index.js';
import { CaptureRepository } from '../src/recordings/capture/capture-repository.js';
import { build, listen, type TestApp } from './helper.js';
import { makePro } from './records-fixture.js';
import {
  accepted,
  createMeeting,
  enter,
  joinApi,
  registered,
  withMembers,
  type Member,
} from './room-members.js';

let t: TestApp;
let base: string;
const open: Member[] = [];

beforeAll(async () => {
  t = await build({ JANUS: 'on' });
  base = await listen(t);
});
afterAll(async () => {
  for (const m of open) m.socket.disconnect();
  await t.close();
});

const start = (token: string, conferenceUri: string, recordType = 'audio', layout = 'speech') =>
  t.post('/api/conference/startRecord', { conferenceUri, recordType, layout }, token);
const stop = (token: string, conferenceUri: string) =>
  t.post('/api/conference/stopRecord', { conferenceUri }, token);

async function queuedCompose(recordingId: number): Promise<number> {
  const result = await t.database.db.execute(
    sql`select id from pgboss.job where name = 'compose' and data->>'recordingId' = ${String(recordingId)}`,
  );
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])).length;
}

async function recordingOf(recordId: string) {
  const [row] = await t.database.db
    .select()
    .from(recordings)
    .where(eq(recordings.recordId, recordId));
  return row!;
}

test('only the host records; a basic host records audio but not video; members see the recording and its time', async () => {
  const { meeting, alice, a, b } = await withMembers(t, base, open);
  const byMember = await start(alice.token, meeting.uri);
  expect(byMember.statusCode).toBe(403);
  expect(byMember.json().key).toBe('hostOnly');

  const video = await start(meeting.hostToken, meeting.uri, 'video');
  expect(video.json()).toMatchObject({ key: 'videoRecordPro' });
  expect(video.json().msg).toBe('Upgrade to Pro to unlock video recording');

  const started = await start(meeting.hostToken, meeting.uri, 'audio', 'grid');
  expect(started.json(), started.body).toMatchObject({ code: 0 });
  const recordId = started.json().payload.recordId as string;
  const seen = await a.waitFor('roomUpdated', (n) => n.properties?.recordStatus === 1);
  expect(seen.properties?.recordType).toBe(1);
  expect(seen.properties?.recordStartedAt).toBe(t.clock.now());
  await b.waitFor('roomUpdated', (n) => n.properties?.recordStatus === 1);

  // A joiner learns it from the meeting's properties.
  const carol = await registered(t);
  const late = await enter(t, base, carol, meeting.id, 'Carol');
  open.push(late.member);
  expect(late.joined.properties.recordStatus).toBe(1);
  const infoReply = await t.post('/api/conference/conferenceInfo', { conferenceId: meeting.id });
  expect(infoReply.json().payload.conferenceProperties.recordStatus).toBe(1);

  const again = await start(meeting.hostToken, meeting.uri, 'audio');
  expect(again.json().key).toBe('alreadyRecording');

  // The timeline: everyone present at the start, then Carol's join with her name.
  const row = await recordingOf(recordId);
  expect(row).toMatchObject({ status: 'recording', recordType: 'audio', layout: 'grid' });
  const events = await t.database.db
    .select()
    .from(recordingEvents)
    .where(eq(recordingEvents.recordingId, row.id));
  const joins = events.filter((e) => e.type === 'join').map((e) => e.name);
  expect(joins).toEqual(expect.arrayContaining(['Host', 'Alice', 'Bob', 'Carol']));

  expect((await stop(alice.token, meeting.uri)).statusCode).toBe(403);
  t.clock.advance(5000);
  const stopped = await stop(meeting.hostToken, meeting.uri);
  expect(stopped.json(), stopped.body).toMatchObject({ code: 0 });
  await a.waitFor('roomUpdated', (n) => n.properties?.recordStatus === 0);
  expect(await recordingOf(recordId)).toMatchObject({ status: 'processing' });
  expect(await queuedCompose(row.id)).toBe(1);
  expect((await stop(meeting.hostToken, meeting.uri)).json().key).toBe('notRecording');

  // It is on the owner's list, processing (a call without a body lists the first page).
  const mine = await t.app.inject({
    method: 'POST',
    url: '/api/record/getMyRecords',
    headers: { authorization: `Bearer ${meeting.hostToken}` },
  });
  expect(mine.json().payload.list).toEqual(
    expect.arrayContaining([expect.objectContaining({ recordId, status: 'processing' })]),
  );
});

test('a Pro host records video; ending the meeting stops the recording and queues its composition', async () => {
  const host = await registered(t);
  await makePro(t, host);
  const meeting = await createMeeting(t, host);
  const room = await enter(t, base, host, meeting.id, 'Pro host');
  open.push(room.member);
  const started = await start(host.token, meeting.uri, 'video', 'speech');
  expect(started.json(), started.body).toMatchObject({ code: 0 });
  const recordId = started.json().payload.recordId as string;
  await accepted(t, host.token, meeting.uri, { ext_type: 'conf_dismiss', ext_value: '1' });
  await expect.poll(async () => (await recordingOf(recordId)).status).toBe('processing');
  const row = await recordingOf(recordId);
  expect(row.stoppedAt).not.toBeNull();
  // The job is queued once the stop has committed, a moment after the status reads processing.
  await expect.poll(() => queuedCompose(row.id)).toBe(1);
});

test('nobody in the room: a recording does not start, in either language; once the host is in, it does', async () => {
  const host = await registered(t);
  const meeting = await createMeeting(t, host);
  const refused = await start(host.token, meeting.uri, 'audio');
  expect(refused.statusCode).toBe(422);
  expect(refused.json()).toMatchObject({
    code: -1,
    key: 'recordingEmptyRoom',
    msg: 'Recording can start once someone is in the meeting',
  });
  const inChinese = await t.post(
    '/api/conference/startRecord',
    { conferenceUri: meeting.uri, recordType: 'audio', layout: 'speech' },
    undefined,
    { headers: { authorization: `Bearer ${host.token}`, 'accept-language': 'zh-CN' } },
  );
  expect(inChinese.json().msg).toBe('会议中还没有人，暂时无法开始录制');
  // Joined through the API but not yet in the room (no socket) is not in the room either.
  expect((await joinApi(t, host.token, meeting.id)).json().code).toBe(0);
  expect((await start(host.token, meeting.uri, 'audio')).json().key).toBe('recordingEmptyRoom');
  const [none] = await t.database.db
    .select({ id: recordings.id })
    .from(recordings)
    .innerJoin(conferences, eq(conferences.id, recordings.conferenceId))
    .where(eq(conferences.conferenceId, meeting.id));
  expect(none).toBeUndefined();

  const room = await enter(t, base, host, meeting.id, 'Host');
  open.push(room.member);
  const started = await start(host.token, meeting.uri, 'audio');
  expect(started.json(), started.body).toMatchObject({ code: 0 });
  expect((await stop(host.token, meeting.uri)).json().code).toBe(0);
});

test('a full storage quota refuses to start, with the words of the spec', async () => {
  const host = await registered(t);
  const meeting = await createMeeting(t, host);
  open.push((await enter(t, base, host, meeting.id, 'Host')).member);
  // A finished recording that fills the basic quota.
  const owned = await start(host.token, meeting.uri, 'audio');
  expect(owned.json().code).toBe(0);
  await stop(host.token, meeting.uri);
  await t.database.db
    .update(recordings)
    .set({ sizeBytes: BASIC_STORAGE_BYTES, status: 'ready' })
    .where(eq(recordings.ownerId, host.userId));
  const refused = await start(host.token, meeting.uri, 'audio');
  expect(refused.json().key).toBe('storageDepleted');
  expect(refused.json().msg).toBe('Unable to start recording, as storage space is depleted');
});

test('a meeting is recording while its recording row runs: two starts at once make one recording, and a stop clears it', async () => {
  const host = await registered(t);
  await makePro(t, host);
  const meeting = await createMeeting(t, host);
  const room = await enter(t, base, host, meeting.id, 'Pro host');
  open.push(room.member);
  const properties = async () =>
    (await t.post('/api/conference/conferenceInfo', { conferenceId: meeting.id })).json().payload
      .conferenceProperties;
  expect(await properties()).toMatchObject({ recordStatus: 0, recordType: 0 });

  const replies = await Promise.all([
    start(host.token, meeting.uri, 'video'),
    start(host.token, meeting.uri, 'video'),
  ]);
  const outcomes = replies.map((r) => (r.json().code === 0 ? 'started' : r.json().key)).sort();
  expect(outcomes).toEqual(['alreadyRecording', 'started']);
  const running = await t.database.db
    .select({ id: recordings.id })
    .from(recordings)
    .innerJoin(conferences, eq(conferences.id, recordings.conferenceId))
    .where(and(eq(conferences.conferenceId, meeting.id), eq(recordings.status, 'recording')));
  expect(running).toHaveLength(1);
  // A start that looked before the other's row was made loses at the database, with the same key.
  vi.spyOn(CaptureRepository.prototype, 'running').mockResolvedValueOnce(undefined);
  expect((await start(host.token, meeting.uri, 'video')).json().key).toBe('alreadyRecording');
  expect(await properties()).toMatchObject({ recordStatus: 1, recordType: 2 });
  const seen = await room.member.waitFor('roomUpdated', (n) => n.properties?.recordStatus === 1);
  expect(seen.properties).toMatchObject({ recordType: 2, recordStartedAt: t.clock.now() });

  expect((await stop(host.token, meeting.uri)).json().code).toBe(0);
  expect(await properties()).toMatchObject({ recordStatus: 0, recordType: 0 });
  const cleared = await room.member.waitFor('roomUpdated', (n) => n.properties?.recordStatus === 0);
  expect(cleared.properties).toMatchObject({ recordType: 0, recordStartedAt: 0 });
});

test('a recording survives a server restart; one whose meeting ended meanwhile is stopped at start-up', async () => {
  const { meeting } = await withMembers(t, base, open);
  const other = await withMembers(t, base, open);
  const kept = (await start(meeting.hostToken, meeting.uri)).json().payload.recordId as string;
  const ended = (await start(other.meeting.hostToken, other.meeting.uri)).json().payload
    .recordId as string;
  for (const m of open.splice(0)) m.socket.disconnect();
  // The second meeting ends while the server is down.
  const endedRow = await recordingOf(ended);
  await t.database.db.execute(
    sql`update conferences set status = 3 where id = ${endedRow.conferenceId}`,
  );
  await t.restart();
  base = await listen(t);
  expect(await recordingOf(ended)).toMatchObject({ status: 'processing' });
  expect(await queuedCompose(endedRow.id)).toBe(1);
  expect(await recordingOf(kept)).toMatchObject({ status: 'recording' });
  const back = await enter(t, base, { token: meeting.hostToken }, meeting.id, 'Host');
  open.push(back.member);
  expect(back.joined.properties.recordStatus).toBe(1);
  // Recording goes on where it was: a new member is on the same recording's timeline.
  const dave = await registered(t);
  open.push((await enter(t, base, dave, meeting.id, 'Dave')).member);
  const row = await recordingOf(kept);
  await expect
    .poll(async () =>
      (
        await t.database.db
          .select()
          .from(recordingEvents)
          .where(eq(recordingEvents.recordingId, row.id))
      ).some((e) => e.type === 'join' && e.name === 'Dave'),
    )
    .toBe(true);
});

/**
 * Seats in a meeting: a join that is never followed by a `/room` connection, or a connection
 * that drops and does not come back, gives its seat up after a grace period — also across a
 * server restart — and the creator and host always get into their own meeting. An instant
 * meeting nobody joins is removed, unless it has a recording.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CONFERENCE_STATUS,
  SEAT_CONNECT_GRACE_MS,
  SEAT_RECONNECT_GRACE_MS,
  UNJOINED_MEETING_TTL_MS,
} from '@meet/shared';
import { conferences, recordings } from '../src/db/schema/index.js';
import { build, listen, type TestApp } from './helper.js';
import { makeRecording } from './records-fixture.js';
import { connect, createMeeting, info, joinApi, registered, visitor } from './room-members.js';

const status = async (t: TestApp, token: string, conferenceId: string, deviceId: string) =>
  (await t.post('/api/conference/getConferenceStatus', { conferenceId, deviceId }, token)).json()
    .payload as { status: number; num: number; myState: string; hostId: number };

describe('seats without a room connection (API only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  /** 25 visitors who join and never open a socket. */
  async function crowd(conferenceId: string) {
    const tokens: string[] = [];
    for (let i = 0; i < 25; i++) {
      const v = await visitor(t);
      expect((await joinApi(t, v.token, conferenceId, `crowd-${i}`)).json().code).toBe(0);
      tokens.push(v.token);
    }
    return tokens;
  }

  test('25 visitors who join and never connect cannot keep the creator or the host out', async () => {
    const meeting = await createMeeting(t);
    await crowd(meeting.id);
    const late = await visitor(t);
    expect((await joinApi(t, late.token, meeting.id, 'late')).json()).toMatchObject({
      code: 3004,
      msg: 'Reach to the maximum participants',
    });
    expect((await joinApi(t, meeting.hostToken, meeting.id, 'creator')).json().code).toBe(0);
    expect((await info(t, meeting.id)).num).toBe(26);
  });

  test('a seat whose device never connects is given up after the grace period', async () => {
    const meeting = await createMeeting(t);
    const tokens = await crowd(meeting.id);
    const late = await visitor(t);
    t.clock.advance(SEAT_CONNECT_GRACE_MS - 1000);
    expect((await joinApi(t, late.token, meeting.id, 'late')).json().code).toBe(3004);
    t.clock.advance(2000);
    // Past the deadline the seats no longer count, before any sweep has run.
    expect((await joinApi(t, late.token, meeting.id, 'late')).json().code).toBe(0);
    expect((await info(t, meeting.id)).num).toBe(1);
    await t.app.conferenceService.sweepSeats();
    expect((await status(t, tokens[0]!, meeting.id, 'crowd-0')).myState).toBe('left');
    expect((await status(t, late.token, meeting.id, 'late')).myState).toBe('joined');
  });

  test('when every seat has expired the sweep ends the meeting, and a host who never came back loses the role', async () => {
    const meeting = await createMeeting(t);
    expect((await joinApi(t, meeting.hostToken, meeting.id, 'h')).json().code).toBe(0);
    t.clock.advance(SEAT_CONNECT_GRACE_MS + 1000);
    await t.app.conferenceService.sweepSeats();
    const after = await status(t, meeting.hostToken, meeting.id, 'h');
    expect(after).toMatchObject({ status: 3, myState: 'left', hostId: 0 });
  });

  test('a server that stopped without closing its sockets (a crash) frees their seats after a restart', async () => {
    const meeting = await createMeeting(t);
    const guest = await visitor(t);
    expect((await joinApi(t, guest.token, meeting.id, 'g')).json().code).toBe(0);
    const conf = await t.app.conferences.byNumber(meeting.id);
    // As the database looks after a crash: the socket was up, nobody recorded it going.
    await t.app.conferences.setRoomConnection(conf!.id, guest.userId, 'g', {
      connected: true,
    });
    t.clock.advance(SEAT_CONNECT_GRACE_MS * 2);
    await t.app.conferenceService.sweepSeats();
    expect((await status(t, guest.token, meeting.id, 'g')).myState).toBe('joined');
    await t.restart();
    t.clock.advance(SEAT_CONNECT_GRACE_MS - 1000);
    await t.app.conferenceService.sweepSeats();
    expect((await status(t, guest.token, meeting.id, 'g')).myState).toBe('joined');
    t.clock.advance(2000);
    await t.app.conferenceService.sweepSeats();
    expect((await status(t, guest.token, meeting.id, 'g')).myState).toBe('left');
  });

  test('an instant meeting nobody joins is removed after ten minutes; a joined one stays', async () => {
    const lonely = await createMeeting(t);
    const used = await createMeeting(t);
    const guest = await visitor(t);
    expect((await joinApi(t, guest.token, used.id, 'g')).json().code).toBe(0);
    t.clock.advance(UNJOINED_MEETING_TTL_MS - 1000);
    await t.app.conferenceService.sweepSeats();
    expect((await info(t, lonely.id)).conferenceId).toBe(lonely.id);
    t.clock.advance(2000);
    await t.app.conferenceService.sweepSeats();
    const gone = await t.post('/api/conference/conferenceInfo', { conferenceId: lonely.id });
    expect(gone.json()).toMatchObject({ code: -1, msg: 'The current meeting does not exist' });
    const running = await t.post(
      '/api/conference/getMyRunningConferenceList',
      {},
      lonely.hostToken,
    );
    expect(running.json().payload).toEqual([]);
    expect(
      (await t.post('/api/conference/conferenceInfo', { conferenceId: used.id })).json().code,
    ).toBe(0);
  });

  test('a never-joined meeting with a recording is not swept away: it ends, and the recording is kept and processed', async () => {
    const owner = await registered(t);
    const running = await makeRecording(t, owner, { status: 'recording' });
    const ready = await makeRecording(t, owner, { status: 'ready', sizeBytes: 1234 });
    t.clock.advance(UNJOINED_MEETING_TTL_MS + 1000);
    await t.app.conferenceService.sweepSeats();

    const kept = await t.database.db
      .select({ recording: recordings, status: conferences.status })
      .from(recordings)
      .innerJoin(conferences, eq(conferences.id, recordings.conferenceId))
      .where(inArray(recordings.id, [running.id, ready.id]));
    expect(kept).toHaveLength(2);
    expect(kept.every((k) => k.status === CONFERENCE_STATUS.finished)).toBe(true);
    // The running one is stopped by the meeting's end and goes on to composition.
    await expect
      .poll(async () => {
        const [row] = await t.database.db
          .select({ status: recordings.status })
          .from(recordings)
          .where(eq(recordings.id, running.id));
        return row?.status;
      })
      .toBe('processing');
    const mine = (await t.post('/api/record/getMyRecords', {}, owner.token)).json().payload;
    expect(mine.list.map((r: { recordId: string }) => r.recordId).sort()).toEqual(
      [running.recordId, ready.recordId].sort(),
    );
    // And the owner's meeting list no longer shows them as running.
    const list = await t.post('/api/conference/getMyRunningConferenceList', {}, owner.token);
    expect(list.json().payload).toEqual([]);
  });
});

describe('seats with the room (real Janus)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await build({ JANUS: 'on' });
    base = await listen(t);
  });
  afterAll(() => t.close());

  /** Whether the server has this member's room connection on record. */
  async function connected(userId: number, conferenceId: string) {
    const conf = await t.app.conferences.byNumber(conferenceId);
    const [row] = await t.app.conferences.membersOfUser(conf!.id, userId);
    return row?.roomConnected;
  }

  test('a member connected to the room keeps the seat; after the socket drops, the seat waits for the reconnect grace, then goes', async () => {
    const meeting = await createMeeting(t);
    const alice = await registered(t);
    expect((await joinApi(t, alice.token, meeting.id, 'a')).json().code).toBe(0);
    const socket = await connect(base, alice.token, meeting.id, 'a');
    await expect.poll(() => connected(alice.userId, meeting.id)).toBe(true);
    t.clock.advance(SEAT_CONNECT_GRACE_MS * 3);
    await t.app.conferenceService.sweepSeats();
    expect((await status(t, alice.token, meeting.id, 'a')).myState).toBe('joined');

    socket.socket.disconnect();
    await expect.poll(() => connected(alice.userId, meeting.id)).toBe(false);
    t.clock.advance(SEAT_RECONNECT_GRACE_MS - 1000);
    await t.app.conferenceService.sweepSeats();
    expect((await status(t, alice.token, meeting.id, 'a')).myState).toBe('joined');
    t.clock.advance(2000);
    await t.app.conferenceService.sweepSeats();
    expect((await status(t, alice.token, meeting.id, 'a')).myState).toBe('left');
  });

  test('after a restart, members whose sockets come back keep their seats and the others lose them', async () => {
    const meeting = await createMeeting(t);
    const stays = await registered(t);
    const gone = await visitor(t);
    for (const [who, device] of [
      [stays, 's'],
      [gone, 'g'],
    ] as const) {
      expect((await joinApi(t, who.token, meeting.id, device)).json().code).toBe(0);
      const member = await connect(base, who.token, meeting.id, device);
      member.socket.disconnect();
    }
    await t.restart();
    base = await listen(t);
    // Both were connected before the restart; only one reconnects.
    await connect(base, stays.token, meeting.id, 's');
    await expect.poll(() => connected(stays.userId, meeting.id)).toBe(true);
    t.clock.advance(SEAT_CONNECT_GRACE_MS + 1000);
    await t.app.conferenceService.sweepSeats();
    expect((await status(t, stays.token, meeting.id, 's')).myState).toBe('joined');
    expect((await status(t, gone.token, meeting.id, 'g')).myState).toBe('left');
    expect((await info(t, meeting.id)).num).toBe(1);
  });
});

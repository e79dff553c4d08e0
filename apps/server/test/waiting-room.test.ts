/**
 * The waiting room end to end on the server: joiners held with 3018, the host's list, admit,
 * deny (with and without the blocklist), turning it off, leaving the list, and what the joiner's
 * `/message` socket is told each time. Host only, checked for members, visitors and outsiders.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type TestApp } from './helper.js';
import { inboxes, listen } from './message-inbox.js';
import { createMeeting, joinApi, registered, visitor, type Meeting } from './room-members.js';

let t: TestApp;
let base: string;
const sockets = inboxes(() => base);
const messageSocket = sockets.open;

beforeAll(async () => {
  t = await build();
  base = await listen(t);
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

const post = (path: string, body: Record<string, unknown>, token: string) =>
  t.post(`/api/conference/${path}`, body, token);

async function meetingWithWaitingRoom(): Promise<Meeting> {
  const meeting = await createMeeting(t);
  expect((await joinApi(t, meeting.hostToken, meeting.id)).json().code).toBe(0);
  const res = await post(
    'updateWaitingRoomStatus',
    { conferenceUri: meeting.uri, status: 1 },
    meeting.hostToken,
  );
  expect(res.json().code).toBe(0);
  return meeting;
}

const list = async (meeting: Meeting) =>
  (await post('getWaitingRoomMemberList', { conferenceUri: meeting.uri }, meeting.hostToken)).json()
    .payload as { userId: number; status: number }[];

describe('joiners and the host', () => {
  test('a joiner waits (3018), the host sees them, admits them, and their next join succeeds', async () => {
    const meeting = await meetingWithWaitingRoom();
    const joiner = await registered(t);
    const inbox = await messageSocket(joiner);
    const held = await joinApi(t, joiner.token, meeting.id);
    expect(held.json().code).toBe(3018);
    expect(held.json().payload.conferenceUri).toBe(meeting.uri);
    inbox.send({ msgType: 'join_waiting_room', conferenceUri: meeting.uri, isReconnect: 0 });
    expect(await list(meeting)).toEqual([
      expect.objectContaining({ userId: joiner.userId, status: 2 }),
    ]);

    const res = await post(
      'approveJoin',
      { conferenceUri: meeting.uri, userIdList: `${joiner.userId}` },
      meeting.hostToken,
    );
    expect(res.json().code).toBe(0);
    expect(await inbox.next('waiting_room_approve')).toMatchObject({
      code: 1,
      conferenceUri: meeting.uri,
      conferenceId: meeting.id,
    });
    expect(await list(meeting)).toEqual([
      expect.objectContaining({ userId: joiner.userId, status: 3 }),
    ]);
    expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(0);
    // In the meeting now: status 1, filtered out of the list.
    expect(await list(meeting)).toEqual([]);
  });

  test('the list can be narrowed with codeList, as a string or an array', async () => {
    const meeting = await meetingWithWaitingRoom();
    const a = await registered(t);
    const b = await visitor(t);
    for (const who of [a, b])
      expect((await joinApi(t, who.token, meeting.id)).json().code).toBe(3018);
    const narrowed = async (codeList: unknown) =>
      (
        await post(
          'getWaitingRoomMemberList',
          { conferenceUri: meeting.uri, codeList },
          meeting.hostToken,
        )
      ).json().payload as { userId: number }[];
    expect((await list(meeting)).map((e) => e.userId)).toEqual([a.userId, b.userId]);
    expect((await narrowed(String(b.userId))).map((e) => e.userId)).toEqual([b.userId]);
    expect((await narrowed([a.userId])).map((e) => e.userId)).toEqual([a.userId]);
  });

  test('denied without the blocklist: told so, off the list, and may ask again', async () => {
    const meeting = await meetingWithWaitingRoom();
    const joiner = await visitor(t);
    const inbox = await messageSocket(joiner);
    expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(3018);
    await post(
      'denyJoin',
      { conferenceUri: meeting.uri, userIdList: [joiner.userId] },
      meeting.hostToken,
    );
    expect(await inbox.next('waiting_room_deny')).toMatchObject({ code: 0 });
    expect(await list(meeting)).toEqual([]);
    expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(3018);
  });

  test('denied with the blocklist: kicked out of the waiting room and 3017 ever after', async () => {
    const meeting = await meetingWithWaitingRoom();
    const joiner = await registered(t);
    const inbox = await messageSocket(joiner);
    expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(3018);
    await post(
      'denyJoin',
      { conferenceUri: meeting.uri, userIdList: String(joiner.userId), addToBlackList: 1 },
      meeting.hostToken,
    );
    expect(await inbox.next('waiting_room_kick_out')).toMatchObject({ code: 4 });
    expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(3017);
    expect(await list(meeting)).toEqual([]);
    // Even with the waiting room off.
    await post(
      'updateWaitingRoomStatus',
      { conferenceUri: meeting.uri, status: 0 },
      meeting.hostToken,
    );
    expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(3017);
  });

  test('turning the waiting room off lets everyone waiting in', async () => {
    const meeting = await meetingWithWaitingRoom();
    const joiner = await registered(t);
    const inbox = await messageSocket(joiner);
    expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(3018);
    await post(
      'updateWaitingRoomStatus',
      { conferenceUri: meeting.uri, status: 0 },
      meeting.hostToken,
    );
    await inbox.next('waiting_room_approve');
    const infoRes = await t.post('/api/conference/conferenceInfo', { conferenceId: meeting.id });
    expect(infoRes.json().payload.conferenceProperties.waitingRoom).toBe(0);
    expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(0);
  });

  test('the meeting ending tells those waiting conference_closed', async () => {
    const meeting = await meetingWithWaitingRoom();
    const joiner = await registered(t);
    const inbox = await messageSocket(joiner);
    expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(3018);
    await t.post(
      '/api/conference/set',
      {
        conferenceUri: meeting.uri,
        setContent: JSON.stringify({ ext: { ext_type: 'conf_dismiss' } }),
      },
      meeting.hostToken,
    );
    expect(await inbox.next('conference_closed')).toMatchObject({ code: 2 });
  });

  test('leave_waiting_room takes the joiner off the list', async () => {
    const meeting = await meetingWithWaitingRoom();
    const joiner = await registered(t);
    const inbox = await messageSocket(joiner);
    expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(3018);
    inbox.send({ msgType: 'leave_waiting_room', conferenceUri: meeting.uri });
    await expect.poll(() => list(meeting)).toEqual([]);
  });

  test('a reconnecting waiting socket catches up on an approval made while it was away', async () => {
    const meeting = await meetingWithWaitingRoom();
    const joiner = await registered(t);
    expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(3018);
    await post(
      'approveJoin',
      { conferenceUri: meeting.uri, userIdList: String(joiner.userId) },
      meeting.hostToken,
    );
    const inbox = await messageSocket(joiner);
    inbox.send({ msgType: 'join_waiting_room', conferenceUri: meeting.uri, isReconnect: 1 });
    expect(await inbox.next('waiting_room_approve')).toMatchObject({ code: 1 });
  });

  test('join_waiting_room without a place on the list answers waiting_room_error', async () => {
    const meeting = await meetingWithWaitingRoom();
    const stranger = await registered(t);
    const inbox = await messageSocket(stranger);
    inbox.send({ msgType: 'join_waiting_room', conferenceUri: meeting.uri });
    expect(await inbox.next('waiting_room_error')).toMatchObject({ code: 3 });
  });
});

describe('the edges of waiting', () => {
  test('the host leaving as the last one out tells those waiting conference_closed', async () => {
    const meeting = await meetingWithWaitingRoom();
    const joiner = await registered(t);
    const inbox = await messageSocket(joiner);
    expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(3018);
    await t.post('/api/conference/quitConference', { conferenceId: meeting.id }, meeting.hostToken);
    expect(await inbox.next('conference_closed')).toMatchObject({
      code: 2,
      conferenceId: meeting.id,
    });
    expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(3008);
  });

  test('someone already inside (a reload, another device) is not sent to wait', async () => {
    const meeting = await createMeeting(t);
    expect((await joinApi(t, meeting.hostToken, meeting.id)).json().code).toBe(0);
    const member = await registered(t);
    expect((await joinApi(t, member.token, meeting.id)).json().code).toBe(0);
    await post(
      'updateWaitingRoomStatus',
      { conferenceUri: meeting.uri, status: 1 },
      meeting.hostToken,
    );
    expect((await joinApi(t, member.token, meeting.id)).json().code).toBe(0);
    expect((await joinApi(t, member.token, meeting.id, 'tablet')).json().code).toBe(0);
    expect(await list(meeting)).toEqual([]);
  });

  test('a decision reaches every device the joiner has connected', async () => {
    const meeting = await meetingWithWaitingRoom();
    const joiner = await registered(t);
    const laptop = await messageSocket(joiner, 'laptop');
    const phone = await messageSocket(joiner, 'phone');
    expect((await joinApi(t, joiner.token, meeting.id, 'laptop')).json().code).toBe(3018);
    await post(
      'approveJoin',
      { conferenceUri: meeting.uri, userIdList: [joiner.userId] },
      meeting.hostToken,
    );
    await laptop.next('waiting_room_approve');
    await phone.next('waiting_room_approve');
  });

  test('join_waiting_room for an ended meeting answers conference_closed, an unknown one waiting_room_error', async () => {
    const meeting = await meetingWithWaitingRoom();
    await t.post('/api/conference/quitConference', { conferenceId: meeting.id }, meeting.hostToken);
    const inbox = await messageSocket(await registered(t));
    inbox.send({ msgType: 'join_waiting_room', conferenceUri: meeting.uri, isReconnect: 1 });
    expect(await inbox.next('conference_closed')).toMatchObject({ code: 2 });
    inbox.send({ msgType: 'join_waiting_room', conferenceUri: 'no-such-meeting' });
    expect(await inbox.next('waiting_room_error')).toMatchObject({
      code: 3,
      conferenceUri: 'no-such-meeting',
    });
  });

  test('approving someone who is not waiting changes nothing and tells nobody', async () => {
    const meeting = await meetingWithWaitingRoom();
    const stranger = await registered(t);
    const inbox = await messageSocket(stranger);
    const res = await post(
      'approveJoin',
      { conferenceUri: meeting.uri, userIdList: `${stranger.userId},abc` },
      meeting.hostToken,
    );
    expect(res.json().code).toBe(0);
    expect((await joinApi(t, stranger.token, meeting.id)).json().code).toBe(3018);
    inbox.send({ msgType: 'ping' });
    await inbox.next('pong');
    expect(inbox.messages.map((m) => m.msgType)).toEqual(['pong']);
  });
});

describe('only the host decides', () => {
  test.each(['member', 'guest', 'outsider'] as const)(
    'every waiting-room call by the %s is refused and changes nothing',
    async (who) => {
      const meeting = await meetingWithWaitingRoom();
      const member = await registered(t);
      const guest = await visitor(t);
      const outsider = await registered(t);
      const joiner = await registered(t);
      // The members came in through the waiting room, admitted by the host.
      for (const a of [member, guest]) {
        expect((await joinApi(t, a.token, meeting.id)).json().code).toBe(3018);
        await post(
          'approveJoin',
          { conferenceUri: meeting.uri, userIdList: String(a.userId) },
          meeting.hostToken,
        );
        expect((await joinApi(t, a.token, meeting.id)).json().code).toBe(0);
      }
      expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(3018);
      const caller = { member, guest, outsider }[who];
      const before = await list(meeting);
      const uri = meeting.uri;
      const ids = String(joiner.userId);
      for (const [path, body] of [
        ['getWaitingRoomMemberList', { conferenceUri: uri }],
        ['approveJoin', { conferenceUri: uri, userIdList: ids }],
        ['denyJoin', { conferenceUri: uri, userIdList: ids, addToBlackList: 1 }],
        ['updateWaitingRoomStatus', { conferenceUri: uri, status: 0 }],
      ] as const) {
        const res = await post(path, body, caller.token);
        expect(res.statusCode, path).toBe(403);
        expect(res.json().msg).toBe('Only the host can do this');
      }
      expect(await list(meeting)).toEqual(before);
      expect((await joinApi(t, joiner.token, meeting.id)).json().code).toBe(3018);
    },
  );

  test('bad input is a clear 400', async () => {
    const meeting = await meetingWithWaitingRoom();
    const res = await post(
      'updateWaitingRoomStatus',
      { conferenceUri: meeting.uri, status: 7 },
      meeting.hostToken,
    );
    expect(res.statusCode).toBe(400);
    const missing = await post('approveJoin', { conferenceUri: meeting.uri }, meeting.hostToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/userIdList/);
  });
});

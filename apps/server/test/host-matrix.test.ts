/**
 * Who may give which host command (SPEC.md section 6), checked on the server: every host-only
 * command, sent by an ordinary member, a visitor member and a non-member, is refused and
 * changes nothing. Also each command's effect on the meeting through the API alone.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type TestApp } from './helper.js';
import {
  command,
  createMeeting,
  info,
  joinApi,
  registered,
  visitor,
  type Account,
  type Meeting,
} from './room-members.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

interface Cast {
  meeting: Meeting;
  member: Account;
  guest: Account;
  outsider: Account;
}

/** A member's stored controls. */
async function controls(conferenceId: string, userId: number) {
  const conf = await t.app.conferences.byNumber(conferenceId);
  return t.app.hostControl.controlsOf(conf!.id, userId);
}
const untouched = { forceMute: null, videoDisabled: false, handUp: 0 };

async function cast(): Promise<Cast> {
  const meeting = await createMeeting(t);
  expect((await joinApi(t, meeting.hostToken, meeting.id)).json().code).toBe(0);
  const member = await registered(t);
  const guest = await visitor(t);
  const outsider = await registered(t);
  for (const a of [member, guest])
    expect((await joinApi(t, a.token, meeting.id)).json().code).toBe(0);
  return { meeting, member, guest, outsider };
}

/** Host-only commands; those about one member name someone other than the caller. */
const hostOnly = (c: Cast, caller: Account): [string, Record<string, unknown>][] => {
  const other = caller === c.member ? c.guest : c.member;
  return [
    ['mute all', { ext_type: 'conf_mute', ext_value: '1', scope: 'all' }],
    ['force mute all', { ext_type: 'conf_mute', ext_value: '2', scope: 'all' }],
    ['lift mute', { ext_type: 'conf_mute', ext_value: '0', scope: 'all' }],
    ['force mute one', { ext_type: 'conf_mute', ext_value: '2', code_list: String(other.userId) }],
    ['disable video', { ext_type: 'video_enable', ext_value: '0', scope: 'all' }],
    ['approve a hand', { ext_type: 'hand_up', ext_value: '1', code_list: String(other.userId) }],
    ['refuse all hands', { ext_type: 'hand_up', ext_value: '0', scope: 'all' }],
    ['stop screen sharing', { ext_type: 'screen_share', ext_value: '0' }],
    ['lock', { ext_type: 'lock_room', ext_value: '1' }],
    ['kick', { ext_type: 'kick_member', code_list: `${c.member.userId},${c.guest.userId}` }],
    ['end', { ext_type: 'conf_dismiss' }],
    ['take the host role', { ext_type: 'change_host', new_host_code: String(caller.userId) }],
    ['give the host role', { ext_type: 'change_host', new_host_code: String(other.userId) }],
  ];
};

describe('authorization matrix', () => {
  const callers = [
    ['an ordinary member', 'member', 403, 'Only the host can do this'],
    ['a visitor member', 'guest', 403, 'Only the host can do this'],
    ['a non-member', 'outsider', 403, 'You are not in this meeting'],
  ] as const;

  test.each(callers)(
    'every host-only command from %s is refused and changes nothing',
    async (_, who, status, msg) => {
      const c = await cast();
      const caller = c[who];
      const before = await info(t, c.meeting.id);
      for (const [name, ext] of hostOnly(c, caller)) {
        const res = await command(t, caller.token, c.meeting.uri, ext);
        expect({ name, status: res.statusCode, reply: res.json() }).toMatchObject({
          name,
          status,
          reply: { code: -1, msg },
        });
      }
      const changeHost = await t.post(
        '/api/conference/changeHost',
        { conferenceUri: c.meeting.uri, newHostCode: String(caller.userId) },
        caller.token,
      );
      expect(changeHost.statusCode).toBe(status);
      expect(await info(t, c.meeting.id)).toEqual(before);
      expect(await controls(c.meeting.id, c.member.userId)).toEqual(untouched);
      expect(await controls(c.meeting.id, c.guest.userId)).toEqual(untouched);
      // Still in: nobody was removed, and the meeting still runs.
      expect((await joinApi(t, c.member.token, c.meeting.id)).json().code).toBe(0);
    },
  );

  test('a non-member cannot even raise a hand; a member can, about themselves only', async () => {
    const c = await cast();
    const out = await command(t, c.outsider.token, c.meeting.uri, {
      ext_type: 'hand_up',
      ext_value: '1',
    });
    expect(out.statusCode).toBe(403);
    const own = await command(t, c.guest.token, c.meeting.uri, {
      ext_type: 'hand_up',
      ext_value: '1',
    });
    expect(own.json().code).toBe(0);
    expect((await controls(c.meeting.id, c.guest.userId)).handUp).toBe(1);
  });
});

describe('commands through the API', () => {
  test('mute values land in confMute', async () => {
    const c = await cast();
    for (const value of ['1', '2', '0']) {
      const res = await command(t, c.meeting.hostToken, c.meeting.uri, {
        ext_type: 'conf_mute',
        ext_value: value,
        scope: 'all',
      });
      expect(res.json().code).toBe(0);
      const now = await info(t, c.meeting.id);
      expect(now.confMute).toBe(Number(value));
      expect(now.conferenceProperties.confMute).toBe(Number(value));
    }
  });

  test('lock, kick and end act on the meeting; joiners get 3000, 3017, 3008', async () => {
    const c = await cast();
    const host = c.meeting.hostToken;
    expect(
      (await command(t, host, c.meeting.uri, { ext_type: 'lock_room', ext_value: 1 })).json().code,
    ).toBe(0);
    expect((await joinApi(t, c.outsider.token, c.meeting.id)).json().code).toBe(3000);
    await command(t, host, c.meeting.uri, { ext_type: 'lock_room', ext_value: '0' });

    const kick = await command(t, host, c.meeting.uri, {
      ext_type: 'kick_member',
      code_list: [c.guest.userId],
    });
    expect(kick.json().code).toBe(0);
    expect((await info(t, c.meeting.id)).num).toBe(2);
    expect((await joinApi(t, c.guest.token, c.meeting.id)).json().code).toBe(3017);

    expect((await command(t, host, c.meeting.uri, { ext_type: 'conf_dismiss' })).json().code).toBe(
      0,
    );
    expect((await info(t, c.meeting.id)).status).toBe(3);
    expect((await joinApi(t, c.outsider.token, c.meeting.id)).json().code).toBe(3008);
    // After the end nothing more can be commanded.
    expect(
      (await command(t, host, c.meeting.uri, { ext_type: 'lock_room', ext_value: '1' })).json()
        .code,
    ).toBe(3008);
  });

  test('the host hands over by conferenceId too; the creator reclaims; a non-member cannot be made host', async () => {
    const c = await cast();
    const handOver = await t.post(
      '/api/conference/set',
      {
        conferenceId: c.meeting.id,
        setContent: { ext: { ext_type: 'change_host', new_host_code: c.member.userId } },
      },
      c.meeting.hostToken,
    );
    expect(handOver.json().code).toBe(0);
    expect((await info(t, c.meeting.id)).hostId).toBe(c.member.userId);

    // The guest is neither host nor creator: cannot take the role for themselves.
    const grab = await t.post(
      '/api/conference/changeHost',
      { conferenceId: c.meeting.id, userId: c.guest.userId },
      c.guest.token,
    );
    expect(grab.statusCode).toBe(403);

    const reclaim = await t.post(
      '/api/conference/changeHost',
      { conferenceUri: c.meeting.uri, userId: c.meeting.hostId },
      c.meeting.hostToken,
    );
    expect(reclaim.json().code).toBe(0);
    expect((await info(t, c.meeting.id)).hostId).toBe(c.meeting.hostId);

    const stranger = await t.post(
      '/api/conference/changeHost',
      { conferenceUri: c.meeting.uri, newHostCode: String(c.outsider.userId) },
      c.meeting.hostToken,
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().msg).toBe('That member is not in this meeting');
  });

  test('hand approval is stored for the member: state 2 and force mute lifted', async () => {
    const c = await cast();
    const host = c.meeting.hostToken;
    await command(t, host, c.meeting.uri, {
      ext_type: 'conf_mute',
      ext_value: '2',
      code_list: String(c.member.userId),
    });
    await command(t, c.member.token, c.meeting.uri, { ext_type: 'hand_up', ext_value: '1' });
    expect(await controls(c.meeting.id, c.member.userId)).toMatchObject({
      handUp: 1,
      forceMute: true,
    });
    await command(t, host, c.meeting.uri, { ext_type: 'hand_up', ext_value: '1', scope: 'all' });
    expect(await controls(c.meeting.id, c.member.userId)).toMatchObject({
      handUp: 2,
      forceMute: false,
    });
  });
});

describe('bad commands get a clear 400', () => {
  test.each([
    ['setContent that is not JSON', { setContent: '{oops' }, /setContent/],
    [
      'an unknown ext_type',
      { setContent: JSON.stringify({ ext: { ext_type: 'fly' } }) },
      /ext_type/,
    ],
    ['no ext at all', { setContent: JSON.stringify({ room: 'x' }) }, /ext/],
    [
      'a conf_mute value out of range',
      { setContent: JSON.stringify({ ext: { ext_type: 'conf_mute', ext_value: '7' } }) },
      /0, 1, 2/,
    ],
    [
      'a kick without code_list',
      { setContent: JSON.stringify({ ext: { ext_type: 'kick_member' } }) },
      /code_list/,
    ],
    [
      'a code_list that is not user ids',
      { setContent: JSON.stringify({ ext: { ext_type: 'kick_member', code_list: 'abc' } }) },
      /not a user id/,
    ],
  ])('%s', async (_, body, msg) => {
    const c = await cast();
    const res = await t.post(
      '/api/conference/set',
      { conferenceUri: c.meeting.uri, ...body },
      c.meeting.hostToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, msg: expect.stringMatching(msg) });
  });

  test('an unknown meeting is 404 and a missing one names the field; no token is 401', async () => {
    const c = await cast();
    const setContent = JSON.stringify({ ext: { ext_type: 'lock_room', ext_value: '1' } });
    const unknown = await t.post(
      '/api/conference/set',
      { conferenceUri: 'nope', setContent },
      c.meeting.hostToken,
    );
    expect(unknown.statusCode).toBe(404);
    const missing = await t.post('/api/conference/set', { setContent }, c.meeting.hostToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/conferenceUri/);
    const anonymous = await t.post('/api/conference/set', {
      conferenceUri: c.meeting.uri,
      setContent,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

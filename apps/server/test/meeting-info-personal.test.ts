/**
 * Meeting info's `personalConfMute` and `personalVideoEnable` carry the viewer's own controls as
 * the host left them (stored member controls, and a forced mute of all), never fixed values.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type TestApp } from './helper.js';
import { accepted, createMeeting, joinApi, registered, type Account } from './room-members.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** Meeting info as `who` asks for it (getConferenceInfo answers for the caller). */
async function personal(who: Account, conferenceId: string) {
  const res = await t.post('/api/conference/getConferenceInfo', { conferenceId }, who.token);
  expect(res.json().code).toBe(0);
  const { personalConfMute, personalVideoEnable } = res.json().payload;
  return { personalConfMute, personalVideoEnable };
}

async function meetingOfThree() {
  const host = await registered(t);
  const alice = await registered(t);
  const bob = await registered(t);
  const meeting = await createMeeting(t, host);
  for (const [who, device] of [
    [host, 'host-dev'],
    [alice, 'alice-dev'],
    [bob, 'bob-dev'],
  ] as const) {
    expect((await joinApi(t, who.token, meeting.id, device)).json().code).toBe(0);
  }
  return { meeting, host, alice, bob };
}

const FREE = { personalConfMute: 0, personalVideoEnable: 1 };

describe('personal state in Meeting info', () => {
  test('a member the host force-muted and whose camera the host turned off sees 1 and 0; the others stay free', async () => {
    const { meeting, host, alice, bob } = await meetingOfThree();
    expect(await personal(alice, meeting.id)).toEqual(FREE);

    await accepted(t, meeting.hostToken, meeting.uri, {
      ext_type: 'conf_mute',
      ext_value: '2',
      code_list: String(alice.userId),
    });
    await accepted(t, meeting.hostToken, meeting.uri, {
      ext_type: 'video_enable',
      ext_value: '0',
      code_list: String(alice.userId),
    });
    expect(await personal(alice, meeting.id)).toEqual({
      personalConfMute: 1,
      personalVideoEnable: 0,
    });
    expect(await personal(bob, meeting.id)).toEqual(FREE);
    expect(await personal(host, meeting.id)).toEqual(FREE);

    // Released again: free.
    await accepted(t, meeting.hostToken, meeting.uri, {
      ext_type: 'conf_mute',
      ext_value: '0',
      code_list: String(alice.userId),
    });
    await accepted(t, meeting.hostToken, meeting.uri, {
      ext_type: 'video_enable',
      ext_value: '1',
      code_list: String(alice.userId),
    });
    expect(await personal(alice, meeting.id)).toEqual(FREE);
  });

  test('a forced mute of all holds every member but the host', async () => {
    const { meeting, host, alice, bob } = await meetingOfThree();
    await accepted(t, meeting.hostToken, meeting.uri, {
      ext_type: 'conf_mute',
      ext_value: '2',
      scope: 'all',
    });
    expect((await personal(alice, meeting.id)).personalConfMute).toBe(1);
    expect((await personal(bob, meeting.id)).personalConfMute).toBe(1);
    expect((await personal(host, meeting.id)).personalConfMute).toBe(0);
    // Meeting info without a viewer says what someone joining now would get.
    const open = await t.post('/api/conference/conferenceInfo', { conferenceId: meeting.id });
    expect(open.json().payload).toMatchObject({ personalConfMute: 1, personalVideoEnable: 1 });

    // A plain mute of all lets members unmute themselves: not held.
    await accepted(t, meeting.hostToken, meeting.uri, {
      ext_type: 'conf_mute',
      ext_value: '1',
      scope: 'all',
    });
    expect((await personal(alice, meeting.id)).personalConfMute).toBe(0);
  });
});

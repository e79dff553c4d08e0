/**
 * The join's room pass (issue 33): the `/room` handshake that follows a join is let in on it
 * without reading the meeting again, and only for whom it was signed — a pass of someone else,
 * one made up, or a membership given up since the join lets nobody in who the full checks would
 * keep out.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { JoinPayload } from '@meet/shared';
import { build, listen, type TestApp } from './helper.js';
import { connect, createMeeting, joinApi, visitor } from './room-members.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await build({ JANUS: 'on' });
  base = await listen(t);
});
afterAll(() => t.close());

async function join(token: string, conferenceId: string, deviceId: string): Promise<JoinPayload> {
  const reply = await joinApi(t, token, conferenceId, deviceId);
  expect(reply.json()).toMatchObject({ code: 0 });
  return reply.json().payload as JoinPayload;
}

const enter = { type: 'join', displayName: 'M', audioEnabled: false, videoEnabled: false } as const;

describe('room passes', () => {
  test("with the join's pass, a member of a running meeting is let in without a read of the meeting", async () => {
    const { id, hostToken } = await createMeeting(t);
    const hostJoin = await join(hostToken, id, 'host-dev');
    expect(hostJoin.roomPass).toMatch(/^[\w-]+\.[\w-]+$/);
    const host = await connect(base, hostToken, id, 'host-dev', hostJoin.roomPass);
    expect(await host.request({ ...enter, displayName: 'Host' })).toMatchObject({ ok: true });

    const reads = vi.spyOn(t.app.conferences, 'byNumber');
    try {
      const guest = await visitor(t);
      const guestJoin = await join(guest.token, id, 'guest-dev');
      reads.mockClear();
      const member = await connect(base, guest.token, id, 'guest-dev', guestJoin.roomPass);
      expect(reads).not.toHaveBeenCalled();
      // Entering reads the meeting's caption state, once.
      expect(await member.request(enter)).toMatchObject({ ok: true });
      expect(reads).toHaveBeenCalledTimes(1);
      reads.mockClear();

      // Without it (a reconnect long after the join), the handshake reads the meeting itself.
      member.socket.disconnect();
      const again = await connect(base, guest.token, id, 'guest-dev');
      expect(reads).toHaveBeenCalledTimes(1);
      again.socket.disconnect();
    } finally {
      reads.mockRestore();
      host.socket.disconnect();
    }
  });

  test("someone else's pass, or one made up, lets in nobody the full checks would keep out", async () => {
    const { id, hostToken } = await createMeeting(t);
    const hostJoin = await join(hostToken, id, 'host-dev');
    const stranger = await visitor(t);
    // The host's pass with another account's sign-in, or on another device.
    await expect(connect(base, stranger.token, id, 'host-dev', hostJoin.roomPass)).rejects.toThrow(
      /join the meeting first/,
    );
    await expect(connect(base, stranger.token, id, 'dev', 'made.up')).rejects.toThrow(
      /join the meeting first/,
    );
    // A pass changed by hand is no pass: the member is checked in full, and is one.
    const [body] = hostJoin.roomPass.split('.');
    const host = await connect(base, hostToken, id, 'host-dev', `${body}.forged`);
    host.socket.disconnect();
  });

  test('a member who left after the join is refused with their pass', async () => {
    const { id, hostToken } = await createMeeting(t);
    await join(hostToken, id, 'host-dev');
    const guest = await visitor(t);
    const guestJoin = await join(guest.token, id, 'guest-dev');
    const quit = await t.post(
      '/api/conference/quitConference',
      { conferenceId: id, deviceId: 'guest-dev' },
      guest.token,
    );
    expect(quit.json()).toMatchObject({ code: 0 });
    await expect(connect(base, guest.token, id, 'guest-dev', guestJoin.roomPass)).rejects.toThrow(
      /join the meeting first/,
    );
  });
});

import type { PeerInfo, RoomProperties } from '@meet/shared';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { Emitter } from '../../room-client/emitter';
import type { RoomClientEvents } from '../../room-client/types';
import { peerInfo } from '../../test/peer-info';
import { dismissToast, toastStore } from '../../ui/toast-store';
import type { RoomClientHandle } from '../room-core/RoomContext';
import { bindRoom, settingsAfterHostCommand } from './room-binding';
import { createRoomStore } from '../room-core/room-store';

/** The room client as the binding sees it: `fire` gives one of its events. */
class FakeClient extends Emitter<RoomClientEvents> {
  fire<K extends keyof RoomClientEvents>(event: K, ...args: RoomClientEvents[K]): void {
    this.emit(event, ...args);
  }
}

const props = (extra: Partial<RoomProperties> = {}): RoomProperties => ({
  confMute: 0,
  lockRoom: false,
  waitingRoom: false,
  screenShareAllowed: true,
  recordStatus: 0,
  recordType: 0,
  recordStartedAt: 0,
  ...extra,
});
const me = (extra: Partial<PeerInfo> = {}) => peerInfo(2, { audioEnabled: false, ...extra });
const shown = () => toastStore.getSnapshot().map((item) => item.text);
const afterThisMessage = () => Promise.resolve();

function bound(onClosed: Parameters<typeof bindRoom>[3] = () => undefined) {
  const client = new FakeClient();
  const unbind = bindRoom(
    client as unknown as RoomClientHandle,
    createRoomStore(),
    (key) => key,
    onClosed,
  );
  // The join answer: a meeting with nothing on.
  client.fire('me', me());
  client.fire('hostChanged', 1);
  client.fire('properties', props());
  return { client, unbind };
}

beforeEach(() => {
  for (const item of toastStore.getSnapshot()) dismissToast(item.id);
});

describe('notices of what the host did', () => {
  test('one change (a force mute-all: the meeting, my state, a command) is told once, at once', async () => {
    const { client } = bound();
    await afterThisMessage();
    expect(shown()).toEqual([]);

    client.fire('me', me({ forceMuted: true }));
    client.fire('properties', props({ confMute: 2 }));
    client.fire('hostCommand', 'muteAudio');
    await afterThisMessage();
    expect(shown()).toEqual(['room.notices.forceMutedAll']);
  });

  test('a hand approved with the microphone turned on says only that', async () => {
    const { client } = bound();
    client.fire('me', me({ handUp: 1, forceMuted: true }));
    await afterThisMessage();
    for (const item of toastStore.getSnapshot()) dismissToast(item.id);

    client.fire('me', me({ handUp: 2 }));
    client.fire('hostCommand', 'unmuteAudio');
    await afterThisMessage();
    expect(shown()).toEqual(['room.notices.handApproved']);
  });

  test('nothing is told once the room is unbound', async () => {
    const { client, unbind } = bound();
    client.fire('hostCommand', 'muteAudio');
    unbind();
    await afterThisMessage();
    expect(shown()).toEqual([]);
  });
});

describe('a connection the server ended', () => {
  test('cut off for flooding: the member is told in their language', () => {
    const { client } = bound();
    client.fire('error', 'rateLimited', 'Too many requests');
    expect(shown()).toEqual(['room.errors.rateLimited']);
  });

  test('the sign-in ended elsewhere: told, and the meeting is left for sign-in', () => {
    const closed = vi.fn();
    const { client } = bound(closed);
    client.fire('error', 'signedOut', 'Authentication failed');
    expect(shown()).toEqual(['room.errors.signedOut']);
    expect(closed).toHaveBeenCalledWith('signedOut');
  });
});

test('a host command changes the devices the next pre-join shows: muted stays muted, an approved hand is on', () => {
  const client = new FakeClient();
  const store = createRoomStore();
  bindRoom(
    client as unknown as RoomClientHandle,
    store,
    (key) => key,
    () => undefined,
  );
  store.dispatch({ type: 'settings', settings: { audioEnabled: true, videoEnabled: true } });
  client.fire('hostCommand', 'muteAudio');
  expect(store.getState().settings.audioEnabled).toBe(false);
  expect(JSON.parse(localStorage.getItem('settings')!)).toMatchObject({ audioEnabled: false });
  client.fire('hostCommand', 'disableVideo');
  expect(JSON.parse(localStorage.getItem('settings')!)).toMatchObject({
    audioEnabled: false,
    videoEnabled: false,
  });
  expect(settingsAfterHostCommand('muteAudio')).toEqual({ audioEnabled: false });
  expect(settingsAfterHostCommand('unmuteAudio')).toEqual({ audioEnabled: true });
  expect(settingsAfterHostCommand('disableVideo')).toEqual({ videoEnabled: false });
  expect(settingsAfterHostCommand('stopShare')).toBeNull();
});

import { afterEach, expect, test, vi } from 'vitest';
import type { RoomProperties } from '@meet/shared';
import { peerInfo } from '../test/peer-info';
import type * as SignalingModule from './signaling';
import { sockets } from '../test/fake-signaling';

vi.mock('./signaling', async (original) => ({
  ...(await original<typeof SignalingModule>()),
  Signaling: (await import('../test/fake-signaling')).FakeSignaling,
}));

const { RoomClient } = await import('./room-client');

afterEach(() => {
  sockets.length = 0;
});

const properties: RoomProperties = {
  confMute: 2,
  lockRoom: false,
  waitingRoom: false,
  screenShareAllowed: false,
  recordStatus: 0,
  recordType: 0,
  recordStartedAt: 0,
};

test('one roomUpdated is applied whole: its events come together, before the next message', () => {
  const client = new RoomClient();
  client.prepare({ conferenceId: '123456789', token: 't', deviceId: 'd' });
  const socket = sockets[0]!;
  const seen: string[] = [];
  client.on('hostChanged', (hostId) => seen.push(`host ${hostId}`));
  client.on('peers', (peers) =>
    seen.push(`peers ${peers.map((p) => `${p.peerId}${p.forceMuted ? ' muted' : ''}`).join()}`),
  );
  client.on('properties', (p) => seen.push(`confMute ${p.confMute}`));
  client.on('hostCommand', (action) => seen.push(action));
  socket.notify({
    type: 'roomUpdated',
    host: { hostId: 2, hostName: 'Bo' },
    properties,
    peers: [peerInfo(2, { isHost: true }), peerInfo(3, { forceMuted: true })],
    actions: ['stopShare'],
  });
  expect(seen).toEqual(['host 2', 'peers 2,3 muted', 'confMute 2', 'stopShare']);

  // A change that is only about members says only that.
  seen.length = 0;
  socket.notify({ type: 'roomUpdated', peers: [peerInfo(3)], actions: [] });
  expect(seen).toEqual(['peers 2,3']);
  client.close();
});

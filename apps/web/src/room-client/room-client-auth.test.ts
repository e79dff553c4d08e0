import { afterEach, expect, test, vi } from 'vitest';
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

test("the socket's handshake carries the join's room pass", () => {
  const client = new RoomClient();
  client.prepare({ conferenceId: '123456789', token: 't', deviceId: 'd', pass: 'body.sig' });
  expect(sockets[0]!.auth).toEqual({
    conferenceId: '123456789',
    token: 't',
    deviceId: 'd',
    pass: 'body.sig',
  });
});

import type { RoomProperties, RoomRequest, RoomResponses } from '@meet/shared';
import { describe, expect, test, vi } from 'vitest';
import { Collaboration } from './collaboration';
import { RequestError } from './signaling';

const properties: RoomProperties = {
  confMute: 0,
  lockRoom: false,
  waitingRoom: false,
  screenShareAllowed: true,
  recordStatus: 0,
  recordType: 0,
  recordStartedAt: 0,
};
const joinAnswer = () =>
  ({
    peers: [],
    hostId: 1,
    iceServers: [],
    messages: [],
    properties,
  }) as unknown as RoomResponses['join'];

function setup(answer: (r: RoomRequest) => unknown) {
  const request = vi.fn((r: RoomRequest) => Promise.resolve(answer(r)));
  const collab = new Collaboration(request as never);
  return { collab, request };
}

describe('Collaboration', () => {
  test('the join brings the properties, without asking the server again', () => {
    const { collab, request } = setup(() => ({}));
    const seen = vi.fn();
    collab.on('properties', seen);
    collab.handleJoined(joinAnswer());
    expect(seen).toHaveBeenCalledWith(properties);
    expect(request).not.toHaveBeenCalled();
  });

  test('notifications become events', () => {
    const { collab } = setup(() => ({}));
    const commands = vi.fn();
    const waiting = vi.fn();
    collab.on('hostCommand', commands);
    collab.on('waitingList', waiting);
    collab.handleNotification({ type: 'roomUpdated', peers: [], actions: ['muteAudio'] });
    collab.handleNotification({ type: 'waitingList', entries: [] });
    expect(commands).toHaveBeenCalledWith('muteAudio');
    expect(waiting).toHaveBeenCalledWith([]);
  });

  test('a reaction is sent as a request and comes back as an event with its sender', async () => {
    const { collab, request } = setup(() => ({}));
    const reactions = vi.fn();
    collab.on('reaction', reactions);
    await collab.sendReaction('👏');
    expect(request).toHaveBeenCalledWith({ type: 'sendReaction', emoji: '👏' });
    // Shown when the server's broadcast arrives, not before: everyone sees it the same way.
    expect(reactions).not.toHaveBeenCalled();
    collab.handleNotification({ type: 'reaction', peerId: '7', emoji: '👏' });
    expect(reactions).toHaveBeenCalledWith('7', '👏');
  });

  test('a reaction refused for going too fast rejects with its catalogue key', async () => {
    const refusal = new RequestError(-1, 'Sending reactions too quickly', 'reactionTooFast');
    const collab = new Collaboration(vi.fn(() => Promise.reject(refusal)) as never);
    await expect(collab.sendReaction('🎉')).rejects.toMatchObject({ key: 'reactionTooFast' });
  });
});

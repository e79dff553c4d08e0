import type { ChatMessage, RoomProperties, RoomRequest, RoomResponses } from '@meet/shared';
import { describe, expect, test, vi } from 'vitest';
import { Collaboration } from './collaboration';
import { RequestError } from './signaling';

const msg = (id: number): ChatMessage => ({
  id,
  time: id,
  scode: '2',
  sname: 'Bo',
  ua: 3,
  content: `m${id}`,
});
const properties: RoomProperties = {
  confMute: 0,
  lockRoom: false,
  waitingRoom: false,
  screenShareAllowed: true,
  recordStatus: 0,
  recordType: 0,
  recordStartedAt: 0,
};
const joinAnswer = (messages: ChatMessage[]) =>
  ({
    peers: [],
    hostId: 1,
    iceServers: [],
    messages,
    properties,
  }) as unknown as RoomResponses['join'];

function setup(answer: (r: RoomRequest) => unknown) {
  const request = vi.fn((r: RoomRequest) => Promise.resolve(answer(r)));
  const collab = new Collaboration(request as never);
  const chat: [number[], boolean][] = [];
  collab.on('chat', (messages, live) => chat.push([messages.map((m) => m.id), live]));
  return { collab, request, chat };
}

describe('Collaboration', () => {
  test('the first join brings history (not live) and the properties', () => {
    const { collab, request, chat } = setup(() => ({}));
    const seen = vi.fn();
    collab.on('properties', seen);
    collab.handleJoined(joinAnswer([msg(1), msg(2)]), false);
    expect(chat).toEqual([[[1, 2], false]]);
    expect(seen).toHaveBeenCalledWith(properties);
    expect(request).not.toHaveBeenCalled();
  });

  test('a rejoin after a reconnect also reloads the history, as live', async () => {
    const { collab, request, chat } = setup(() => ({ messages: [msg(1), msg(2), msg(3)] }));
    collab.handleJoined(joinAnswer([msg(1)]), true);
    await vi.waitFor(() => expect(chat).toHaveLength(2));
    expect(request).toHaveBeenCalledWith({ type: 'chatHistory' });
    expect(chat).toEqual([
      [[1], true],
      [[1, 2, 3], true],
    ]);
  });

  test('notifications become events', () => {
    const { collab, chat } = setup(() => ({}));
    const commands = vi.fn();
    const waiting = vi.fn();
    collab.on('hostCommand', commands);
    collab.on('waitingList', waiting);
    collab.handleNotification({ type: 'messageReceived', message: msg(5) });
    collab.handleNotification({ type: 'roomUpdated', peers: [], actions: ['muteAudio'] });
    collab.handleNotification({ type: 'waitingList', entries: [] });
    expect(chat).toEqual([[[5], true]]);
    expect(commands).toHaveBeenCalledWith('muteAudio');
    expect(waiting).toHaveBeenCalledWith([]);
  });

  test('sendMessage resolves with the stored message and merges it at once', async () => {
    const { collab, request, chat } = setup(() => ({ message: msg(9) }));
    await expect(collab.sendMessage('hi')).resolves.toEqual(msg(9));
    expect(request).toHaveBeenCalledWith({ type: 'sendMessage', content: 'hi' });
    expect(chat).toEqual([[[9], true]]);
  });

  test("sendMessage rejects with the server's refusal", async () => {
    const request = vi.fn(() => Promise.reject(new RequestError(400, 'Message too long')));
    const collab = new Collaboration(request as never);
    await expect(collab.sendMessage('x')).rejects.toMatchObject({
      code: 400,
      message: 'Message too long',
    });
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

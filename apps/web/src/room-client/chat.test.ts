import type { ChatMessage, RoomRequest, RoomResponses } from '@meet/shared';
import { describe, expect, test, vi } from 'vitest';
import { Chat } from './chat';
import { RequestError } from './signaling';

const msg = (id: number): ChatMessage => ({
  id,
  time: id,
  scode: '2',
  sname: 'Bo',
  ua: 3,
  content: `m${id}`,
});
const joinAnswer = (messages: ChatMessage[]) =>
  ({
    peers: [],
    hostId: 1,
    iceServers: [],
    messages,
  }) as unknown as RoomResponses['join'];

function setup(answer: (r: RoomRequest) => unknown) {
  const request = vi.fn((r: RoomRequest) => Promise.resolve(answer(r)));
  const chat = new Chat(request as never);
  const seen: [number[], boolean][] = [];
  chat.on('chat', (messages, live) => seen.push([messages.map((m) => m.id), live]));
  return { chat, request, seen };
}

describe('Chat', () => {
  test('the first join brings the history, not live', () => {
    const { chat, request, seen } = setup(() => ({}));
    chat.handleJoined(joinAnswer([msg(1), msg(2)]), false);
    expect(seen).toEqual([[[1, 2], false]]);
    expect(request).not.toHaveBeenCalled();
  });

  test('a rejoin after a reconnect also reloads the history, as live', async () => {
    const { chat, request, seen } = setup(() => ({ messages: [msg(1), msg(2), msg(3)] }));
    chat.handleJoined(joinAnswer([msg(1)]), true);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(request).toHaveBeenCalledWith({ type: 'chatHistory' });
    expect(seen).toEqual([
      [[1], true],
      [[1, 2, 3], true],
    ]);
  });

  test('a message received is a live chat event', () => {
    const { chat, seen } = setup(() => ({}));
    chat.handleNotification({ type: 'messageReceived', message: msg(5) });
    expect(seen).toEqual([[[5], true]]);
  });

  test('sendMessage resolves with the stored message and merges it at once', async () => {
    const { chat, request, seen } = setup(() => ({ message: msg(9) }));
    await expect(chat.sendMessage('hi')).resolves.toEqual(msg(9));
    expect(request).toHaveBeenCalledWith({ type: 'sendMessage', content: 'hi' });
    expect(seen).toEqual([[[9], true]]);
  });

  test("sendMessage rejects with the server's refusal", async () => {
    const request = vi.fn(() => Promise.reject(new RequestError(400, 'Message too long')));
    const chat = new Chat(request as never);
    await expect(chat.sendMessage('x')).rejects.toMatchObject({
      code: 400,
      message: 'Message too long',
    });
  });
});

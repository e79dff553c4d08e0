import { describe, expect, test } from 'vitest';
import { WAITING_ROOM_MESSAGES } from '../api/host-control.js';
import { POLL_MESSAGES } from './message.js';
import { serverMessageJsonSchema, type MessageJson } from './message-schema.js';

const meeting = { conferenceUri: 'k3j5h2', conferenceId: '123456789' };
const newMessage = {
  msgType: 'new_message',
  message: {
    messageId: 5,
    ctime: 1_700_000_000_000,
    pushType: 'record',
    content: '{"pushType":"record","recordId":"r1","status":"ready","name":"Weekly"}',
    isUnread: true,
  },
  unread: 3,
} as const;

/** One well-formed example of every push of the `/message` socket. */
const pushes: MessageJson[] = [
  ...Object.entries(WAITING_ROOM_MESSAGES).map(
    ([msgType, code]) => ({ msgType, code, ...meeting }) as MessageJson,
  ),
  ...POLL_MESSAGES.map((msgType) => ({ msgType, voteId: 12, ...meeting })),
  { msgType: 'new_connection_replace' },
  { msgType: 'signed_out', code: 203, key: 'passwordChanged' },
  newMessage,
  { msgType: 'pong' },
];

function without(message: object, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = message as Record<string, unknown>;
  return rest;
}

const fields = pushes.flatMap((m) =>
  Object.keys(m)
    .filter((key) => key !== 'msgType')
    .map((key) => [m.msgType, key, m] as const),
);

describe('serverMessageJsonSchema', () => {
  test.each(pushes.map((m) => [m.msgType, m] as const))('a well-formed %s parses', (_t, m) => {
    expect(serverMessageJsonSchema.parse(m)).toEqual(m);
  });

  test.each(fields)('%s without %s is refused', (_t, key, m) => {
    expect(serverMessageJsonSchema.safeParse(without(m, key)).success).toBe(false);
  });

  test.each(fields)('%s with %s of the wrong kind is refused', (_t, key, m) => {
    const value = (m as Record<string, unknown>)[key];
    const wrong = typeof value === 'string' ? 7 : typeof value === 'number' ? '7' : 'x';
    expect(serverMessageJsonSchema.safeParse({ ...m, [key]: wrong }).success).toBe(false);
  });

  test.each(
    pushes.flatMap((m) =>
      [`${m.msgType}_x`, ` ${m.msgType}`, m.msgType.toUpperCase()].map(
        (msgType) => [m.msgType, msgType, m] as const,
      ),
    ),
  )('%s with junk in its msgType (%j) is refused', (_t, msgType, m) => {
    expect(serverMessageJsonSchema.safeParse({ ...m, msgType }).success).toBe(false);
  });

  test.each([
    [
      'a message of an unknown push type',
      { ...newMessage, message: { ...newMessage.message, pushType: 'spam' } },
    ],
    ['the client-only ping', { msgType: 'ping' }],
    ['no msgType', { code: 1 }],
    ['text', 'pong'],
  ])('%s is refused', (_name, message) => {
    expect(serverMessageJsonSchema.safeParse(message).success).toBe(false);
  });
});

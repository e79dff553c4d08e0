import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseServerEnvelope } from './server-envelope';

afterEach(() => vi.restoreAllMocks());

const approve = { msgType: 'waiting_room_approve', code: 1, conferenceUri: 'u', conferenceId: '1' };

describe('server envelopes', () => {
  test.each([
    ['an object', { msgId: 'a', messageJson: { msgType: 'pong' } }, 'pong'],
    ['a JSON string', { msgId: 'a', messageJson: '{"msgType":"pong"}' }, 'pong'],
    [
      'a waiting-room notice',
      {
        msgId: 'b',
        messageJson: {
          msgType: 'waiting_room_approve',
          code: 1,
          conferenceUri: 'u',
          conferenceId: '123',
        },
      },
      'waiting_room_approve',
    ],
  ])('reads %s', (_name, raw, msgType) => {
    expect(parseServerEnvelope(raw)?.messageJson.msgType).toBe(msgType);
  });

  test.each([
    ['null', null],
    ['a string', 'pong'],
    ['no messageJson', { msgId: 'a' }],
    ['broken JSON', { msgId: 'a', messageJson: '{msgType' }],
    ['no msgType', { msgId: 'a', messageJson: { code: 1 } }],
    ['a numeric msgType', { msgId: 'a', messageJson: { msgType: 3 } }],
    ['a msgType the protocol lacks', { msgId: 'a', messageJson: { msgType: 'spam' } }],
    ['junk after a msgType', { msgId: 'a', messageJson: { ...approve, msgType: 'pong!' } }],
    [
      'a notice without its meeting',
      { msgId: 'a', messageJson: { ...approve, conferenceUri: undefined } },
    ],
    ['a notice whose code is text', { msgId: 'a', messageJson: { ...approve, code: '1' } }],
    [
      'a new message without its message',
      { msgId: 'a', messageJson: { msgType: 'new_message', unread: 1 } },
    ],
  ])('ignores %s and logs it', (_name, raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseServerEnvelope(raw)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^message-socket: dropped a malformed message/);
  });

  test('a missing msgId reads as empty', () => {
    expect(parseServerEnvelope({ messageJson: { msgType: 'pong' } })?.msgId).toBe('');
  });
});

import { describe, expect, test } from 'vitest';
import { buildEnvelope, createMsgId, parseServerEnvelope } from './envelope';

describe('client envelopes', () => {
  test('a ping is {msgId, messageJson:{msgType:"ping"}}', () => {
    expect(buildEnvelope({ msgType: 'ping' }, 'm1')).toEqual({
      msgId: 'm1',
      messageJson: { msgType: 'ping' },
    });
  });

  test('join_waiting_room carries the meeting uri and the reconnect flag', () => {
    const envelope = buildEnvelope({
      msgType: 'join_waiting_room',
      conferenceUri: 'abc',
      isReconnect: 1,
    });
    expect(envelope.messageJson).toEqual({
      msgType: 'join_waiting_room',
      conferenceUri: 'abc',
      isReconnect: 1,
    });
    expect(envelope.msgId.length).toBeGreaterThan(0);
    expect(envelope.msgId.length).toBeLessThanOrEqual(64);
  });

  test('message ids do not repeat, even within the same millisecond', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => createMsgId(1_700_000_000_000)));
    expect(ids.size).toBe(1000);
  });
});

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
  ])('ignores %s', (_name, raw) => {
    expect(parseServerEnvelope(raw)).toBeNull();
  });

  test('a missing msgId reads as empty', () => {
    expect(parseServerEnvelope({ messageJson: { msgType: 'pong' } })?.msgId).toBe('');
  });
});

import { describe, expect, test } from 'vitest';
import { buildEnvelope, createMsgId } from './envelope';

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

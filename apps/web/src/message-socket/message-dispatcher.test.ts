import { afterEach, describe, expect, test, vi } from 'vitest';
import type { MessageEnvelope } from '@meet/shared';
import { MessageDispatcher } from './message-dispatcher';

const approve: MessageEnvelope = {
  msgId: 's1',
  messageJson: {
    msgType: 'waiting_room_approve',
    code: 1,
    conferenceUri: 'uri-1',
    conferenceId: '123456789',
  },
};

afterEach(() => vi.restoreAllMocks());

describe('MessageDispatcher', () => {
  test('a message reaches the handlers of its type only', () => {
    const dispatcher = new MessageDispatcher();
    const onApprove = vi.fn();
    const onDeny = vi.fn();
    dispatcher.on('waiting_room_approve', onApprove);
    dispatcher.on('waiting_room_deny', onDeny);
    expect(dispatcher.dispatch(approve)).toBe(true);
    expect(onApprove).toHaveBeenCalledWith(approve.messageJson, approve);
    expect(onDeny).not.toHaveBeenCalled();
  });

  test('every handler of a type is called, in order of registration', () => {
    const dispatcher = new MessageDispatcher();
    const calls: string[] = [];
    dispatcher.on('pong', () => calls.push('a'));
    dispatcher.on('pong', () => calls.push('b'));
    dispatcher.dispatch({ msgId: 'x', messageJson: { msgType: 'pong' } });
    expect(calls).toEqual(['a', 'b']);
  });

  test('after unsubscribing a handler hears nothing; unsubscribing twice is harmless', () => {
    const dispatcher = new MessageDispatcher();
    const handler = vi.fn();
    const off = dispatcher.on('waiting_room_approve', handler);
    off();
    off();
    expect(dispatcher.dispatch(approve)).toBe(false);
    expect(handler).not.toHaveBeenCalled();
    expect(dispatcher.listenerCount('waiting_room_approve')).toBe(0);
  });

  test('a failing handler is logged and the others still run', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dispatcher = new MessageDispatcher();
    const after = vi.fn();
    dispatcher.on('waiting_room_approve', () => {
      throw new Error('boom');
    });
    dispatcher.on('waiting_room_approve', after);
    dispatcher.dispatch(approve);
    expect(after).toHaveBeenCalledOnce();
    expect(log).toHaveBeenCalledOnce();
  });

  test('a handler may unsubscribe itself while being called', () => {
    const dispatcher = new MessageDispatcher();
    const second = vi.fn();
    const off = dispatcher.on('pong', () => off());
    dispatcher.on('pong', second);
    dispatcher.dispatch({ msgId: 'x', messageJson: { msgType: 'pong' } });
    dispatcher.dispatch({ msgId: 'y', messageJson: { msgType: 'pong' } });
    expect(second).toHaveBeenCalledTimes(2);
    expect(dispatcher.listenerCount('pong')).toBe(1);
  });

  test('a type nobody listens to is dropped', () => {
    const dispatcher = new MessageDispatcher();
    const handler = vi.fn();
    dispatcher.on('pong', handler);
    const vote: MessageEnvelope = {
      msgId: 'x',
      messageJson: {
        msgType: 'publish_vote_result',
        voteId: 1,
        conferenceUri: 'u',
        conferenceId: '1',
      },
    };
    expect(dispatcher.dispatch(vote)).toBe(false);
    expect(handler).not.toHaveBeenCalled();
  });
});

import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { MessageJson } from '@meet/shared';
import i18n from '../../i18n/i18n';
import { conferenceApi } from '../../api/conference-api';
import { FakeSocket } from '../../message-socket/fake-socket';
import { MessageSocket } from '../../message-socket/message-socket';
import { MessageSocketProvider } from '../../message-socket/MessageSocketProvider';
import { toastStore } from '../../ui/toast-store';
import { useWaitingRoom } from './useWaitingRoom';

const WAIT = { conferenceId: '123456789', conferenceUri: 'uri-1', request: { name: 'Cy' } };
const notice = (msgType: string, conferenceUri = 'uri-1', conferenceId = '123456789') =>
  ({ msgType, code: 0, conferenceUri, conferenceId }) as MessageJson;

function setup() {
  const fake = new FakeSocket({ userId: 1, deviceId: 'd', token: 't' });
  const messages = new MessageSocket(() => fake);
  messages.start(fake.auth);
  const rejoin = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MessageSocketProvider auth={null} socket={messages}>
      {children}
    </MessageSocketProvider>
  );
  const hook = renderHook(() => useWaitingRoom(rejoin, () => 'device-1'), { wrapper });
  const startWaiting = () => act(() => hook.result.current.start(WAIT));
  return { fake, rejoin, hook, startWaiting };
}

const toasts = () => toastStore.getSnapshot().map((t) => `${t.kind}: ${t.text}`);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('waiting for the host', () => {
  test('announces itself with isReconnect 0, then 1 after the socket reconnects', () => {
    const { fake, startWaiting } = setup();
    fake.serverConnect();
    startWaiting();
    fake.drop();
    act(() => fake.serverConnect());
    expect(fake.sentJson()).toEqual([
      { msgType: 'join_waiting_room', conferenceUri: 'uri-1', isReconnect: 0 },
      { msgType: 'join_waiting_room', conferenceUri: 'uri-1', isReconnect: 1 },
    ]);
  });

  test('a socket not connected yet announces on its first connection, as a first join', () => {
    const { fake, startWaiting } = setup();
    startWaiting();
    act(() => fake.serverConnect());
    expect(fake.sentJson()).toEqual([
      { msgType: 'join_waiting_room', conferenceUri: 'uri-1', isReconnect: 0 },
    ]);
  });

  test('approval joins again with the same request and keeps the screen, marked admitted', () => {
    const { fake, rejoin, hook, startWaiting } = setup();
    fake.serverConnect();
    startWaiting();
    act(() => fake.push(notice('waiting_room_approve')));
    expect(rejoin).toHaveBeenCalledWith(WAIT.request);
    expect(hook.result.current.wait?.admitted).toBe(true);
    // Being admitted does not announce the wait again.
    expect(fake.sent).toHaveLength(1);
  });

  test.each([
    ['waiting_room_deny', 'denied'],
    ['conference_closed', 'closed'],
    ['waiting_room_kick_out', 'blocked'],
  ])('%s ends the wait on the end screen (%s)', (msgType, reason) => {
    const { fake, rejoin, hook, startWaiting } = setup();
    fake.serverConnect();
    startWaiting();
    act(() => fake.push(notice(msgType)));
    expect(hook.result.current.wait).toBeNull();
    expect(hook.result.current.ended).toEqual({
      conferenceId: WAIT.conferenceId,
      reason,
      request: WAIT.request,
    });
    expect(rejoin).not.toHaveBeenCalled();
  });

  test('an error ends the wait with the warning to try again', async () => {
    await i18n.changeLanguage('en');
    const { fake, rejoin, hook, startWaiting } = setup();
    fake.serverConnect();
    startWaiting();
    act(() => fake.push(notice('waiting_room_error')));
    expect(hook.result.current.wait).toBeNull();
    expect(hook.result.current.ended).toBeNull();
    expect(rejoin).not.toHaveBeenCalled();
    expect(toasts()).toContain('warning: Network error, please try joining again');
  });

  test("another meeting's notice is not for us", () => {
    const { fake, rejoin, hook, startWaiting } = setup();
    fake.serverConnect();
    startWaiting();
    act(() => fake.push(notice('waiting_room_approve', 'uri-other', '5')));
    act(() => fake.push(notice('waiting_room_deny', 'uri-other', '5')));
    expect(rejoin).not.toHaveBeenCalled();
    expect(hook.result.current.wait).not.toBeNull();
  });

  test('leaving sends leave_waiting_room and stops listening', () => {
    const { fake, rejoin, hook, startWaiting } = setup();
    fake.serverConnect();
    startWaiting();
    act(() => hook.result.current.leave());
    expect(hook.result.current.wait).toBeNull();
    expect(fake.sentJson().at(-1)).toEqual({
      msgType: 'leave_waiting_room',
      conferenceUri: 'uri-1',
    });
    act(() => fake.push(notice('waiting_room_approve')));
    expect(rejoin).not.toHaveBeenCalled();
  });

  test('leaving without a connection still tells the server, through quitConference', () => {
    const quit = vi.spyOn(conferenceApi, 'quit').mockResolvedValue(null);
    const { hook, startWaiting } = setup();
    startWaiting();
    act(() => hook.result.current.leave());
    expect(quit).toHaveBeenCalledWith('123456789', 'device-1');
  });
});

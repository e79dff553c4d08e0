import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { RoomClientHandle } from '../../room-client/types';
import { RoomProvider } from '../room-core/RoomContext';
import { createRoomStore, initialRoomState, type RoomStore } from '../room-core/room-store';
import { ClientLogger } from './client-logger';
import { DeviceErrorLog } from './DeviceErrorLog';

afterEach(cleanup);

const meeting = { conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null };

function mount(store: RoomStore, logger: ClientLogger) {
  return render(
    <RoomProvider client={{} as RoomClientHandle} store={store} meeting={meeting}>
      <DeviceErrorLog logger={logger} />
    </RoomProvider>,
  );
}

describe('device errors go to the client log', () => {
  test('a failure on the pre-join screen is logged once with the meeting, and not again when the toolbar takes over', () => {
    const store = createRoomStore(initialRoomState());
    const logger = new ClientLogger({ send: vi.fn(), hasToken: () => true, agent: 'a' });
    const log = vi.spyOn(logger, 'log');
    const first = mount(store, logger);
    const cameraDenied = { name: 'NotAllowedError', message: 'Permission denied' };
    act(() =>
      store.dispatch({
        type: 'permissions',
        states: { audio: 'Allow', video: 'NotAllowedError', lastError: { video: cameraDenied } },
      }),
    );
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('device_error', {
      peerId: '',
      roomId: 'uri-1',
      meetingId: '123456789',
      value: {
        type: 'video',
        name: 'NotAllowedError',
        message: 'Permission denied',
        permission: 'NotAllowedError',
        channel: 'prejoin',
      },
    });
    // Joined: the extras move from the pre-join screen to the toolbar.
    first.unmount();
    mount(store, logger);
    expect(log).toHaveBeenCalledTimes(1);
    act(() =>
      store.dispatch({
        type: 'permissions',
        states: {
          audio: 'NotReadableError',
          video: 'NotAllowedError',
          // The camera's error is the one already logged (the devices keep it as it was).
          lastError: {
            audio: { name: 'NotReadableError', message: 'Could not start audio source' },
            video: cameraDenied,
          },
        },
      }),
    );
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[1]![1]!.value).toMatchObject({ type: 'audio', name: 'NotReadableError' });
  });
});

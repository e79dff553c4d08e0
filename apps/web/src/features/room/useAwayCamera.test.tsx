import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { RoomClientHandle } from '../../room-client/types';
import { RoomProvider } from '../room-core/RoomContext';
import { createRoomStore } from '../room-core/room-store';
import { useAwayCamera } from './useAwayCamera';

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup(enabled: boolean) {
  const setAway = vi.fn((_away: boolean) => Promise.resolve());
  const client = { setAway } as unknown as RoomClientHandle;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RoomProvider
      client={client}
      store={createRoomStore()}
      meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
    >
      {children}
    </RoomProvider>
  );
  const hook = renderHook(({ on }) => useAwayCamera(on), {
    wrapper,
    initialProps: { on: enabled },
  });
  return { setAway, hook };
}

describe('useAwayCamera: a phone in the background pauses its camera', () => {
  test('hidden → the client is told the page is away; visible again → it is back', () => {
    const { setAway } = setup(true);
    setVisibility('hidden');
    expect(setAway).toHaveBeenLastCalledWith(true);
    setVisibility('visible');
    expect(setAway).toHaveBeenLastCalledWith(false);
    expect(setAway).toHaveBeenCalledTimes(2);
  });

  test('on a desktop (off) a hidden tab changes nothing — a presenter switches tabs all the time', () => {
    const { setAway } = setup(false);
    setVisibility('hidden');
    setVisibility('visible');
    expect(setAway).not.toHaveBeenCalled();
  });

  test('after leaving, the page going away is no longer followed', () => {
    const { setAway, hook } = setup(true);
    hook.unmount();
    setVisibility('hidden');
    expect(setAway).not.toHaveBeenCalled();
  });
});

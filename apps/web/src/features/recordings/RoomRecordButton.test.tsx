import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { MeetingInfo, RoomProperties } from '@meet/shared';
import '../../i18n/i18n';
import { recordsApi } from '../../api/records-api';
import { fakeClient } from '../captions/captions-fixtures';
import { peerInfo } from '../../test/peer-info';
import * as toasts from '../../ui/toast-store';
import { onUpgrade } from '../billing/upgrade-events';
import { RoomProvider } from '../room-core/RoomContext';
import { createRoomStore, type RoomStore } from '../room-core/room-store';
import { testQueryClient } from './recordings-fixtures';
import { RecordingIndicator } from './RecordingIndicator';
import { RoomRecordButton } from './RoomRecordButton';

type Ability = Pick<MeetingInfo['recordFuncStatus'], 'audioRecord' | 'videoRecord'>;
const PRO: Ability = { audioRecord: 1, videoRecord: 1 };
const BASIC: Ability = { audioRecord: 1, videoRecord: 0 };

function meetingWith(ability: Ability): MeetingInfo {
  return {
    recordFuncStatus: {
      ...ability,
      videoLabel: ability.videoRecord ? '' : 'Pro',
      videoReason: ability.videoRecord ? '' : 'videoRecordPro',
      audioReason: '',
    },
  } as MeetingInfo;
}

/** The toolbar's record button and the indicator in a connected room where I am member 1. */
function renderRoom({ host = true, ability = PRO }: { host?: boolean; ability?: Ability } = {}) {
  vi.spyOn(recordsApi, 'meetingForViewer').mockResolvedValue(meetingWith(ability));
  const room: RoomStore = createRoomStore();
  room.dispatch({ type: 'me', me: peerInfo(1) });
  room.dispatch({ type: 'peers', peers: [peerInfo(2)] });
  room.dispatch({ type: 'host', hostId: host ? 1 : 2 });
  room.dispatch({ type: 'connection', state: 'connected' });
  const client = testQueryClient();
  // The server's clock agrees with this one.
  client.setQueryData(['clockOffset'], 0);
  render(
    <QueryClientProvider client={client}>
      <RoomProvider
        client={fakeClient().client}
        store={room}
        meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
      >
        <RecordingIndicator />
        <RoomRecordButton />
      </RoomProvider>
    </QueryClientProvider>,
  );
  return room;
}

/** What the server announces to every member when a recording starts or stops. */
function announce(room: RoomStore, properties: Partial<RoomProperties>) {
  act(() => room.dispatch({ type: 'properties', properties }));
}

const openPopover = async () => {
  fireEvent.click(screen.getByTestId('record-button'));
  return screen.findByTestId('record-popover');
};

beforeEach(() => {
  vi.spyOn(toasts.toast, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the record button', () => {
  test('a member who is not host has no record button', () => {
    renderRoom({ host: false });
    expect(screen.queryByTestId('record-button')).toBeNull();
  });

  test('a Pro host chooses video in the speech or grid layout and starts it', async () => {
    const start = vi.spyOn(recordsApi, 'startRecord').mockResolvedValue({ recordId: 'rec-1' });
    renderRoom({ ability: PRO });
    await openPopover();
    await waitFor(() =>
      expect((screen.getByTestId('record-type-video') as HTMLInputElement).checked).toBe(true),
    );
    expect(screen.queryByTestId('record-pro-note')).toBeNull();
    fireEvent.click(screen.getByTestId('record-layout-grid'));
    await act(async () => fireEvent.click(screen.getByTestId('record-start')));
    expect(start).toHaveBeenCalledWith({
      conferenceUri: 'uri-1',
      recordType: 'video',
      layout: 'grid',
    });
    // Accepted: the popover closes; the indicator waits for the server's announcement.
    expect(screen.queryByTestId('record-popover')).toBeNull();
  });

  test('audio has no layout to choose', async () => {
    const start = vi.spyOn(recordsApi, 'startRecord').mockResolvedValue({ recordId: 'rec-1' });
    renderRoom({ ability: PRO });
    await openPopover();
    await waitFor(() => expect(screen.getByTestId('record-layout-speech')).toBeTruthy());
    fireEvent.click(screen.getByTestId('record-type-audio'));
    expect(screen.queryByTestId('record-layout-speech')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('record-start')));
    expect(start).toHaveBeenCalledWith({
      conferenceUri: 'uri-1',
      recordType: 'audio',
      layout: 'speech',
    });
  });

  test('a basic host may record audio only: video is locked with the Pro note and Upgrade asks for the upgrade dialog', async () => {
    const upgrades: string[] = [];
    const off = onUpgrade((request) => upgrades.push(`${request.channel}:${request.newTab}`));
    const start = vi.spyOn(recordsApi, 'startRecord').mockResolvedValue({ recordId: 'rec-1' });
    renderRoom({ ability: BASIC });
    await openPopover();
    const note = await screen.findByTestId('record-pro-note');
    expect(note.textContent).toContain('Upgrade to Pro to unlock video recording');
    const video = screen.getByTestId('record-type-video') as HTMLInputElement;
    expect(video.disabled).toBe(true);
    expect((screen.getByTestId('record-type-audio') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('record-upgrade'));
    // In a meeting, payment opens in a new tab so the meeting stays open.
    expect(upgrades).toEqual(['videoRecordPro:true']);
    await act(async () => fireEvent.click(screen.getByTestId('record-start')));
    expect(start).toHaveBeenCalledWith(expect.objectContaining({ recordType: 'audio' }));
    off();
  });

  test('a refusal (storage full) keeps the popover open and shows the server’s message', async () => {
    const error = vi.spyOn(toasts.toast, 'error').mockImplementation(() => undefined);
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          code: -1,
          msg: 'Unable to start recording, as storage space is depleted',
          key: 'storageDepleted',
          payload: null,
        }),
        { headers: { 'Content-Type': 'application/json' } },
      ),
    );
    renderRoom({ ability: BASIC });
    await openPopover();
    await waitFor(() =>
      expect((screen.getByTestId('record-start') as HTMLButtonElement).disabled).toBe(false),
    );
    await act(async () => fireEvent.click(screen.getByTestId('record-start')));
    expect(fetch).toHaveBeenCalledWith('/api/conference/startRecord', expect.anything());
    expect(error).toHaveBeenCalledWith('Unable to start recording, as storage space is depleted');
    expect(screen.getByTestId('record-popover')).toBeTruthy();
    expect((screen.getByTestId('record-start') as HTMLButtonElement).disabled).toBe(false);
  });

  test('while recording, the host’s popover shows the elapsed time and Stop', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stop = vi.spyOn(recordsApi, 'stopRecord').mockResolvedValue(null);
    const room = renderRoom();
    announce(room, { recordStatus: 1, recordType: 2, recordStartedAt: Date.now() - 61_000 });
    expect(screen.getByTestId('record-button').getAttribute('aria-pressed')).toBe('true');
    await openPopover();
    expect(screen.queryByTestId('record-start')).toBeNull();
    expect(screen.getByTestId('record-popover').textContent).toContain('Recording video');
    expect(screen.getByTestId('record-popover').textContent).toContain('01:01');
    await act(async () => fireEvent.click(screen.getByTestId('record-stop')));
    expect(stop).toHaveBeenCalledWith('uri-1');
  });
});

describe('the recording indicator', () => {
  test('nobody sees it while the meeting is not recorded', () => {
    renderRoom({ host: false });
    expect(screen.queryByTestId('recording-indicator')).toBeNull();
  });

  test('every member sees a red dot and the time since the recording began, ticking each second', () => {
    vi.useFakeTimers();
    const room = renderRoom({ host: false });
    announce(room, { recordStatus: 1, recordType: 1, recordStartedAt: Date.now() - 125_000 });
    const indicator = screen.getByTestId('recording-indicator');
    expect(indicator.getAttribute('data-record-type')).toBe('audio');
    expect(screen.getByTestId('recording-elapsed').textContent).toBe('02:05');
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('recording-elapsed').textContent).toBe('02:08');
    announce(room, { recordStatus: 0, recordType: 0, recordStartedAt: 0 });
    expect(screen.queryByTestId('recording-indicator')).toBeNull();
  });

  test('a joiner learns it from the join answer’s properties: the time counts from the real start', () => {
    vi.useFakeTimers();
    const startedAt = Date.now() - 3_725_000;
    const room = createRoomStore();
    // The join answer's properties arrive before anything is shown.
    room.dispatch({
      type: 'properties',
      properties: { recordStatus: 1, recordType: 2, recordStartedAt: startedAt },
    });
    const client = testQueryClient();
    client.setQueryData(['clockOffset'], 0);
    render(
      <QueryClientProvider client={client}>
        <RoomProvider
          client={fakeClient().client}
          store={room}
          meeting={{ conferenceId: '1', conferenceUri: 'u', endTime: null }}
        >
          <RecordingIndicator />
        </RoomProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('recording-elapsed').textContent).toBe('1:02:05');
  });

  test('the time is measured by the server’s clock, not this computer’s', () => {
    vi.useFakeTimers();
    const room = createRoomStore();
    const client = testQueryClient();
    // This computer's clock is 30 s behind the server's.
    client.setQueryData(['clockOffset'], 30_000);
    room.dispatch({
      type: 'properties',
      properties: { recordStatus: 1, recordType: 2, recordStartedAt: Date.now() + 30_000 - 10_000 },
    });
    render(
      <QueryClientProvider client={client}>
        <RoomProvider
          client={fakeClient().client}
          store={room}
          meeting={{ conferenceId: '1', conferenceUri: 'u', endTime: null }}
        >
          <RecordingIndicator />
        </RoomProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('recording-elapsed').textContent).toBe('00:10');
  });
});

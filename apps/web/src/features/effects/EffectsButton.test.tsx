import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import '../../i18n/i18n';
import { backgroundsApi } from '../../api/backgrounds-api';
import type { RoomClientHandle } from '../../room-client/types';
import { toast } from '../../ui/toast-store';
import { RoomProvider } from '../room-core/RoomContext';
import { createRoomStore } from '../room-core/room-store';
import { loadAvatarSetting, saveAvatarSetting } from './avatar-setting';
import { saveBackgroundSetting } from './background-setting';
import { EffectsButton } from './EffectsButton';
import { offerEffects } from './effects-dialog-fixture';

// jsdom has no WebGL; the camera's effects are taken to run here.
vi.mock('../../room-client/effects/effects-support', () => ({ videoEffectsSupported: () => true }));

beforeEach(() => {
  localStorage.clear();
  // The dialog's preview plays my camera; jsdom has no MediaStream.
  vi.stubGlobal('MediaStream', function MediaStream() {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function setup(cameraOn: boolean, offered: Parameters<typeof offerEffects>[0] = {}) {
  offerEffects(offered);
  vi.spyOn(backgroundsApi, 'getAll').mockResolvedValue({
    systemBackground: [],
    userBackground: [],
  });
  const listeners: ((key: string) => void)[] = [];
  const client = {
    setBackground: vi.fn().mockResolvedValue(undefined),
    setBeauty: vi.fn().mockResolvedValue(undefined),
    setAvatar: vi.fn().mockResolvedValue(undefined),
    setVoice: vi.fn().mockResolvedValue(undefined),
    previewVoice: vi.fn(),
    switchDevice: vi.fn().mockResolvedValue(undefined),
    on: (_event: string, listener: (key: string) => void) => {
      listeners.push(listener);
      return () => undefined;
    },
    tracks: { get: () => (cameraOn ? ({} as MediaStreamTrack) : undefined) },
  } as unknown as RoomClientHandle;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RoomProvider
        client={client}
        store={createRoomStore()}
        meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
      >
        <EffectsButton />
      </RoomProvider>
    </QueryClientProvider>,
  );
  return { client, fail: (key: string) => listeners.forEach((l) => l(key)) };
}

test('the remembered background is applied on entering; a failure forgets it', () => {
  saveBackgroundSetting({ status: 'blur' });
  const { client, fail } = setup(true);
  expect(client.setBackground).toHaveBeenCalledWith({ status: 'blur' });
  fail('backgroundEffectsFailed');
  expect(localStorage.getItem('meet.backgroundSetting')).toBe('{"status":"none"}');
});

test('the remembered beauty filters are applied on entering; a failure forgets them', () => {
  localStorage.setItem(
    'meet.beautifySetting',
    JSON.stringify({ selectedBeautifyType: 'WHITEN', whitenRate: 4 }),
  );
  const { client, fail } = setup(true);
  expect(client.setBeauty).toHaveBeenCalledWith(
    expect.objectContaining({ selectedBeautifyType: 'WHITEN', whitenRate: 4 }),
  );
  fail('beautyEffectsFailed');
  expect(JSON.parse(localStorage.getItem('meet.beautifySetting')!).selectedBeautifyType).toBe(
    'NONE',
  );
});

test('the remembered avatar is applied on entering; a failure, or Magic Cam taking over, forgets it', () => {
  saveAvatarSetting('fox');
  const { client, fail } = setup(true);
  expect(client.setAvatar).toHaveBeenCalledWith('fox');
  fail('avatarEffectsFailed');
  expect(loadAvatarSetting()).toBeNull();
  saveAvatarSetting('robot');
  fail('avatarEndedByMagic');
  expect(loadAvatarSetting()).toBeNull();
});

test('with the camera off the button shows the camera error instead of the dialog', async () => {
  const error = vi.spyOn(toast, 'error');
  setup(false);
  await act(async () => fireEvent.click(screen.getByTestId('effects-button')));
  expect(error).toHaveBeenCalledWith(
    'Your camera is off or in use. Turn on your camera to use background effects.',
  );
  expect(screen.queryByTestId('effects-dialog')).toBeNull();
});

test('"New" shows until the dialog has been opened once', async () => {
  setup(true);
  expect(screen.getByTestId('effects-new').textContent).toBe('New');
  await act(async () => fireEvent.click(screen.getByTestId('effects-button')));
  expect(await screen.findByTestId('effects-dialog')).toBeTruthy();
  expect(screen.queryByTestId('effects-new')).toBeNull();
  cleanup();
  setup(true);
  expect(screen.queryByTestId('effects-new')).toBeNull();
});

test('a remembered avatar and voice are turned off where the server offers neither (AVATARS=off, VOICE_CHANGER=off)', async () => {
  saveAvatarSetting('robot');
  const { client } = setup(true, { isVHumanEnabled: false, isVVoiceEnabled: false });
  expect(client.setAvatar).toHaveBeenCalledWith('robot');
  await waitFor(() => expect(client.setAvatar).toHaveBeenLastCalledWith(null));
  expect(client.setVoice).toHaveBeenLastCalledWith('none');
});

test('where both are offered, nothing is turned off', async () => {
  saveAvatarSetting('robot');
  const { client } = setup(true);
  await act(async () => undefined);
  expect(client.setAvatar).toHaveBeenLastCalledWith('robot');
  expect(client.setVoice).not.toHaveBeenCalled();
});

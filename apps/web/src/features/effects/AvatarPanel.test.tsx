import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { shippedAvatars } from '@meet/shared';
import '../../i18n/i18n';
import { backgroundsApi } from '../../api/backgrounds-api';
import { ApiError } from '../../api/client';
import { toolApi } from '../../api/tool-api';
import { loadAvatarSetting, saveAvatarSetting } from './avatar-setting';
import { renderEffectsDialog } from './effects-dialog-fixture';

// jsdom has no WebGL; the camera's effects are taken to run here.
vi.mock('../../room-client/effects/effects-support', () => ({ videoEffectsSupported: () => true }));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function setup(list: Promise<{ list: ReturnType<typeof shippedAvatars> }>) {
  vi.spyOn(backgroundsApi, 'getAll').mockResolvedValue({
    systemBackground: [],
    userBackground: [],
  });
  vi.spyOn(toolApi, 'virtualPersonList').mockReturnValue(list);
  return renderEffectsDialog();
}

const shipped = () => Promise.resolve({ list: shippedAvatars('en') });
const pressed = (id: string) => screen.getByTestId(id).getAttribute('aria-pressed');

test('the Avatar tab is new until visited, names its engine and lists None and the characters with their pictures', async () => {
  await setup(shipped());
  expect(screen.getByTestId('avatar-new').textContent).toBe('New');
  fireEvent.click(screen.getByTestId('avatar-tab'));
  expect(screen.getByTestId('avatar-tab').getAttribute('aria-selected')).toBe('true');
  expect(screen.queryByTestId('avatar-new')).toBeNull();
  expect(screen.getByTestId('avatar-engine').textContent).toContain(
    'Drawn in your browser from MediaPipe Face Mesh landmarks',
  );
  expect(pressed('avatar-none')).toBe('true');
  for (const { id, name, preview } of shippedAvatars('en')) {
    const choice = screen.getByTestId(`avatar-${id}`);
    expect(choice.textContent).toBe(name);
    expect(choice.querySelector('img')!.getAttribute('src')).toBe(preview);
    expect(pressed(`avatar-${id}`)).toBe('false');
  }
  cleanup();
  await setup(shipped());
  expect(screen.queryByTestId('avatar-new')).toBeNull();
});

test('a character is applied at once and remembered; None brings the camera back', async () => {
  const { setAvatar } = await setup(shipped());
  fireEvent.click(screen.getByTestId('avatar-tab'));
  fireEvent.click(screen.getByTestId('avatar-robot'));
  expect(setAvatar).toHaveBeenLastCalledWith('robot');
  expect(pressed('avatar-robot')).toBe('true');
  expect(pressed('avatar-none')).toBe('false');
  expect(loadAvatarSetting()).toBe('robot');
  fireEvent.click(screen.getByTestId('avatar-none'));
  expect(setAvatar).toHaveBeenLastCalledWith(null);
  expect(pressed('avatar-none')).toBe('true');
  expect(loadAvatarSetting()).toBeNull();
});

test.each([['avatarEffectsFailed'], ['avatarEndedByMagic']])(
  'the remembered character shows chosen, and after %s None does',
  async (key) => {
    saveAvatarSetting('cat');
    const { fail } = await setup(shipped());
    fireEvent.click(screen.getByTestId('avatar-tab'));
    expect(pressed('avatar-cat')).toBe('true');
    await fail(key);
    expect(pressed('avatar-none')).toBe('true');
    expect(pressed('avatar-cat')).toBe('false');
  },
);

test('when the list cannot be had, the server’s text says so and None is still there', async () => {
  await setup(Promise.reject(new ApiError(-100, 'Network error, please try again')));
  fireEvent.click(screen.getByTestId('avatar-tab'));
  expect(screen.getByTestId('avatar-list-error').textContent).toBe(
    'Network error, please try again',
  );
  expect(pressed('avatar-none')).toBe('true');
  expect(screen.queryByTestId('avatar-cat')).toBeNull();
});

test('with AVATARS=off on the server there is no Avatar tab', async () => {
  vi.spyOn(backgroundsApi, 'getAll').mockResolvedValue({
    systemBackground: [],
    userBackground: [],
  });
  vi.spyOn(toolApi, 'virtualPersonList').mockReturnValue(shipped());
  await renderEffectsDialog(undefined, { isVHumanEnabled: false });
  expect(screen.queryByTestId('avatar-tab')).toBeNull();
  expect(screen.getByTestId('magic-tab')).toBeTruthy();
});

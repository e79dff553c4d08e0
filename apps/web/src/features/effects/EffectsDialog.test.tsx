import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { BackgroundList } from '@meet/shared';
import '../../i18n/i18n';
import { backgroundsApi } from '../../api/backgrounds-api';
import { loadBackgroundSetting } from './background-setting';
import { renderEffectsDialog } from './effects-dialog-fixture';

const LIBRARY: BackgroundList = {
  systemBackground: [{ id: 'system-dawn', viewImg: '/backgrounds/dawn.png', type: 'system' }],
  userBackground: [{ id: '7', viewImg: '/files/backgrounds/7.png', type: 'upload' }],
};

// jsdom has no WebGL: whether the camera's effects can run is set by each test.
const support = vi.hoisted(() => ({ video: true }));
vi.mock('../../room-client/effects/effects-support', () => ({
  videoEffectsSupported: () => support.video,
}));

beforeEach(() => {
  localStorage.clear();
  support.video = true;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function setup(offered?: Parameters<typeof renderEffectsDialog>[1]) {
  vi.spyOn(backgroundsApi, 'getAll').mockResolvedValue(structuredClone(LIBRARY));
  return renderEffectsDialog(undefined, offered);
}

const pressed = (id: string) => screen.getByTestId(id).getAttribute('aria-pressed');
const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('the effects dialog', () => {
  test('where this browser cannot run the camera effects (no WebGL2), their tabs say so plainly and the Sound tab still works', async () => {
    support.video = false;
    const { setVoice } = await setup();
    for (const tab of ['effects-tab-background', 'beauty-tab', 'avatar-tab', 'magic-tab']) {
      fireEvent.click(screen.getByTestId(tab));
      expect(screen.getByTestId('effects-unavailable').textContent).toBe(
        'Camera effects (background, beautify, avatar and Magic Cam) are unavailable in this browser: they need WebGL 2, which it does not offer. Sound effects still work.',
      );
    }
    expect(screen.queryByTestId('background-blur')).toBeNull();
    expect(screen.queryByTestId('beauty-smooth')).toBeNull();
    expect(screen.queryByTestId('magic-start')).toBeNull();
    fireEvent.click(screen.getByTestId('effects-tab-sound'));
    expect(screen.queryByTestId('effects-unavailable')).toBeNull();
    fireEvent.click(screen.getByTestId('voice-robot'));
    expect(setVoice).toHaveBeenLastCalledWith('robot');
  });

  test('noise suppression is on; switched off, the microphone is opened again without it and the choice is saved', async () => {
    const { switchDevice } = await setup();
    fireEvent.click(screen.getByTestId('effects-tab-sound'));
    const toggle = screen.getByTestId('noise-suppression') as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(switchDevice).toHaveBeenCalledWith({ noiseSuppression: false });
    expect(toggle.checked).toBe(false);
    expect(JSON.parse(localStorage.getItem('settings')!)).toMatchObject({
      noiseSuppression: false,
    });
  });

  test('a voice is applied at once and remembered; the preview plays it and stops with the dialog', async () => {
    const { setVoice, previewVoice } = await setup();
    fireEvent.click(screen.getByTestId('effects-tab-sound'));
    expect(pressed('voice-none')).toBe('true');
    expect((screen.getByTestId('voice-preview') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('voice-robot'));
    expect(setVoice).toHaveBeenLastCalledWith('robot');
    expect(pressed('voice-robot')).toBe('true');
    expect(localStorage.getItem('meet.voiceSetting')).toBe('robot');
    fireEvent.click(screen.getByTestId('voice-preview'));
    expect(previewVoice).toHaveBeenLastCalledWith(true);
    cleanup();
    expect(previewVoice).toHaveBeenLastCalledWith(false);
  });

  test('with VOICE_CHANGER=off on the server the Sound tab has the microphone only', async () => {
    await setup({ isVVoiceEnabled: false });
    fireEvent.click(screen.getByTestId('effects-tab-sound'));
    expect(screen.getByTestId('noise-suppression')).toBeTruthy();
    expect(screen.queryByTestId('voice-robot')).toBeNull();
    expect(screen.queryByTestId('voice-preview')).toBeNull();
  });

  test('lists none, blur, the system images and mine; a choice is applied and remembered', async () => {
    const { setBackground } = await setup();
    expect(screen.getByTestId('effects-engine').textContent).toContain('MediaPipe');
    expect(pressed('background-none')).toBe('true');
    expect(screen.getByTestId('background-image-system-dawn')).toBeTruthy();
    expect(screen.getByTestId('background-delete-7')).toBeTruthy();
    expect(screen.queryByTestId('background-delete-system-dawn')).toBeNull();

    fireEvent.click(screen.getByTestId('background-blur'));
    expect(setBackground).toHaveBeenLastCalledWith({ status: 'blur' });
    expect(pressed('background-blur')).toBe('true');
    expect(loadBackgroundSetting()).toEqual({ status: 'blur' });

    fireEvent.click(screen.getByTestId('background-image-system-dawn'));
    expect(setBackground).toHaveBeenLastCalledWith({
      status: 'image',
      id: 'system-dawn',
      viewImg: '/backgrounds/dawn.png',
    });
  });

  test('a wrong type or a big file is refused with the catalogue text, which hides after 3 s', async () => {
    const upload = vi.spyOn(backgroundsApi, 'upload');
    await setup();
    vi.useFakeTimers();
    const input = screen.getByTestId('background-upload');
    fireEvent.change(input, { target: { files: [file('a.gif', 10)] } });
    expect(screen.getByTestId('effects-warning').textContent).toBe(
      'Please select a valid image file',
    );
    act(() => void vi.advanceTimersByTime(2900));
    expect(screen.queryByTestId('effects-warning')).not.toBeNull();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('effects-warning')).toBeNull();

    fireEvent.change(input, { target: { files: [file('a.png', 2 * 1024 * 1024)] } });
    expect(screen.getByTestId('effects-warning').textContent).toBe('The file cannot exceed 2M');
    expect(upload).not.toHaveBeenCalled();
  });

  test('an uploaded image joins the list and is applied 500 ms after it lands', async () => {
    const image = { id: '8', viewImg: '/files/backgrounds/8.png', type: 'upload' as const };
    vi.spyOn(backgroundsApi, 'upload').mockResolvedValue(image);
    const { setBackground } = await setup();
    vi.useFakeTimers();
    fireEvent.change(screen.getByTestId('background-upload'), {
      target: { files: [file('me.jpg', 1000)] },
    });
    await act(async () => undefined);
    expect(screen.getByTestId('background-image-8')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(450));
    expect(setBackground).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(100));
    expect(setBackground).toHaveBeenLastCalledWith({
      status: 'image',
      id: '8',
      viewImg: image.viewImg,
    });
    expect(pressed('background-image-8')).toBe('true');
  });

  test('deleting the active image asks first, then resets to none', async () => {
    const remove = vi.spyOn(backgroundsApi, 'deleteOne').mockResolvedValue(null);
    const { setBackground } = await setup();
    fireEvent.click(screen.getByTestId('background-image-7'));
    fireEvent.click(screen.getByTestId('background-delete-7'));
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByText('Are you sure you want to delete this background?')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    });
    expect(remove).toHaveBeenCalledWith('7', { silent: true });
    expect(screen.queryByTestId('background-image-7')).toBeNull();
    expect(setBackground).toHaveBeenLastCalledWith({ status: 'none' });
    expect(pressed('background-none')).toBe('true');
  });
});

describe('the Beautify tab', () => {
  const slider = (id: string) => screen.getByTestId(id) as HTMLInputElement;
  const slide = (id: string, value: number) =>
    fireEvent.change(slider(id), { target: { value: String(value) } });

  test('is "New" until opened once; names its engines; four sliders from 0 to 10 at 0', async () => {
    await setup();
    expect(screen.getByTestId('beauty-new').textContent).toBe('New');
    fireEvent.click(screen.getByTestId('beauty-tab'));
    expect(screen.getByTestId('beauty-tab').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('beauty-new')).toBeNull();
    expect(localStorage.getItem('meet.hint.beautify')).toBe('1');
    expect(screen.getByTestId('beauty-engine').textContent).toContain('MediaPipe Face Mesh');
    for (const id of ['beauty-smooth', 'beauty-whiten', 'beauty-slim', 'beauty-bigger']) {
      expect(slider(id).type).toBe('range');
      expect([slider(id).min, slider(id).max, slider(id).value]).toEqual(['0', '10', '0']);
    }
    cleanup();
    await setup();
    expect(screen.queryByTestId('beauty-new')).toBeNull();
  });

  test('a slider applies its rate at once and is remembered; all back at 0 is NONE', async () => {
    const { setBeauty } = await setup();
    fireEvent.click(screen.getByTestId('beauty-tab'));
    slide('beauty-smooth', 7);
    expect(setBeauty).toHaveBeenLastCalledWith({
      selectedBeautifyType: 'SMOOTH',
      smoothRate: 7,
      whitenRate: 0,
      slimRate: 0,
      biggerRate: 0,
    });
    slide('beauty-whiten', 3);
    expect(setBeauty).toHaveBeenLastCalledWith(
      expect.objectContaining({ selectedBeautifyType: 'WHITEN', smoothRate: 7, whitenRate: 3 }),
    );
    expect(JSON.parse(localStorage.getItem('meet.beautifySetting')!)).toMatchObject({
      smoothRate: 7,
      whitenRate: 3,
    });
    slide('beauty-smooth', 0);
    slide('beauty-whiten', 0);
    expect(setBeauty).toHaveBeenLastCalledWith({
      selectedBeautifyType: 'NONE',
      smoothRate: 0,
      whitenRate: 0,
      slimRate: 0,
      biggerRate: 0,
    });
    expect(JSON.parse(localStorage.getItem('meet.beautifySetting')!).selectedBeautifyType).toBe(
      'NONE',
    );
  });

  test('the quick preset is smooth 5, whiten 5, slim 4, bigger 2; reset turns it all off', async () => {
    const { setBeauty } = await setup();
    fireEvent.click(screen.getByTestId('beauty-tab'));
    fireEvent.click(screen.getByTestId('beauty-preset'));
    expect(setBeauty).toHaveBeenLastCalledWith({
      selectedBeautifyType: 'SMOOTH',
      smoothRate: 5,
      whitenRate: 5,
      slimRate: 4,
      biggerRate: 2,
    });
    expect(
      ['beauty-smooth', 'beauty-whiten', 'beauty-slim', 'beauty-bigger'].map(
        (id) => slider(id).value,
      ),
    ).toEqual(['5', '5', '4', '2']);
    fireEvent.click(screen.getByTestId('beauty-reset'));
    expect(setBeauty).toHaveBeenLastCalledWith(
      expect.objectContaining({ selectedBeautifyType: 'NONE', smoothRate: 0, biggerRate: 0 }),
    );
    expect(slider('beauty-slim').value).toBe('0');
  });

  test('when the filters fail the sliders go back to 0', async () => {
    const { fail } = await setup();
    fireEvent.click(screen.getByTestId('beauty-tab'));
    fireEvent.click(screen.getByTestId('beauty-preset'));
    expect(slider('beauty-smooth').value).toBe('5');
    fail('beautyEffectsFailed');
    expect(slider('beauty-smooth').value).toBe('0');
    expect(slider('beauty-bigger').value).toBe('0');
  });

  test('the remembered setting shows on opening', async () => {
    localStorage.setItem(
      'meet.beautifySetting',
      JSON.stringify({ selectedBeautifyType: 'SLIM', slimRate: 6, biggerRate: 1 }),
    );
    await setup();
    fireEvent.click(screen.getByTestId('beauty-tab'));
    expect(slider('beauty-slim').value).toBe('6');
    expect(slider('beauty-bigger').value).toBe('1');
    expect(slider('beauty-smooth').value).toBe('0');
  });
});

test('Escape in the delete confirm closes the confirm only', async () => {
  const onClose = vi.fn();
  vi.spyOn(backgroundsApi, 'getAll').mockResolvedValue(structuredClone(LIBRARY));
  await renderEffectsDialog(onClose);
  fireEvent.click(screen.getByTestId('background-delete-7'));
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(screen.queryByText('Are you sure you want to delete this background?')).toBeNull();
  expect(onClose).not.toHaveBeenCalled();
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(onClose).toHaveBeenCalled();
});

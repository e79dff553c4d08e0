import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ResultCode } from '@meet/shared';
import i18n from '../../i18n/i18n';
import { ApiError } from '../../api/client';
import { captionsApi } from '../../api/captions-api';
import * as toasts from '../../ui/toast-store';
import {
  captionState,
  fakeClient,
  joined,
  LANGUAGES,
  mySpeech,
  pushedThen,
  renderInRoom,
} from './captions-fixtures';
import { CaptionsToggle } from './CaptionsToggle';

beforeEach(() => {
  vi.spyOn(captionsApi, 'languages').mockResolvedValue({
    list: LANGUAGES,
    engines: captionState().engines,
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  void i18n.changeLanguage('en');
});

const toggle = () => screen.getByTestId('captions-toggle');
const openMenu = async () => {
  fireEvent.click(screen.getByTestId('captions-settings'));
  await screen.findAllByRole('option', { name: 'English' });
  return screen.getByRole('dialog', { name: 'Caption settings' });
};

describe('the captions switch', () => {
  test('turning captions off and on goes through the server and follows what its socket says', async () => {
    const fake = fakeClient();
    const { captions } = renderInRoom(<CaptionsToggle />, { client: fake.client });
    joined(captions);
    const off = { state: captionState(), speech: mySpeech({ captionsOn: false }) };
    const on = { state: captionState(), speech: mySpeech() };
    const stop = vi
      .spyOn(captionsApi, 'stopSubtitle')
      .mockImplementation(pushedThen(fake, off, off));
    const start = vi
      .spyOn(captionsApi, 'startSubtitle')
      .mockImplementation(pushedThen(fake, on, on));
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(toggle()));
    expect(stop).toHaveBeenCalledWith('uri-1', { silent: true });
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(toggle()));
    expect(start).toHaveBeenCalledOnce();
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
  });

  test('an answer is only an acknowledgement: what it carries changes nothing until the socket says so', async () => {
    const fake = fakeClient();
    const { captions } = renderInRoom(<CaptionsToggle />, { client: fake.client });
    joined(captions);
    vi.spyOn(captionsApi, 'stopSubtitle').mockResolvedValue({
      state: captionState(),
      speech: mySpeech({ captionsOn: false }),
    });
    await act(async () => fireEvent.click(toggle()));
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    act(() => fake.emit('speechSettings', mySpeech({ captionsOn: false })));
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
  });

  test('while the host has locked captions, a participant’s switch is held and says why', async () => {
    const warning = vi.spyOn(toasts.toast, 'warning').mockImplementation(() => undefined);
    const start = vi.spyOn(captionsApi, 'startSubtitle');
    const { captions } = renderInRoom(<CaptionsToggle />);
    joined(captions, { asrStatus: 0, locked: true });
    expect(toggle().getAttribute('aria-disabled')).toBe('true');
    expect(toggle().getAttribute('title')).toBe('The host has turned captions off for everyone');
    fireEvent.click(toggle());
    expect(start).not.toHaveBeenCalled();
    expect(warning).toHaveBeenCalledWith('The host has turned captions off for everyone');
  });

  test('the host may turn locked captions back on', () => {
    const { captions } = renderInRoom(<CaptionsToggle />, { host: true });
    joined(captions, { asrStatus: 0, locked: true });
    expect(toggle().getAttribute('aria-disabled')).toBeNull();
  });

  test('without a speech engine the switch says so instead of turning on', () => {
    const { captions } = renderInRoom(<CaptionsToggle />);
    joined(captions, { asrStatus: 0, engines: { asr: 'none', translate: 'none', tts: 'none' } });
    expect(toggle().getAttribute('title')).toBe(
      'Captions are not available here: no speech recognition engine is set up',
    );
  });
});

describe('the caption settings', () => {
  test('name the engines, and list a language the speech engine cannot recognize as disabled', async () => {
    const { captions } = renderInRoom(<CaptionsToggle />);
    joined(captions);
    const menu = await openMenu();
    expect(within(menu).getByTestId('captions-engines').textContent).toBe(
      'Speech: PocketSphinx (English) · Translation: Apertium · Voice: eSpeak NG',
    );
    const speak = within(menu).getByTestId('captions-speak-language');
    const spanish = within(speak).getByRole('option', {
      name: 'Spanish — needs another speech engine',
    }) as HTMLOptionElement;
    expect(spanish.disabled).toBe(true);
    const into = within(menu).getByTestId('captions-language') as HTMLSelectElement;
    expect([...into.options].map((o) => o.textContent)).toEqual([
      'As spoken',
      'English',
      'Spanish',
      'French',
    ]);
  });

  test('the language I speak goes to the server', async () => {
    const fake = fakeClient();
    const english = { speech: mySpeech({ speakLanguage: 'en' }), recognized: true };
    const update = vi
      .spyOn(captionsApi, 'updateVoiceLanguage')
      .mockImplementation(pushedThen(fake, english, english));
    const { captions } = renderInRoom(<CaptionsToggle />, { client: fake.client });
    joined(captions, {}, { speakLanguage: 'es' });
    const menu = await openMenu();
    await act(async () =>
      fireEvent.change(within(menu).getByTestId('captions-speak-language'), {
        target: { value: 'en' },
      }),
    );
    expect(update).toHaveBeenCalledWith('uri-1', 'en', { silent: true });
    expect(captions.getState().speech?.speakLanguage).toBe('en');
  });

  test.each([
    [
      'no translation engine',
      { engines: { asr: 'Vosk', translate: 'none', tts: 'none' } },
      false,
      'Translated captions are not available here: no translation engine is set up',
    ],
    [
      'translation not allowed for a participant',
      { translateAllowed: false },
      false,
      'The host has not allowed AI translation',
    ],
  ] as const)('%s: said plainly, nothing offered', async (_name, state, host, text) => {
    const { captions } = renderInRoom(<CaptionsToggle />, { host });
    joined(captions, state);
    const menu = await openMenu();
    expect(within(menu).queryByTestId('captions-language')).toBeNull();
    expect(within(menu).getByText(text)).toBeTruthy();
  });

  test('translated captions show the creator’s credits; 4038 says AI credits are insufficient', async () => {
    vi.spyOn(captionsApi, 'creatorPoints').mockResolvedValue({
      totalEnergyPoint: 120,
      totalSpeed: 1,
      availableMinutes: 120,
      translateUsage: { perMinuteSpeed: 1, members: 1, minutes: 0, credits: 0 },
      interpretUsage: { perMinuteSpeed: 2, members: 0, minutes: 0, credits: 0 },
      magicCamUsage: { perMinuteSpeed: 3, members: 0, minutes: 0, credits: 0 },
    });
    const warning = vi.spyOn(toasts.toast, 'warning').mockImplementation(() => undefined);
    const fake = fakeClient();
    const spanish = { speech: mySpeech({ captionLanguage: 'es' }) };
    const startTranslate = vi
      .spyOn(captionsApi, 'startTranslate')
      .mockImplementationOnce(pushedThen(fake, spanish, spanish))
      .mockRejectedValueOnce(
        new ApiError(ResultCode.outOfPoints, 'AI credits insufficient', null, 'outOfPoints'),
      );
    const { captions } = renderInRoom(<CaptionsToggle />, { client: fake.client });
    joined(captions);
    const menu = await openMenu();
    const into = within(menu).getByTestId('captions-language');
    await act(async () => fireEvent.change(into, { target: { value: 'es' } }));
    expect(startTranslate).toHaveBeenCalledWith('uri-1', 'es', 'captions', { silent: true });
    expect((await within(menu).findByTestId('captions-credits')).textContent).toBe(
      "Meeting creator's AI credits: about 120 min left",
    );
    await act(async () => fireEvent.change(into, { target: { value: 'fr' } }));
    expect(within(menu).getByTestId('captions-out-of-points').textContent).toBe(
      'AI credits insufficient: translated captions stopped',
    );
    expect(warning).toHaveBeenCalledWith('AI credits insufficient: translated captions stopped');
    const french = within(into).getByRole('option', { name: 'French' }) as HTMLOptionElement;
    expect(french.disabled).toBe(true);
  });

  test('the transcript downloads as WebVTT or text', async () => {
    const download = vi.spyOn(captionsApi, 'downloadTranscript').mockResolvedValue('t.vtt');
    const { captions } = renderInRoom(<CaptionsToggle />);
    joined(captions);
    const menu = await openMenu();
    await act(async () => fireEvent.click(within(menu).getByTestId('download-transcript-vtt')));
    await act(async () => fireEvent.click(within(menu).getByTestId('download-transcript-txt')));
    expect(download.mock.calls).toEqual([
      ['uri-1', 'vtt', { silent: true }],
      ['uri-1', 'txt', { silent: true }],
    ]);
  });

  test('in Chinese', async () => {
    await act(async () => void (await i18n.changeLanguage('zh')));
    const { captions } = renderInRoom(<CaptionsToggle />);
    joined(captions, { asrStatus: 0, locked: true });
    expect(toggle().getAttribute('title')).toBe('主持人已为所有人关闭字幕');
    fireEvent.click(screen.getByTestId('captions-settings'));
    await waitFor(() => expect(screen.getByRole('dialog', { name: '字幕设置' })).toBeTruthy());
  });
});

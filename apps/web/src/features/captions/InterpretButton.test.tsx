import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
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
import { InterpretButton } from './InterpretButton';
import { ORIGINAL_VOLUME_KEY } from './original-volume';
import { INTERPRET_UPDATE_DEBOUNCE_MS } from './useInterpret';

beforeEach(() => {
  vi.spyOn(captionsApi, 'languages').mockResolvedValue({
    list: LANGUAGES,
    engines: captionState().engines,
  });
  vi.spyOn(captionsApi, 'creatorPoints').mockRejectedValue(new ApiError(-1, ''));
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
  void i18n.changeLanguage('en');
});

async function open() {
  fireEvent.click(screen.getByTestId('interpret-toggle'));
  const panel = screen.getByRole('dialog', { name: 'Interpretation' });
  await within(panel).findAllByRole('option', { name: 'Spanish' });
  return panel;
}

describe('interpretation: listening', () => {
  test('without a speech synthesizer it says so and offers nothing', () => {
    const { captions } = renderInRoom(<InterpretButton />);
    joined(captions, { engines: { asr: 'Vosk', translate: 'Apertium', tts: 'none' } });
    fireEvent.click(screen.getByTestId('interpret-toggle'));
    expect(screen.getByTestId('interpret-unavailable').textContent).toBe(
      'Interpretation is not available here: no speech synthesis engine is set up',
    );
    expect(screen.queryByTestId('interpret-listen')).toBeNull();
    expect(screen.queryByTestId('interpret-start')).toBeNull();
  });

  test('listening in a language with a voice, and back to the original voices', async () => {
    const fake = fakeClient();
    const spanish = { speech: mySpeech({ listenLanguage: 'es' }) };
    const original = { speech: mySpeech() };
    const start = vi
      .spyOn(captionsApi, 'startTranslate')
      .mockImplementation(pushedThen(fake, spanish, spanish));
    const stop = vi
      .spyOn(captionsApi, 'stopTranslate')
      .mockImplementation(pushedThen(fake, original, original));
    const { captions } = renderInRoom(<InterpretButton />, { client: fake.client });
    joined(captions);
    const panel = await open();
    const listen = within(panel).getByTestId('interpret-listen') as HTMLSelectElement;
    // French is translated into but has no voice: it is not offered for listening.
    expect([...listen.options].map((o) => o.value)).toEqual(['', 'en', 'es']);
    await act(async () => fireEvent.change(listen, { target: { value: 'es' } }));
    expect(start).toHaveBeenCalledWith('uri-1', 'es', 'listen', { silent: true });
    expect(captions.getState().speech?.listenLanguage).toBe('es');
    expect(screen.getByTestId('interpret-toggle').className).toContain('room-btn--active');
    await act(async () => fireEvent.change(listen, { target: { value: '' } }));
    expect(stop).toHaveBeenCalledWith('uri-1', 'listen', { silent: true });
  });

  test('the original volume goes from 0 to 1, 0.2 at first, and is kept under "volume"', async () => {
    const { captions } = renderInRoom(<InterpretButton />);
    joined(captions);
    const panel = await open();
    const slider = within(panel).getByTestId('original-volume') as HTMLInputElement;
    expect(slider.value).toBe('0.2');
    expect([slider.min, slider.max]).toEqual(['0', '1']);
    fireEvent.change(slider, { target: { value: '0.65' } });
    expect(captions.getState().originalVolume).toBe(0.65);
    expect(localStorage.getItem(ORIGINAL_VOLUME_KEY)).toBe('0.65');
    expect(within(panel).getByText('65%')).toBeTruthy();
  });
});

describe('interpretation: my speech', () => {
  test.each([
    ['noAudioTrack', 'Turn on your microphone to have your speech interpreted'],
    ['cannotProduce', 'No audio can be sent from here, so there is nothing to interpret'],
  ] as const)('refused without asking the server when %s', async (refusal, text) => {
    const warning = vi.spyOn(toasts.toast, 'warning').mockImplementation(() => undefined);
    const start = vi.spyOn(captionsApi, 'startInterpret');
    const { captions } = renderInRoom(<InterpretButton />, { client: fakeClient(refusal).client });
    joined(captions);
    const panel = await open();
    await act(async () => fireEvent.click(within(panel).getByTestId('interpret-start')));
    expect(start).not.toHaveBeenCalled();
    expect(warning).toHaveBeenCalledWith(text);
  });

  test('start sends source, target and tone; the button then stops it', async () => {
    const fake = fakeClient();
    const interpreting = {
      speech: mySpeech({ interpretOn: true, interpretTarget: 'es', interpretTone: 2 }),
    };
    const start = vi
      .spyOn(captionsApi, 'startInterpret')
      .mockImplementation(pushedThen(fake, interpreting, interpreting));
    const stop = vi
      .spyOn(captionsApi, 'stopInterpret')
      .mockImplementation(pushedThen(fake, { speech: mySpeech() }, { speech: mySpeech() }));
    const { captions } = renderInRoom(<InterpretButton />, { client: fake.client });
    joined(captions);
    const panel = await open();
    const target = within(panel).getByTestId('interpret-target') as HTMLSelectElement;
    expect(target.value).toBe('es');
    const french = within(target).getByRole('option', { name: 'French — no voice' });
    expect((french as HTMLOptionElement).disabled).toBe(true);
    fireEvent.click(within(panel).getByTestId('interpret-tone-2'));
    await act(async () => fireEvent.click(within(panel).getByTestId('interpret-start')));
    expect(start).toHaveBeenCalledWith(
      'uri-1',
      { sourceLanguage: 'en', translateLanguage: 'es', translateTone: 2 },
      { silent: true },
    );
    expect(within(panel).getByTestId('interpret-status').textContent).toBe(
      'Your speech is interpreted into Spanish',
    );
    const button = within(panel).getByTestId('interpret-start');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(button));
    expect(stop).toHaveBeenCalledOnce();
  });

  test('while interpreting, changes reach the server 500 ms after the last one, as one restart', async () => {
    const start = vi.spyOn(captionsApi, 'startInterpret').mockResolvedValue({
      speech: mySpeech({ interpretOn: true, interpretTarget: 'es', interpretTone: 2 }),
    });
    const { captions } = renderInRoom(<InterpretButton />);
    joined(captions, {}, { interpretOn: true, interpretTarget: 'es', interpretTone: 1 });
    const panel = await open();
    vi.useFakeTimers();
    fireEvent.click(within(panel).getByTestId('interpret-tone-2'));
    act(() => vi.advanceTimersByTime(INTERPRET_UPDATE_DEBOUNCE_MS - 100));
    fireEvent.click(within(panel).getByTestId('interpret-tone-1'));
    act(() => vi.advanceTimersByTime(INTERPRET_UPDATE_DEBOUNCE_MS - 100));
    fireEvent.click(within(panel).getByTestId('interpret-tone-2'));
    expect(start).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(INTERPRET_UPDATE_DEBOUNCE_MS));
    expect(start).toHaveBeenCalledOnce();
    expect(start).toHaveBeenCalledWith(
      'uri-1',
      { sourceLanguage: 'en', translateLanguage: 'es', translateTone: 2 },
      { silent: true },
    );
  });

  test('4038 says AI credits are insufficient, with interpretation stopped', async () => {
    vi.spyOn(toasts.toast, 'warning').mockImplementation(() => undefined);
    vi.spyOn(captionsApi, 'startInterpret').mockRejectedValue(
      new ApiError(ResultCode.outOfPoints, 'AI credits insufficient', null, 'outOfPoints'),
    );
    const { captions } = renderInRoom(<InterpretButton />);
    joined(captions);
    const panel = await open();
    await act(async () => fireEvent.click(within(panel).getByTestId('interpret-start')));
    expect(within(panel).getByTestId('interpret-out-of-points').textContent).toBe(
      'AI credits insufficient: interpretation stopped',
    );
    expect((within(panel).getByTestId('interpret-start') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('interpretation: a language the speech engine here does not know', () => {
  test('Chinese is shown as unavailable, with why and the setting that enables it, in both interfaces', async () => {
    const { captions } = renderInRoom(<InterpretButton />);
    joined(captions);
    const panel = await open();
    const note = await within(panel).findByTestId('interpret-language-unavailable');
    expect(note.getAttribute('data-language')).toBe('zh');
    expect(note.textContent).toContain('Chinese: not available for interpretation here');
    // Interpretation needs the speaker's language recognized: said in those terms.
    expect(note.textContent).toContain(
      'Anyone speaking Chinese, you or others, cannot be interpreted',
    );
    expect(note.textContent).toContain('ASR_ENGINE=sherpa-onnx');
    expect(note.textContent).toContain('ASR_ENGINE=openai');
    cleanup();

    await act(async () => void (await i18n.changeLanguage('zh')));
    const zh = renderInRoom(<InterpretButton />);
    joined(zh.captions);
    fireEvent.click(screen.getByTestId('interpret-toggle'));
    const zhNote = await screen.findByTestId('interpret-language-unavailable');
    expect(zhNote.textContent).toContain('此处不能同声传译');
    expect(zhNote.getAttribute('data-language')).toBe('zh');
    expect(zhNote.textContent).toContain('ASR_ENGINE=sherpa-onnx');
  });

  test('with an engine that recognizes Chinese, nothing is said', async () => {
    vi.spyOn(captionsApi, 'languages').mockResolvedValue({
      list: [
        ...LANGUAGES,
        { code: 'zh', name: 'Chinese', recognize: true, translateTo: [], speak: true },
      ],
      engines: captionState().engines,
    });
    const { captions } = renderInRoom(<InterpretButton />);
    joined(captions);
    const panel = await open();
    expect(within(panel).queryByTestId('interpret-language-unavailable')).toBeNull();
  });
});

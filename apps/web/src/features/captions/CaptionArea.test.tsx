import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../i18n/i18n';
import type { RoomClientHandle } from '../../room-client/types';
import { RemoteAudio } from '../room-core/media';
import { CaptionArea } from './CaptionArea';
import { fakeClient, joined, renderInRoom, subtitle } from './captions-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the caption area', () => {
  test('each line names its speaker by member id, and is marked final once final', () => {
    const { captions } = renderInRoom(<CaptionArea />);
    joined(captions);
    act(() => captions.dispatch({ type: 'caption', message: subtitle(), now: 0, me: '1' }));
    const [line] = screen.getAllByTestId('caption-line');
    expect(line!.getAttribute('data-member-id')).toBe('2');
    expect(line!.hasAttribute('data-final')).toBe(false);
    expect(line!.textContent).toBe('Annhello');
    act(() =>
      captions.dispatch({
        type: 'caption',
        message: subtitle({ status: 'final', type: 'asr_final', srcText: 'Hello there.' }),
        now: 10,
        me: '1',
      }),
    );
    const [final] = screen.getAllByTestId('caption-line');
    expect(final!.getAttribute('data-final')).toBe('true');
    expect(final!.textContent).toBe('AnnHello there.');
  });

  test('a translation shows with the words as spoken smaller under it', () => {
    const { captions } = renderInRoom(<CaptionArea />);
    joined(captions, {}, { captionLanguage: 'es' });
    act(() =>
      captions.dispatch({
        type: 'caption',
        message: subtitle({
          status: 'final',
          type: 'translate_result_final',
          srcText: 'Good morning',
          dstText: 'Buenos días',
          dstLanguage: 'es',
        }),
        now: 0,
        me: '1',
      }),
    );
    const line = screen.getByTestId('caption-line');
    expect(line.querySelector('.caption-line__text')!.textContent).toBe('Buenos días');
    expect(line.querySelector('.caption-line__original')!.textContent).toBe('Good morning');
  });

  test('a line that could not be translated says why, in both interfaces (issue 31)', async () => {
    const { captions } = renderInRoom(<CaptionArea />);
    joined(captions);
    const message = subtitle({
      status: 'final',
      type: 'asr_final',
      srcText: 'Hello there.',
      dstLanguage: 'fr',
      dstError: 'noPair',
    });
    act(() => captions.dispatch({ type: 'caption', message, now: 0, me: '1' }));
    const why = screen.getByTestId('caption-untranslated');
    expect(why.getAttribute('data-reason')).toBe('noPair');
    expect(why.textContent).toBe(
      'Not translated into French: no translation engine here has this language pair.',
    );
    await act(async () => void (await i18n.changeLanguage('zh')));
    expect(screen.getByTestId('caption-untranslated').textContent).toBe(
      '未翻译成法语：此处的翻译引擎没有这个语言对。',
    );
    await act(async () => void (await i18n.changeLanguage('en')));
  });

  test('late words show as "…" with "Captions delayed…", then the text replaces them (issue 31)', async () => {
    const { captions } = renderInRoom(<CaptionArea />);
    joined(captions);
    const late = subtitle({ srcText: '', delayed: true });
    act(() => captions.dispatch({ type: 'caption', message: late, now: 0, me: '1' }));
    const line = screen.getByTestId('caption-line');
    expect(line.dataset.delayed).toBe('true');
    expect(line.hasAttribute('data-final')).toBe(false);
    expect(line.querySelector('.caption-line__text')!.textContent).toBe('…');
    expect(screen.getByTestId('caption-delayed').textContent).toBe('Captions delayed…');
    await act(async () => void (await i18n.changeLanguage('zh')));
    expect(screen.getByTestId('caption-delayed').textContent).toBe('字幕延迟中…');
    await act(async () => void (await i18n.changeLanguage('en')));
    const final = subtitle({ status: 'final', type: 'asr_final', srcText: 'We are late.' });
    act(() => captions.dispatch({ type: 'caption', message: final, now: 10, me: '1' }));
    const done = screen.getByTestId('caption-line');
    expect(done.dataset.final).toBe('true');
    expect(done.hasAttribute('data-delayed')).toBe(false);
    expect(done.textContent).toBe('AnnWe are late.');
    expect(screen.queryByTestId('caption-delayed')).toBeNull();
  });

  test('speech that could not be recognised stays as a final line saying so, no words invented (issue 31)', async () => {
    const { captions } = renderInRoom(<CaptionArea />);
    joined(captions);
    const pending = subtitle({ srcText: '', delayed: true });
    const unheard = subtitle({
      status: 'final',
      type: 'asr_final',
      srcText: '',
      recognized: false,
      endTime: 5000,
    });
    act(() => {
      captions.dispatch({ type: 'caption', message: pending, now: 0, me: '1' });
      captions.dispatch({ type: 'caption', message: unheard, now: 10, me: '1' });
    });
    const line = screen.getByTestId('caption-line');
    expect(line.dataset.final).toBe('true');
    expect(line.dataset.recognized).toBe('false');
    expect(line.textContent).toBe('Ann[speech not recognised]');
    await act(async () => void (await i18n.changeLanguage('zh')));
    expect(screen.getByTestId('caption-line').textContent).toBe('Ann[语音未能识别]');
    await act(async () => void (await i18n.changeLanguage('en')));
  });

  test('at most two lines show; nothing shows while captions are off', () => {
    const { captions } = renderInRoom(<CaptionArea />);
    joined(captions);
    act(() => {
      for (const [id, scode] of [
        ['a', '2'],
        ['b', '3'],
        ['c', '4'],
      ] as const)
        captions.dispatch({ type: 'caption', message: subtitle({ id, scode }), now: 0, me: '1' });
    });
    expect(screen.getAllByTestId('caption-line').map((l) => l.dataset.memberId)).toEqual([
      '2',
      '3',
    ]);
    joined(captions, {}, { captionsOn: false });
    expect(screen.queryByTestId('caption-area')).toBeNull();
  });
});

describe('the original volume', () => {
  test('a voice plays at the original volume while its interpretation plays, then fully again', () => {
    vi.stubGlobal(
      'MediaStream',
      class {
        constructor(readonly tracks: unknown[]) {}
      },
    );
    const track = { kind: 'audio', readyState: 'live' };
    const { client } = fakeClient();
    const withTrack = {
      ...client,
      tracks: {
        get: (peerId: string, source: string) =>
          peerId === '2' && source === 'camera' ? track : undefined,
      },
    } as unknown as RoomClientHandle;
    const { captions } = renderInRoom(<RemoteAudio />, { client: withTrack });
    const audio = document.querySelector<HTMLAudioElement>('audio[data-peer-audio="2"]')!;
    expect(audio.volume).toBe(1);
    act(() => captions.dispatch({ type: 'interpreting', peerIds: ['2'] }));
    expect(audio.volume).toBe(0.2);
    act(() => captions.dispatch({ type: 'originalVolume', volume: 0.5 }));
    expect(audio.volume).toBe(0.5);
    act(() => captions.dispatch({ type: 'interpreting', peerIds: [] }));
    expect(audio.volume).toBe(1);
  });
});

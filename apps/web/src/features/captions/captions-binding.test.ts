import { afterEach, describe, expect, test, vi } from 'vitest';
import * as toasts from '../../ui/toast-store';
import { bindCaptions } from './captions-binding';
import { captionState, fakeClient, mySpeech, subtitle } from './captions-fixtures';
import { createCaptionsStore } from './captions-store';

afterEach(() => {
  vi.restoreAllMocks();
});

function setup() {
  const fake = fakeClient();
  const listen = vi.spyOn(fake.client, 'setListenLanguage');
  const store = createCaptionsStore();
  const t = vi.fn((key: string) => `text of ${key}`);
  const unbind = bindCaptions(fake.client, store, { myPeerId: () => '1', t, now: () => 42 });
  return { ...fake, store, listen, t, unbind };
}

describe('captions binding', () => {
  test('the join answer and the notifications reach the store', () => {
    const { emit, store, unbind } = setup();
    emit('captionState', captionState());
    emit('speechSettings', mySpeech({ captionLanguage: 'es' }));
    emit('asrMessage', subtitle({ id: 'a', srcText: 'hi there' }));
    emit('interpreting', ['2']);
    const s = store.getState();
    expect(s.meeting?.engines.translate).toBe('Apertium');
    expect(s.speech?.captionLanguage).toBe('es');
    expect(s.lines.active).toMatchObject([{ id: 'a', text: 'hi there', since: 42 }]);
    expect(s.interpreting).toEqual(['2']);
    unbind();
    store.dispose();
  });

  test('the language I listen in goes to the client once per change', () => {
    const { emit, store, listen, unbind } = setup();
    emit('speechSettings', mySpeech());
    emit('speechSettings', mySpeech({ captionsOn: false }));
    store.dispatch({ type: 'speech', speech: mySpeech({ listenLanguage: 'es' }) });
    expect(listen.mock.calls).toEqual([[''], ['es']]);
    unbind();
    store.dispose();
  });

  test('credits running out mid-meeting is told once; a stop already in the join answer is not', () => {
    const warning = vi.spyOn(toasts.toast, 'warning').mockImplementation(() => undefined);
    const { emit, store, t, unbind } = setup();
    emit('captionState', captionState({ stopped: ['interpret'] }));
    expect(warning).not.toHaveBeenCalled();
    emit('captionState', captionState({ stopped: ['interpret', 'translate'] }));
    emit('captionState', captionState({ stopped: ['interpret', 'translate'] }));
    expect(t).toHaveBeenCalledWith('room.captions.stopped.translate');
    expect(warning.mock.calls).toEqual([['text of room.captions.stopped.translate']]);
    unbind();
    store.dispose();
  });

  test('unbinding removes every listener', () => {
    const { count, unbind, store } = setup();
    expect(count('asrMessage')).toBe(1);
    unbind();
    expect(count('asrMessage') + count('captionState') + count('interpreting')).toBe(0);
    store.dispose();
  });
});

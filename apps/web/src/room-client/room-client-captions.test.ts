import { afterEach, describe, expect, test, vi } from 'vitest';

import type * as SignalingModule from './signaling';
import { sockets } from '../test/fake-signaling';

vi.mock('./signaling', async (original) => ({
  ...(await original<typeof SignalingModule>()),
  Signaling: (await import('../test/fake-signaling')).FakeSignaling,
}));

const { RoomClient } = await import('./room-client');

afterEach(() => {
  sockets.length = 0;
});

function connected() {
  const client = new RoomClient();
  client.prepare({ conferenceId: '123456789', token: 't', deviceId: 'd' });
  return { client, socket: sockets[0]! };
}

describe('room client: captions and interpretation', () => {
  test('caption lines, the meeting’s captions and my speech settings come out as typed events', () => {
    const { client, socket } = connected();
    const seen: unknown[] = [];
    client.on('asrMessage', (m) => seen.push(['asrMessage', m.id]));
    client.on('captionState', (s) => seen.push(['captionState', s.asrStatus]));
    client.on('speechSettings', (s) => seen.push(['speechSettings', s.listenLanguage]));
    socket.notify({
      type: 'asrMessage',
      message: {
        id: 'u1',
        scode: '2',
        sname: 'Ann',
        type: 'asr_realtime',
        status: 'processing',
        srcText: 'hi',
        dstText: '',
        srcLanguage: 'en',
        dstLanguage: '',
        startTime: 0,
        endTime: 0,
      },
    });
    socket.notify({
      type: 'captionState',
      state: {
        asrStatus: 1,
        locked: false,
        translateAllowed: true,
        engines: { asr: 'a', translate: 'b', tts: 'c' },
        stopped: [],
      },
    });
    socket.notify({
      type: 'speechSettings',
      speech: {
        captionsOn: true,
        speakLanguage: 'en',
        captionLanguage: '',
        interpretOn: false,
        interpretTarget: '',
        interpretTone: 1,
        listenLanguage: 'es',
      },
    });
    expect(seen).toEqual([
      ['asrMessage', 'u1'],
      ['captionState', 1],
      ['speechSettings', 'es'],
    ]);
    client.close();
  });

  test('interpreted audio stays inside the client (no Web Audio here: dropped quietly)', () => {
    const { client, socket } = connected();
    const interpreting = vi.fn();
    client.on('interpreting', interpreting);
    expect(() =>
      socket.notify({
        type: 'interpretAudio',
        peerId: '2',
        language: 'es',
        sampleRate: 16000,
        seq: 1,
        end: true,
        pcm: new Uint8Array(3200),
      }),
    ).not.toThrow();
    expect(interpreting).not.toHaveBeenCalled();
    client.close();
  });

  test('my speech cannot be interpreted before I am in the room and publish my microphone', () => {
    const { client } = connected();
    expect(client.interpretRefusal()).toBe('cannotProduce');
    client.close();
  });
});

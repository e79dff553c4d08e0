/**
 * Captions as the server answers them, a fake RoomClient that emits their events, and a render
 * harness with the room's and the captions' providers (bound to the client as RoomScreen binds
 * them), for the feature's tests.
 */
import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type {
  CaptionState,
  LanguageAbility,
  MySpeech,
  PeerInfo,
  SubtitleMessage,
} from '@meet/shared';
import type { InterpretRefusal, RoomClientEvents, RoomClientHandle } from '../../room-client/types';
import { peerInfo } from '../../test/peer-info';
import { RoomProvider } from '../room-core/RoomContext';
import { createRoomStore, type RoomStore } from '../room-core/room-store';
import { bindCaptions } from './captions-binding';
import { CaptionsProvider } from './CaptionsContext';
import { createCaptionsStore, type CaptionsStore } from './captions-store';

export function captionState(extra: Partial<CaptionState> = {}): CaptionState {
  return {
    asrStatus: 1,
    locked: false,
    translateAllowed: true,
    engines: { asr: 'PocketSphinx (English)', translate: 'Apertium', tts: 'eSpeak NG' },
    stopped: [],
    ...extra,
  };
}

export function mySpeech(extra: Partial<MySpeech> = {}): MySpeech {
  return {
    captionsOn: true,
    speakLanguage: 'en',
    captionLanguage: '',
    interpretOn: false,
    interpretTarget: '',
    interpretTone: 1,
    listenLanguage: '',
    ...extra,
  };
}

/** English is recognized and spoken; Spanish spoken only; French translated into only. */
export const LANGUAGES: LanguageAbility[] = [
  { code: 'en', name: 'English', recognize: true, translateTo: ['es', 'fr'], speak: true },
  { code: 'es', name: 'Spanish', recognize: false, translateTo: ['en'], speak: true },
  { code: 'fr', name: 'French', recognize: false, translateTo: [], speak: false },
];

export function subtitle(extra: Partial<SubtitleMessage> = {}): SubtitleMessage {
  return {
    id: 'u1',
    scode: '2',
    sname: 'Ann',
    type: 'asr_realtime',
    status: 'processing',
    srcText: 'hello',
    dstText: '',
    srcLanguage: 'en',
    dstLanguage: '',
    startTime: 0,
    endTime: 0,
    ...extra,
  };
}

type Listener = (...args: unknown[]) => void;

/** A RoomClient stand-in: `emit` plays an event to the bound listeners. */
export function fakeClient(refusal: InterpretRefusal | null = null) {
  const listeners = new Map<string, Set<Listener>>();
  const setListenLanguage = (_language: string) => undefined;
  const client = {
    tracks: { get: () => undefined },
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    setListenLanguage,
    interpretRefusal: () => refusal,
    switchDevice: async () => undefined,
  };
  return {
    client: client as unknown as RoomClientHandle & { setListenLanguage: typeof setListenLanguage },
    emit<K extends keyof RoomClientEvents>(event: K, ...args: RoomClientEvents[K]) {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
    count: (event: string) => listeners.get(event)?.size ?? 0,
  };
}

export type FakeClient = ReturnType<typeof fakeClient>;

/**
 * A caption call answered as the server answers it: its changes pushed over the room's socket
 * (`captionState`, `speechSettings`), then the acknowledgement `reply`.
 */
export function pushedThen<T>(
  fake: FakeClient,
  push: { state?: CaptionState; speech?: MySpeech },
  reply: T,
): () => Promise<T> {
  return async () => {
    if (push.state) fake.emit('captionState', push.state);
    if (push.speech) fake.emit('speechSettings', push.speech);
    return reply;
  };
}

export interface Harness {
  room: RoomStore;
  captions: CaptionsStore;
  client: RoomClientHandle;
}

/** Renders `ui` in a connected room where I am member 1 (host when `host`). */
export function renderInRoom(
  ui: ReactNode,
  {
    host = false,
    me = peerInfo(1),
    client = fakeClient().client,
    captions = createCaptionsStore(),
  }: { host?: boolean; me?: PeerInfo; client?: RoomClientHandle; captions?: CaptionsStore } = {},
): Harness {
  const room = createRoomStore();
  room.dispatch({ type: 'me', me });
  room.dispatch({ type: 'peers', peers: [peerInfo(2)] });
  room.dispatch({ type: 'host', hostId: host ? me.userId : 2 });
  room.dispatch({ type: 'connection', state: 'connected' });
  bindCaptions(client, captions, { myPeerId: () => me.peerId, t: (key) => key });
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RoomProvider
        client={client}
        store={room}
        meeting={{ conferenceId: '123456789', conferenceUri: 'uri-1', endTime: null }}
      >
        <CaptionsProvider store={captions}>{ui}</CaptionsProvider>
      </RoomProvider>
    </QueryClientProvider>,
  );
  return { room, captions, client };
}

/** Sets the meeting's captions and my settings, as the join answer would. */
export function joined(
  captions: CaptionsStore,
  state: Partial<CaptionState> = {},
  speech: Partial<MySpeech> = {},
) {
  act(() => {
    captions.dispatch({ type: 'meeting', state: captionState(state) });
    captions.dispatch({ type: 'speech', speech: mySpeech(speech) });
  });
}

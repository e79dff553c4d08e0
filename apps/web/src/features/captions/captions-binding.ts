/**
 * The one place the RoomClient's caption events become captions-store actions, and the store's
 * listening language goes back to the client (which plays interpreted speech only in it).
 * Credits running out mid-meeting is told once, as a warning. RoomScreen binds once per client.
 */
import type { AiFeature } from '@meet/shared';
import type { RoomClientHandle } from '../../room-client/types';
import { toast } from '../../ui/toast-store';
import type { CaptionsStore } from './captions-store';

export type CaptionsText = (key: `room.captions.stopped.${AiFeature}`) => string;

export interface CaptionsBindingOptions {
  /** My member (peer) id once joined. */
  myPeerId: () => string | null;
  t: CaptionsText;
  now?: () => number;
}

export function bindCaptions(
  client: RoomClientHandle,
  store: CaptionsStore,
  { myPeerId, t, now = Date.now }: CaptionsBindingOptions,
): () => void {
  const { dispatch, getState } = store;
  let listening: string | null = null;
  const followListening = () => {
    const language = getState().speech?.listenLanguage;
    if (language === undefined || language === listening) return;
    listening = language;
    client.setListenLanguage(language);
  };

  const offs = [
    client.on('captionState', (state) => {
      // The join answer may already say a feature is stopped; only a change is news.
      const before = getState().meeting;
      if (before)
        for (const feature of state.stopped)
          if (!before.stopped.includes(feature))
            toast.warning(t(`room.captions.stopped.${feature}`));
      dispatch({ type: 'meeting', state });
    }),
    client.on('speechSettings', (speech) => dispatch({ type: 'speech', speech })),
    client.on('asrMessage', (message) =>
      dispatch({ type: 'caption', message, now: now(), me: myPeerId() }),
    ),
    client.on('interpreting', (peerIds) => dispatch({ type: 'interpreting', peerIds })),
    store.subscribe(followListening),
  ];
  followListening();
  return () => offs.forEach((off) => off());
}

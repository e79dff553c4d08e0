/**
 * The socket requests a publisher and the subscriber make, bound to one Signaling: the
 * connections stay free of the socket, and the room client builds them from here.
 */
import type { MediaSource } from '@meet/shared';
import type { PublisherSignals } from './publisher';
import type { Signaling } from './signaling';
import type { SubscriberSignals } from './subscriber';

export function publisherSignals(signaling: Signaling, source: MediaSource): PublisherSignals {
  return {
    publish: (jsep, audio, video) =>
      signaling.request({ type: 'publish', source, jsep, audio, video }),
    trickle: (candidate) =>
      void signaling.request({ type: 'trickle', target: source, candidate }).catch(() => undefined),
    restartIce: (jsep) => signaling.request({ type: 'restartIce', target: source, jsep }),
  };
}

export function subscriberSignals(signaling: Signaling): SubscriberSignals {
  return {
    subscribe: (streams) => signaling.request({ type: 'subscribe', streams }),
    unsubscribe: (streams) => signaling.request({ type: 'unsubscribe', streams }),
    answer: async (jsep) => {
      await signaling.request({ type: 'subscriberAnswer', jsep });
    },
    trickle: (candidate) =>
      void signaling
        .request({ type: 'trickle', target: 'subscriber', candidate })
        .catch(() => undefined),
    restartIce: () => signaling.request({ type: 'restartIce', target: 'subscriber' }),
    setLayer: async (mid, layer) => {
      await signaling.request({ type: 'setConsumerPreferredLayers', mid, spatialLayer: layer });
    },
    requestKeyFrame: async (feed) => {
      await signaling.request({ type: 'requestKeyFrame', feed });
    },
  };
}

// The /room request types and a valid request of each, as a flooder sends them (flood.mjs); the
// payloads are those of the server's flood test (apps/server/test/socket-flood.test.ts).
import { fakeOffer } from './fake-offer.mjs';

export const ROOM_TYPES = [
  'join',
  'publish',
  'subscribe',
  'unsubscribe',
  'subscriberAnswer',
  'trickle',
  'pauseProducer',
  'resumeProducer',
  'closeProducer',
  'setConsumerPreferredLayers',
  'restartIce',
  'getProducerStats',
  'sendMessage',
  'chatHistory',
  'sendReaction',
  'breakoutSetup',
  'breakoutOpen',
  'breakoutMove',
  'breakoutBroadcast',
  'breakoutClose',
  'breakoutHelp',
  'leave',
];

export /** A valid request of each type, as a flooder would send it (`feed`: a victim's camera). */
function requestOf(type, feed) {
  const requests = {
    join: { type: 'join', displayName: 'Eve', audioEnabled: false, videoEnabled: false },
    publish: {
      type: 'publish',
      source: 'screen',
      jsep: fakeOffer(false),
      audio: false,
      video: true,
    },
    subscribe: { type: 'subscribe', streams: [{ feed }] },
    unsubscribe: { type: 'unsubscribe', streams: [{ feed }] },
    subscriberAnswer: { type: 'subscriberAnswer', jsep: { type: 'answer', sdp: 'v=0\r\n' } },
    trickle: { type: 'trickle', target: 'camera', candidate: null },
    pauseProducer: { type: 'pauseProducer', source: 'camera', kind: 'audio' },
    resumeProducer: { type: 'resumeProducer', source: 'camera', kind: 'audio' },
    closeProducer: { type: 'closeProducer', source: 'screen' },
    setConsumerPreferredLayers: { type: 'setConsumerPreferredLayers', mid: '0', spatialLayer: 0 },
    restartIce: { type: 'restartIce', target: 'subscriber' },
    getProducerStats: { type: 'getProducerStats' },
    sendMessage: { type: 'sendMessage', content: 'spam' },
    chatHistory: { type: 'chatHistory' },
    // REACTION_EMOJIS[0] of @meet/shared.
    sendReaction: { type: 'sendReaction', emoji: '👍' },
    breakoutSetup: { type: 'breakoutSetup', rooms: ['A'], assignments: [] },
    breakoutOpen: { type: 'breakoutOpen', minutes: 5 },
    breakoutMove: { type: 'breakoutMove', userId: 1, room: 1 },
    breakoutBroadcast: { type: 'breakoutBroadcast', text: 'spam' },
    breakoutClose: { type: 'breakoutClose' },
    breakoutHelp: { type: 'breakoutHelp' },
    leave: { type: 'leave' },
  };
  return requests[type];
}

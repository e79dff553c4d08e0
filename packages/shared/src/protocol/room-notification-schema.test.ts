import { describe, expect, test } from 'vitest';
import type { CaptionState, MySpeech } from '../api/captions.js';
import type { ChatMessage, RoomProperties } from '../api/host-control.js';
import { NO_BREAKOUTS, type BreakoutState } from './breakout.js';
import type {
  PeerInfo,
  RoomNotification,
  RoomNotificationType,
  RoomRequestType,
  RoomResponses,
} from './room.js';
import { roomAckSchema, roomNotificationSchema } from './room-notification-schema.js';

const peer: PeerInfo = {
  peerId: 'p7',
  userId: 7,
  displayName: 'Ada',
  avatar: '',
  isHost: true,
  isCreator: true,
  isVisitor: false,
  audioEnabled: true,
  videoEnabled: true,
  shareEnabled: false,
  openVideoTime: 1_700_000_000_000,
  shareTime: 0,
  feeds: { camera: 4242 },
  mids: { camera: { audio: '0', video: '1' } },
  handUp: 0,
  voiceLanguage: 'en',
  forceMuted: false,
  videoDisabled: false,
};
const chat: ChatMessage = {
  id: 1,
  time: 1_700_000_000_000,
  scode: '7',
  sname: 'Ada',
  ua: 3,
  content: 'hello',
};
const properties: RoomProperties = {
  confMute: 0,
  lockRoom: false,
  waitingRoom: true,
  screenShareAllowed: true,
  recordStatus: 0,
  recordType: 0,
  recordStartedAt: 0,
};
const captions: CaptionState = {
  asrStatus: 1,
  locked: false,
  translateAllowed: true,
  engines: { asr: 'whisper', translate: 'none', tts: 'none' },
  stopped: [],
};
const speech: MySpeech = {
  captionsOn: true,
  speakLanguage: 'en',
  captionLanguage: '',
  interpretOn: false,
  interpretTarget: '',
  interpretTone: 1,
  listenLanguage: '',
};
const breakout: BreakoutState = {
  status: 'open',
  rooms: ['Room A', 'Room B'],
  endsInMs: 60_000,
  closesInMs: null,
  myRoom: 1,
  members: [{ userId: 7, displayName: 'Ada', room: 1, askedForHelp: false }],
};
const jsep = { type: 'offer', sdp: 'v=0\r\n' } as const;
const stream = {
  mid: '1',
  feedId: 4242,
  peerId: 'p7',
  source: 'camera',
  kind: 'video',
  active: true,
} as const;

/** One well-formed example of every notification (the compiler asks for a new type's). */
const notifications: { [T in RoomNotificationType]: Extract<RoomNotification, { type: T }> } = {
  newPeer: { type: 'newPeer', peer },
  peerClosed: { type: 'peerClosed', peerId: 'p7' },
  peerUpdated: { type: 'peerUpdated', peer },
  streamsChanged: { type: 'streamsChanged', peerId: 'p7', source: 'screen', feedId: null },
  subscriberOffer: { type: 'subscriberOffer', jsep, streams: [stream] },
  activeSpeaker: { type: 'activeSpeaker', peerId: 'p7', talking: true, level: 0.4 },
  republish: { type: 'republish', reason: 'mediaRestarted' },
  replaced: { type: 'replaced' },
  asrMessage: {
    type: 'asrMessage',
    message: {
      id: 'u1',
      scode: 'p7',
      sname: 'Ada',
      type: 'asr_final',
      status: 'final',
      srcText: 'hello',
      dstText: '',
      srcLanguage: 'en',
      dstLanguage: '',
      startTime: 1,
      endTime: 2,
    },
  },
  captionState: { type: 'captionState', state: captions },
  speechSettings: { type: 'speechSettings', speech },
  interpretAudio: {
    type: 'interpretAudio',
    peerId: 'p7',
    language: 'zh',
    sampleRate: 16_000,
    seq: 3,
    end: false,
    pcm: new Uint8Array(320),
  },
  roomClosed: { type: 'roomClosed', reason: 'ended', by: 'Ada' },
  messageReceived: { type: 'messageReceived', message: chat },
  roomUpdated: {
    type: 'roomUpdated',
    host: { hostId: 7, hostName: 'Ada' },
    properties,
    peers: [peer],
    actions: ['muteAudio'],
  },
  pollChanged: { type: 'pollChanged', voteId: 12, change: 'launched' },
  waitingList: {
    type: 'waitingList',
    entries: [{ userId: 9, userAvatar: '', userConferenceName: 'Bob', status: 2 }],
  },
  reaction: { type: 'reaction', peerId: 'p7', emoji: '🎉' },
  breakoutState: { type: 'breakoutState', breakout },
  breakoutMoved: { type: 'breakoutMoved', room: 2, peers: [peer], messages: [chat] },
  breakoutBroadcast: { type: 'breakoutBroadcast', text: 'five minutes left', from: 'Ada' },
  breakoutHelp: { type: 'breakoutHelp', userId: 9, displayName: 'Bob', room: 2 },
};

/** Fields a notification may leave out. */
const optional: Partial<Record<RoomNotificationType, string[]>> = {
  roomClosed: ['by'],
  roomUpdated: ['host', 'properties'],
};

/** A value of another kind than `value`, as a confused or hostile server would send. */
function wrongKind(value: unknown): unknown {
  if (typeof value === 'string') return 42;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 0;
  if (value instanceof Uint8Array) return 'AAAA';
  if (Array.isArray(value)) return { 0: value[0] };
  return 'x';
}

function without(message: object, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = message as Record<string, unknown>;
  return rest;
}

const examples = Object.values(notifications) as RoomNotification[];
const fields = examples.flatMap((n) =>
  Object.keys(n)
    .filter((key) => key !== 'type')
    .map((key) => [n.type, key, n] as const),
);
const required = fields.filter(([type, key]) => !optional[type]?.includes(key));

describe('roomNotificationSchema', () => {
  test.each(examples.map((n) => [n.type, n] as const))('a well-formed %s parses', (_t, n) => {
    expect(roomNotificationSchema.parse(n)).toEqual(n);
  });

  test.each(required)('%s without %s is refused', (_t, key, n) => {
    expect(roomNotificationSchema.safeParse(without(n, key)).success).toBe(false);
  });

  test.each(fields)('%s with %s of the wrong kind is refused', (_t, key, n) => {
    const message = { ...n, [key]: wrongKind((n as Record<string, unknown>)[key]) };
    expect(roomNotificationSchema.safeParse(message).success).toBe(false);
  });

  test.each(fields.filter(([type, key]) => optional[type]?.includes(key)))(
    '%s without its optional %s still parses',
    (_t, key, n) => {
      expect(roomNotificationSchema.safeParse(without(n, key)).success).toBe(true);
    },
  );

  test.each(
    examples.flatMap((n) =>
      [`${n.type}x`, ` ${n.type}`, n.type.toUpperCase()].map((type) => [n.type, type, n] as const),
    ),
  )('%s with junk in its type (%j) is refused', (_t, type, n) => {
    expect(roomNotificationSchema.safeParse({ ...n, type }).success).toBe(false);
  });

  test.each([
    ['no type', {}],
    ['an empty type', { type: '' }],
    ['a numeric type', { type: 1 }],
  ])('a message with %s is refused', (_name, message) => {
    expect(roomNotificationSchema.safeParse(message).success).toBe(false);
  });

  test.each([
    ['a member without a name', { type: 'newPeer', peer: without(peer, 'displayName') }],
    ['a feed of an unknown source', { type: 'newPeer', peer: { ...peer, feeds: { mic: 1 } } }],
    ['a feed id that is text', { type: 'peerUpdated', peer: { ...peer, feeds: { camera: '1' } } }],
    [
      'a stream of a data channel',
      { type: 'subscriberOffer', jsep, streams: [{ ...stream, kind: 'data' }] },
    ],
    [
      'an answer without its sdp',
      { type: 'subscriberOffer', jsep: { type: 'answer' }, streams: [] },
    ],
    ['an emoji off the bar', { type: 'reaction', peerId: 'p7', emoji: '💩' }],
    [
      'a chat message of another client kind',
      { ...notifications.messageReceived, message: { ...chat, ua: 4 } },
    ],
    ['an unknown host action', { ...notifications.roomUpdated, actions: ['eject'] }],
    ['an unknown poll change', { type: 'pollChanged', voteId: 1, change: 'burnt' }],
    [
      'a caption line of an unknown status',
      {
        ...notifications.asrMessage,
        message: { ...notifications.asrMessage.message, status: 'done' },
      },
    ],
    [
      'captions stopped for an unknown feature',
      { type: 'captionState', state: { ...captions, stopped: ['magic'] } },
    ],
    [
      'breakout rooms in an unknown status',
      { type: 'breakoutState', breakout: { ...breakout, status: 'paused' } },
    ],
    ['speech as a list of numbers', { ...notifications.interpretAudio, pcm: [0, 1, 2] }],
    ['a closing for an unknown reason', { type: 'roomClosed', reason: 'bored' }],
    ['a number that is not finite', { ...notifications.activeSpeaker, level: Infinity }],
    ['no object at all', 'newPeer'],
    ['null', null],
  ])('%s is refused', (_name, message) => {
    expect(roomNotificationSchema.safeParse(message).success).toBe(false);
  });

  test('interpreted speech keeps its bytes as they came, without a copy', () => {
    const pcm = new Uint8Array([1, 2, 3, 4]);
    const parsed = roomNotificationSchema.parse({ ...notifications.interpretAudio, pcm });
    expect(parsed.type === 'interpretAudio' && parsed.pcm).toBe(pcm);
    const buffer = new ArrayBuffer(8);
    const fromBuffer = roomNotificationSchema.parse({
      ...notifications.interpretAudio,
      pcm: buffer,
    });
    expect(fromBuffer.type === 'interpretAudio' && fromBuffer.pcm).toBe(buffer);
  });

  test('a field the protocol does not have is left out of what is handed on', () => {
    expect(roomNotificationSchema.parse({ type: 'replaced', html: '<b>' })).toEqual({
      type: 'replaced',
    });
  });
});

const answers: { [T in RoomRequestType]: RoomResponses[T] } = {
  join: {
    peers: [peer],
    me: { ...peer, peerId: 'p8', userId: 8, isHost: false },
    hostId: 7,
    iceServers: [{ urls: ['turn:turn.example:3478'], username: 'u', credential: 'c' }],
    messages: [chat],
    properties,
    captions,
    speech,
    breakout: NO_BREAKOUTS,
  },
  publish: { jsep: { type: 'answer', sdp: 'v=0\r\n' }, feedId: 4242 },
  subscribe: { jsep, streams: [stream] },
  unsubscribe: { jsep: null, streams: [] },
  subscriberAnswer: {},
  trickle: {},
  pauseProducer: {},
  resumeProducer: {},
  closeProducer: {},
  setConsumerPreferredLayers: {},
  requestKeyFrame: {},
  restartIce: { jsep: null },
  getProducerStats: { feeds: { camera: 4242 }, audioEnabled: true, videoEnabled: false },
  sendMessage: { message: chat },
  chatHistory: { messages: [chat] },
  sendReaction: {},
  breakoutSetup: { breakout },
  breakoutOpen: { breakout },
  breakoutMove: { breakout },
  breakoutBroadcast: {},
  breakoutClose: { breakout },
  breakoutHelp: {},
  leave: {},
  pageClosing: {},
  localRecording: {},
};
const answered = Object.entries(answers) as [RoomRequestType, object][];

describe('roomAckSchema', () => {
  test.each(answered)('a well-formed answer to %s parses', (type, data) => {
    expect(roomAckSchema(type).parse({ ok: true, data })).toEqual({ ok: true, data });
  });

  test.each(
    answered.flatMap(([type, data]) => Object.keys(data).map((key) => [type, key, data] as const)),
  )('an answer to %s without %s is refused', (type, key, data) => {
    expect(roomAckSchema(type).safeParse({ ok: true, data: without(data, key) }).success).toBe(
      false,
    );
  });

  test.each(answered)('an answer to %s that is not an object is refused', (type) => {
    expect(roomAckSchema(type).safeParse({ ok: true, data: 'done' }).success).toBe(false);
    expect(roomAckSchema(type).safeParse({ ok: true }).success).toBe(false);
  });

  test('an answer is checked against its own request: a publish answer is no subscribe answer', () => {
    expect(roomAckSchema('subscribe').safeParse({ ok: true, data: answers.publish }).success).toBe(
      false,
    );
  });

  const refusal = {
    ok: false,
    code: 3000,
    error: 'locked',
    key: 'chatTooLong',
    params: { max: 1000 },
  };
  test('a refusal with a catalogue key and its parameters parses', () => {
    expect(roomAckSchema('sendMessage').parse(refusal)).toEqual(refusal);
    expect(roomAckSchema('leave').parse({ ok: false, code: -1, error: 'x' })).toEqual({
      ok: false,
      code: -1,
      error: 'x',
    });
  });

  test.each([
    ['a key the catalogue does not have', { ...refusal, key: 'noSuchKey' }],
    ['a parameter that is an object', { ...refusal, params: { max: { n: 1 } } }],
    ['no code', without(refusal, 'code')],
    ['ok as text', { ...refusal, ok: 'false' }],
    ['no ok at all', without(refusal, 'ok')],
    ['nothing', undefined],
  ])('a refusal with %s is refused', (_name, ack) => {
    expect(roomAckSchema('sendMessage').safeParse(ack).success).toBe(false);
  });
});

/**
 * How much of each request a real client sends, as token-bucket rates (a burst, then one every
 * refillMs), for the three socket namespaces. Sized from what the web client does, with room to
 * spare: a member who only uses the product never meets them; one who floods is refused at once
 * and, if they keep on, cut off.
 */
import type { ClientMessage, RoomRequestType } from '@meet/shared';
import type { Budgets } from './socket-budget.js';
import type { Rate } from './token-buckets.js';

const per = (burst: number, refillMs: number): Rate => ({ burst, refillMs });
const NEVER = Infinity;

/** Refusals a socket may collect (net of 10 a second forgiven) before it is cut off. */
const STRIKES = per(50, 100);

export const ROOM_BUDGETS: Budgets<RoomRequestType> = {
  perSocket: {
    // Once per connection: a reconnect is a new connection.
    join: per(1, NEVER),
    // Camera and screen, again after a media-server restart or a breakout move.
    publish: per(10, 2000),
    // Tiles coming and going as pages, views and speakers change.
    subscribe: per(30, 200),
    unsubscribe: per(30, 200),
    subscriberAnswer: per(20, 500),
    // A handful of candidates per connection, more after an ICE restart.
    trickle: per(200, 50),
    pauseProducer: per(20, 250),
    resumeProducer: per(20, 250),
    closeProducer: per(10, 1000),
    // Tile sizes changing as the layout does.
    setConsumerPreferredLayers: per(60, 100),
    restartIce: per(6, 5000),
    getProducerStats: per(5, 1000),
    // A picture standing still after a layer switch on a narrow link: a few, a second apart.
    requestKeyFrame: per(10, 500),
    // Looser than chat's and reactions' own limits, whose refusals the member is shown.
    sendMessage: per(20, 250),
    chatHistory: per(5, 2000),
    sendReaction: per(20, 250),
    breakoutSetup: per(10, 1000),
    breakoutOpen: per(10, 1000),
    breakoutMove: per(30, 500),
    breakoutBroadcast: per(10, 1000),
    breakoutClose: per(10, 1000),
    breakoutHelp: per(5, 5000),
    leave: per(3, NEVER),
    pageClosing: per(3, NEVER),
    // Start and stop of a recording on the member's computer.
    localRecording: per(10, 2000),
  },
  perMember: {
    // Each join tells the others someone came; a member whose network flaps rejoins a few
    // times a minute at most.
    join: per(10, 6000),
    publish: per(10, 2000),
    chatHistory: per(5, 2000),
    restartIce: per(6, 5000),
    breakoutHelp: per(5, 5000),
  },
  strikes: STRIKES,
  maxInFlight: 32,
};

type MessageType = ClientMessage['messageJson']['msgType'];

/** The `/message` socket: a ping every 10 s, the waiting room's join and leave. */
export const MESSAGE_BUDGETS: Budgets<MessageType> = {
  perSocket: {
    ping: per(5, 2000),
    join_waiting_room: per(5, 2000),
    leave_waiting_room: per(5, 2000),
  },
  // A person may have the product open in several tabs, each with its own socket.
  perMember: {
    join_waiting_room: per(20, 500),
    leave_waiting_room: per(20, 500),
  },
  strikes: STRIKES,
  maxInFlight: 8,
};

export type MagicRequestType = 'start' | 'prompt' | 'frame' | 'stop';

/** The `/magic` socket: a start, prompts as they are typed, camera frames, a stop. */
export const MAGIC_BUDGETS: Budgets<MagicRequestType> = {
  perSocket: {
    start: per(5, 2000),
    prompt: per(10, 500),
    // The browser sends one when the last has gone (about 10 a second); frames beyond the
    // stream engine's pace are dropped there anyway.
    frame: per(60, 25),
    stop: per(5, 2000),
  },
  perMember: { start: per(5, 2000), prompt: per(10, 500) },
  strikes: STRIKES,
  maxInFlight: 8,
};

/**
 * Socket handshakes per client address (this machine exempt) and per account: a page opens one
 * of each namespace and reconnects after a network drop.
 */
export const HANDSHAKES_PER_ADDRESS = per(60, 500);
export const HANDSHAKES_PER_USER = per(10, 3000);

/**
 * A member's media requests in a live room: publishing and closing their camera or screen,
 * subscribing to others' streams, the answers and ICE candidates of their connections, pausing
 * and resuming what they send, simulcast layers, ICE restarts and their feeds' state. Each is
 * checked against the room's controls (RoomModeration) before Janus is asked.
 */
import { ResultCode, assertUnreachable, type RoomRequest, type RoomResponses } from '@meet/shared';
import type { CaptionRelay } from '../captions/caption-relay.js';
import type { Peer } from './peer.js';
import { RoomError } from './room-error.js';
import type { RoomModeration } from './room-moderation.js';
import type { RoomPeerMedia } from './room-peer-media.js';
import { closeSource, receives, subscribeStreams, unsubscribeStreams } from './room-streams.js';
import type { Room } from './room.js';

export type MediaRequest = Extract<
  RoomRequest,
  {
    type:
      | 'publish'
      | 'subscribe'
      | 'unsubscribe'
      | 'subscriberAnswer'
      | 'trickle'
      | 'pauseProducer'
      | 'resumeProducer'
      | 'closeProducer'
      | 'setConsumerPreferredLayers'
      | 'restartIce'
      | 'getProducerStats'
      | 'requestKeyFrame';
  }
>;

export class RoomMediaRequests {
  constructor(
    private readonly moderation: RoomModeration,
    private readonly media: RoomPeerMedia,
    private readonly captions: CaptionRelay,
  ) {}

  async handle(
    room: Room,
    peer: Peer,
    request: MediaRequest,
  ): Promise<RoomResponses[MediaRequest['type']]> {
    switch (request.type) {
      case 'publish':
        return this.publish(room, peer, request);
      case 'subscribe':
        return subscribeStreams(room, peer, request.streams);
      case 'unsubscribe':
        return unsubscribeStreams(room, peer, request.streams);
      case 'subscriberAnswer':
        // An answer to nothing is the client's mistake, not a fault.
        if (!(await peer.media.answerSubscription(request.jsep)))
          throw new RoomError(ResultCode.failure, 'noSubscriptionToAnswer');
        return {};
      case 'trickle':
        peer.media.trickle(request.target, request.candidate);
        return {};
      case 'pauseProducer':
      case 'resumeProducer': {
        const on = request.type === 'resumeProducer';
        if (on) this.moderation.checkResume(peer, request.source, request.kind);
        // Only the camera's kinds show; a request that changes nothing announces nothing (the
        // client's own echo of a host's mute, for one).
        if (request.source !== 'camera') return {};
        if (this.media.setEnabled(room, peer, request.kind, on))
          room.broadcastIn(peer.group, { type: 'peerUpdated', peer: peer.info });
        return {};
      }
      case 'closeProducer':
        if (request.source === 'camera') this.captions.gone(room, peer.peerId);
        if (peer.info.feeds[request.source])
          this.media.recorderOf(peer)?.feedDown(room, peer, request.source);
        await closeSource(room, peer, request.source);
        return {};
      case 'setConsumerPreferredLayers':
        await peer.media.setLayers(request.mid, request.spatialLayer, request.temporalLayer);
        return {};
      case 'restartIce': {
        if (request.target === 'subscriber') return { jsep: await peer.media.restartSubscriber() };
        if (!request.jsep) throw new RoomError(ResultCode.failure, 'iceRestartOfferNeeded');
        return { jsep: await peer.media.restartPublisher(request.target, request.jsep) };
      }
      case 'requestKeyFrame': {
        // Only of a feed in my own room that I receive; the publisher's own throttle keeps a
        // room of receivers from asking it for more than one key frame a second.
        const owner = room.peerOfFeed(request.feed, peer.group);
        if (owner && owner.peer !== peer && receives(peer, request.feed))
          await owner.peer.media.requestKeyFrame(owner.source);
        return {};
      }
      case 'getProducerStats':
        return {
          feeds: peer.info.feeds,
          audioEnabled: peer.info.audioEnabled,
          videoEnabled: peer.info.videoEnabled,
        };
      default:
        return assertUnreachable(request);
    }
  }

  private async publish(
    room: Room,
    peer: Peer,
    request: Extract<MediaRequest, { type: 'publish' }>,
  ): Promise<RoomResponses['publish']> {
    this.moderation.checkPublish(room, peer, request.source);
    const media = peer.media;
    const { jsep, feedId, mids } = await media.publish(
      request.source,
      request.jsep,
      request.audio,
      request.video,
    );
    // Moved to another room meanwhile: this feed went with the old media.
    if (peer.media !== media) throw new RoomError(ResultCode.failure, 'movedToAnotherRoom');
    // Others learn of the feed when its media is up (PeerMedia's webrtcUp): Janus refuses
    // subscriptions to a publisher whose connection is not established yet.
    peer.pendingFeeds.set(request.source, { feedId, mids });
    return { jsep, feedId };
  }
}

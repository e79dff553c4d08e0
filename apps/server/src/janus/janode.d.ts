/** The part of janode (ESM, untyped) this server uses. */
declare module 'janode' {
  import type { EventEmitter } from 'node:events';

  export interface JanodeHandle extends EventEmitter {
    id: number;
    trickle(candidate: unknown): Promise<unknown>;
    trickleComplete(): Promise<unknown>;
    message(
      body: Record<string, unknown>,
      jsep?: unknown,
    ): Promise<
      {
        _plugindata?: { data?: Record<string, unknown> };
        plugindata?: { data?: Record<string, unknown> };
      } & Record<string, unknown>
    >;
    detach(): Promise<void>;
    hangup(): Promise<void>;
  }

  export interface JanodeSession extends EventEmitter {
    id: number;
    attach<H>(plugin: { Handle: new (...args: never[]) => H }): Promise<H>;
    destroy(): Promise<void>;
  }

  export interface JanodeConnection extends EventEmitter {
    create(keepaliveSeconds?: number): Promise<JanodeSession>;
    close(): Promise<void>;
  }

  const Janode: {
    connect(config: {
      address: { url: string; apisecret?: string } | { url: string }[];
      retry_time_secs?: number;
      max_retries?: number;
      is_admin?: boolean;
    }): Promise<JanodeConnection>;
    EVENT: Record<
      | 'CONNECTION_CLOSED'
      | 'CONNECTION_ERROR'
      | 'SESSION_DESTROYED'
      | 'HANDLE_DETACHED'
      | 'HANDLE_ICE_FAILED'
      | 'HANDLE_HANGUP'
      | 'HANDLE_MEDIA'
      | 'HANDLE_WEBRTCUP'
      | 'HANDLE_SLOWLINK'
      | 'HANDLE_TRICKLE',
      string
    >;
    Logger: { setLevel(level: string): void; setLabel?(label: string): void };
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { JanodeHandle } from 'janode';

  export interface JsepLike {
    type: string;
    sdp: string;
  }
  export interface StreamInfo {
    type: 'audio' | 'video' | 'data';
    mid: string;
    mindex: number;
    feed_id?: number;
    feed_mid?: string;
    feed_display?: string;
    active?: boolean;
    send?: boolean;
    ready?: boolean;
  }

  export interface VideoRoomHandle extends JanodeHandle {
    create(params: Record<string, unknown>): Promise<Record<string, unknown>>;
    destroy(params: { room: number }): Promise<unknown>;
    exists(params: { room: number }): Promise<{ exists: boolean }>;
    joinPublisher(params: { room: number; display?: string; feed?: number }): Promise<{
      feed: number;
      private_id: number;
      publishers: { feed: number; display?: string }[];
    }>;
    configure(params: {
      jsep?: JsepLike;
      audio?: boolean;
      video?: boolean;
      restart?: boolean;
      streams?: Record<string, unknown>[];
      descriptions?: { mid: string; description: string }[];
      keyframe?: boolean;
    }): Promise<{ jsep?: JsepLike; streams?: StreamInfo[] }>;
    unpublish(): Promise<unknown>;
    joinSubscriber(params: {
      room: number;
      streams: { feed: number; mid?: string }[];
      private_id?: number;
      use_msid?: boolean;
      autoupdate?: boolean;
    }): Promise<{ jsep?: JsepLike; streams?: StreamInfo[] }>;
    start(params: { jsep: JsepLike }): Promise<unknown>;
    update(params: {
      subscribe?: { feed: number; mid?: string }[];
      unsubscribe?: { feed: number; mid?: string }[];
    }): Promise<{ jsep?: JsepLike; streams?: StreamInfo[] }>;
    leave(): Promise<unknown>;
    kick(params: { room: number; feed: number; secret?: string }): Promise<unknown>;
    listParticipants(params: { room: number }): Promise<{
      participants: { feed: number; display?: string; publisher: boolean; talking?: boolean }[];
    }>;
    startForward(
      params: Record<string, unknown>,
    ): Promise<{ forwarders?: Record<string, unknown>[] }>;
    stopForward(params: Record<string, unknown>): Promise<unknown>;
  }

  const VideoRoomPlugin: {
    Handle: new (...args: never[]) => VideoRoomHandle;
    EVENT: Record<
      | 'VIDEOROOM_PUB_LIST'
      | 'VIDEOROOM_PUB_PEER_JOINED'
      | 'VIDEOROOM_UNPUBLISHED'
      | 'VIDEOROOM_LEAVING'
      | 'VIDEOROOM_UPDATED'
      | 'VIDEOROOM_TALKING'
      | 'VIDEOROOM_KICKED'
      | 'VIDEOROOM_DESTROYED'
      | 'VIDEOROOM_SC_SUBSTREAM_LAYER'
      | 'VIDEOROOM_ERROR',
      string
    >;
  };
  export default VideoRoomPlugin;
}

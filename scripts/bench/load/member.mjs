// One synthetic meeting member for the load tool: joins through the API and the /room socket,
// publishes its camera (audio + VP8 video, one layer) with werift, and subscribes like the web
// client (apps/web/src/room-client/subscription-plan.ts): everyone's audio, and the video of the
// tiles a grid page shows. It counts what it receives per SSRC: packets, bytes, sequence gaps and
// video frames (RTP marker bits) — from the clear RTP header of each SRTP packet at the socket
// (werift-tuning.mjs), or, for a `decrypt` member, after werift's SRTP decryption.
import { io } from 'socket.io-client';
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import { GapTracker, StreamCounter } from './rtp-counters.mjs';
import { gathered, peerConfig } from './werift-peer.mjs';
import { rtpTaps } from './werift-tuning.mjs';

export async function post(base, api, body, token) {
  const res = await fetch(`${base}/api/${api}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return res.json();
}

export class Member {
  /**
   * @param {{ base: string, token: string, conferenceId: string, name: string, maxVideos: number,
   *   maxAudios?: number, decrypt: boolean }} o  maxAudios: fewer audio streams than the web's
   *   "everyone's" (a lighter load); decrypt: receive through werift's SRTP pipeline, not
   *   header-only
   */
  constructor(o) {
    Object.assign(this, o);
    this.deviceId = `load-${o.name}`;
    /** Every other member, by peerId, as the server last described them. */
    this.peers = new Map();
    this.order = [];
    /** key feed/mid → the FeedStream subscribed. */
    this.subscribed = new Map();
    /** Subscriber mid → SubscribedStream, from the last answer or offer. */
    this.streams = new Map();
    this.counters = new Map();
    this.errors = [];
    this.publisherState = 'new';
    this.subscriberState = 'new';
    this.queue = Promise.resolve();
    this.syncPending = false;
    this.closed = false;
    /** Payload type → kind, from the subscriber offer. */
    this.kinds = new Map();
    this.tappedPorts = new Set();
    this.hooked = new WeakSet();
    this.subscriberStates = [];
    /** What the room said about each peer (for a report when a peer's feed never shows). */
    this.history = new Map();
    this.t0 = performance.now();
    /** Subscriber offers answered (each a renegotiation). */
    this.negotiations = 0;
    this.unsubscribes = 0;
    /** Chat messages the room delivered to me (my own echoed back included), by id. */
    this.chatSeen = new Set();
    /** Gaps in the audio this member receives (all its audio streams together). */
    this.audioGaps = new GapTracker();
  }

  request(body, timeoutMs = 30_000) {
    return new Promise((resolve) =>
      this.socket
        .timeout(timeoutMs)
        .emit('request', body, (err, ack) =>
          resolve(err ? { ok: false, error: `timeout (${body.type})` } : ack),
        ),
    );
  }

  async join() {
    const api = await post(
      this.base,
      'conference/joinConference',
      { conferenceId: this.conferenceId, deviceId: this.deviceId, userConferenceName: this.name },
      this.token,
    );
    if (api.code !== 0) throw new Error(`${this.name}: joinConference ${api.code} ${api.msg}`);
    this.socket = io(`${this.base}/room`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: this.token, conferenceId: this.conferenceId, deviceId: this.deviceId },
      reconnection: false,
    });
    await new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('connect_error', reject);
    });
    this.socket.on('notification', (n) => this.onNotification(n));
    this.socket.on('disconnect', (reason) => {
      if (!this.closed) this.errors.push(`socket disconnected: ${reason}`);
    });
    // The answer is applied inside the acknowledgement callback: with socket.io over Node's
    // `ws`, notifications that came after it in the same read are handled before an `await`
    // would resume, and the (older) answer would then overwrite them.
    const ack = await new Promise((resolve) =>
      this.socket
        .timeout(30_000)
        .emit(
          'request',
          { type: 'join', displayName: this.name, audioEnabled: true, videoEnabled: true },
          (err, reply) => {
            if (!err && reply.ok) {
              this.me = reply.data.me;
              for (const peer of reply.data.peers) {
                const h = this.history.get(peer.peerId) ?? [];
                h.push(
                  `join answer(feeds ${JSON.stringify(peer.feeds)})@${Math.round(performance.now() - this.t0)}`,
                );
                this.history.set(peer.peerId, h);
                this.setPeer(peer);
              }
            }
            resolve(err ? { ok: false, error: 'timeout (join)' } : reply);
          },
        ),
    );
    if (!ack.ok) throw new Error(`${this.name}: room join ${ack.error}`);
    this.schedule();
  }

  setPeer(peer) {
    if (peer.peerId === this.me?.peerId) return;
    if (!this.peers.has(peer.peerId)) this.order.push(peer.peerId);
    this.peers.set(peer.peerId, peer);
  }

  onNotification(n) {
    const about = n.peer?.peerId ?? n.peerId;
    if (about) {
      const h = this.history.get(about) ?? [];
      h.push(
        `${n.type}${n.peer ? `(feeds ${JSON.stringify(n.peer.feeds)})` : ''}@${Math.round(performance.now() - this.t0)}`,
      );
      this.history.set(about, h);
    }
    switch (n.type) {
      case 'newPeer':
      case 'peerUpdated':
        this.setPeer(n.peer);
        this.schedule();
        break;
      case 'peerClosed':
        this.peers.delete(n.peerId);
        this.order = this.order.filter((id) => id !== n.peerId);
        break;
      case 'subscriberOffer':
        this.serial(async () => {
          this.adopt(n.streams);
          await this.negotiate(n.jsep);
        });
        break;
      case 'messageReceived':
        this.chatSeen.add(n.message.id);
        break;
      case 'roomClosed':
      case 'replaced':
        if (!this.closed) this.errors.push(`notification ${n.type}`);
        break;
      default:
    }
  }

  /** Publishes the camera: audio and video sender tracks, one full (non-trickle) offer. */
  async publish() {
    const pc = new RTCPeerConnection(peerConfig());
    this.publisher = pc;
    pc.connectionStateChange.subscribe((state) => (this.publisherState = state));
    this.audioSender = pc.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), {
      direction: 'sendonly',
    }).sender;
    this.videoSender = pc.addTransceiver(new MediaStreamTrack({ kind: 'video' }), {
      direction: 'sendonly',
    }).sender;
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const ack = await this.request({
      type: 'publish',
      source: 'camera',
      jsep: { type: 'offer', sdp: pc.localDescription.sdp },
      audio: true,
      video: true,
    });
    if (!ack.ok) throw new Error(`${this.name}: publish ${ack.error}`);
    this.feedId = ack.data.feedId;
    await pc.setRemoteDescription(ack.data.jsep);
  }

  /** One shared parsed packet from the source; the sender copies it before rewriting. */
  sendVideo(packet) {
    if (this.publisherState === 'connected') void this.videoSender.sendRtp(packet).catch(() => {});
  }

  sendAudio(packet) {
    if (this.publisherState === 'connected') void this.audioSender.sendRtp(packet).catch(() => {});
  }

  serial(fn) {
    const next = this.queue.then(fn, fn).catch((error) => {
      if (!this.closed) this.errors.push(String(error?.message ?? error));
    });
    this.queue = next;
    return next;
  }

  /**
   * What the web client would want: everyone's audio, the video of one grid page of others, in
   * the grid's order (host first, then by camera start). maxAudios < everyone is the tool's own
   * lighter mode, not the web's.
   */
  plan() {
    const rank = (p) => (p.isHost ? 0 : p.videoEnabled ? 1 : 2);
    const others = this.order
      .map((id) => this.peers.get(id))
      .filter((p) => p?.feeds.camera && p.mids.camera)
      .map((p, index) => ({ p, index }))
      .sort(
        (a, b) =>
          rank(a.p) - rank(b.p) || a.p.openVideoTime - b.p.openVideoTime || a.index - b.index,
      )
      .map(({ p }) => p);
    const wanted = new Map();
    for (const p of others.slice(0, this.maxAudios ?? Infinity)) {
      const { audio } = p.mids.camera;
      if (audio) wanted.set(`${p.feeds.camera}/${audio}`, { feed: p.feeds.camera, mid: audio });
    }
    for (const p of others.slice(0, this.maxVideos)) {
      const { video } = p.mids.camera;
      if (video) wanted.set(`${p.feeds.camera}/${video}`, { feed: p.feeds.camera, mid: video });
    }
    return wanted;
  }

  /** Peers whose camera this member never learnt of, with what the room said about them. */
  missingFeeds() {
    return [...this.peers.values()]
      .filter((p) => !p.feeds.camera)
      .map(
        (p) =>
          `${p.displayName} (peer ${p.peerId}): ${(this.history.get(p.peerId) ?? []).join(', ')}`,
      );
  }

  schedule() {
    if (this.syncPending || this.closed) return;
    this.syncPending = true;
    this.serial(async () => {
      this.syncPending = false;
      await this.sync();
    });
  }

  /** Like the web's SubscriptionSync: unsubscribe what is no longer wanted, then subscribe. */
  async sync(attempt = 0) {
    if (this.closed) return;
    const wanted = this.plan();
    const remove = [...this.subscribed].filter(([k]) => !wanted.has(k));
    if (remove.length) {
      remove.forEach(([k]) => this.subscribed.delete(k));
      this.unsubscribes += remove.length;
      const ack = await this.request({ type: 'unsubscribe', streams: remove.map(([, s]) => s) });
      if (!ack.ok) throw new Error(`${this.name}: unsubscribe ${ack.error}`);
      if (ack.data.jsep || ack.data.streams.length) this.adopt(ack.data.streams);
      if (ack.data.jsep) await this.negotiate(ack.data.jsep);
    }
    const add = [...wanted].filter(([k]) => !this.subscribed.has(k));
    if (!add.length) return;
    add.forEach(([k, s]) => this.subscribed.set(k, s));
    const ack = await this.request({ type: 'subscribe', streams: add.map(([, s]) => s) });
    if (!ack.ok) {
      add.forEach(([k]) => this.subscribed.delete(k));
      if (attempt < 5) {
        await new Promise((r) => setTimeout(r, 300 * (attempt + 1)));
        return this.sync(attempt + 1);
      }
      throw new Error(`${this.name}: subscribe ${ack.error}`);
    }
    if (ack.data.jsep || ack.data.streams.length) this.adopt(ack.data.streams);
    if (ack.data.jsep) await this.negotiate(ack.data.jsep);
  }

  adopt(streams) {
    this.streams = new Map(streams.map((s) => [s.mid, s]));
  }

  count(ssrc, kind, seq, marker, timestamp, bytes) {
    if (kind === 'audio') this.audioGaps.arrived();
    let c = this.counters.get(ssrc);
    if (!c) this.counters.set(ssrc, (c = new StreamCounter(kind)));
    c.add(seq, marker, timestamp, bytes);
  }

  async negotiate(offer) {
    if (this.closed) return;
    this.negotiations++;
    for (const [, pt, codec] of offer.sdp.matchAll(/^a=rtpmap:(\d+) ([\w-]+)\//gm)) {
      const name = codec.toLowerCase();
      if (name === 'opus') this.kinds.set(Number(pt), 'audio');
      else if (name === 'vp8' || name === 'vp9' || name === 'h264')
        this.kinds.set(Number(pt), 'video');
    }
    if (!this.subscriber) {
      const pc = new RTCPeerConnection(peerConfig({ nack: false }));
      this.subscriber = pc;
      pc.connectionStateChange.subscribe((state) => {
        this.subscriberState = state;
        this.subscriberStates.push(`${state}@${Math.round(performance.now() - this.t0)}`);
      });
    }
    const pc = this.subscriber;
    await pc.setRemoteDescription(offer);
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    if (this.decrypt) {
      // After werift's SRTP decryption and authentication (before its routing to tracks).
      for (const t of pc.dtlsTransports) {
        if (this.hooked.has(t)) continue;
        this.hooked.add(t);
        t.onRtp.subscribe(({ header, payload }) => {
          const kind = this.kinds.get(header.payloadType);
          if (!kind) return;
          this.count(
            header.ssrc,
            kind,
            header.sequenceNumber,
            header.marker,
            header.timestamp,
            header.serializeSize + payload.length,
          );
        });
      }
    } else {
      // The clear RTP header of each SRTP packet, at the UDP socket (werift-tuning.mjs).
      const tap = (buf) => {
        const kind = this.kinds.get(buf[1] & 0x7f);
        if (!kind) return;
        const marker = buf[1] & 0x80;
        this.count(
          buf.readUInt32BE(8),
          kind,
          buf.readUInt16BE(2),
          marker,
          buf.readUInt32BE(4),
          buf.length,
        );
      };
      for (const [, port] of pc.localDescription.sdp.matchAll(
        /^a=candidate:\S+ \d+ udp \d+ \S+ (\d+) typ host/gim,
      )) {
        rtpTaps.set(Number(port), tap);
        this.tappedPorts.add(Number(port));
      }
    }
    const ack = await this.request({
      type: 'subscriberAnswer',
      jsep: { type: 'answer', sdp: pc.localDescription.sdp },
    });
    if (!ack.ok) throw new Error(`${this.name}: subscriberAnswer ${ack.error}`);
  }

  /** Active subscribed streams by kind. */
  activeStreams() {
    let audio = 0;
    let video = 0;
    for (const s of this.streams.values()) {
      if (!s.active) continue;
      if (s.kind === 'audio') audio++;
      else video++;
    }
    return { audio, video };
  }

  /** SSRCs that received something in the last 2 s. */
  receiving() {
    const since = performance.now() - 2000;
    let n = 0;
    for (const c of this.counters.values()) if (c.lastAt > since) n++;
    return n;
  }

  snapshot() {
    return new Map([...this.counters].map(([ssrc, c]) => [ssrc, c.snapshot()]));
  }

  async close() {
    this.closed = true;
    for (const port of this.tappedPorts) rtpTaps.delete(port);
    await this.request({ type: 'leave' }, 3000).catch(() => undefined);
    this.socket?.disconnect();
    await Promise.allSettled([this.publisher?.close(), this.subscriber?.close()]);
  }
}

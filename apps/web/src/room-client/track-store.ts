/** Where tracks live (never in the UI store): by member, source and kind. */
import type { MediaSource } from '@meet/shared';
import { LOCAL_PEER_ID, type TrackStore } from './types';

type Kind = 'audio' | 'video';

/** One received track: whose, from which source, of which kind. */
export type RemoteTrackEntry = [
  peerId: string,
  source: MediaSource,
  kind: Kind,
  track: MediaStreamTrack,
];

export class Tracks implements TrackStore {
  private readonly remote = new Map<string, MediaStreamTrack>();
  private readonly local = new Map<string, MediaStreamTrack>();
  myPeerId: string | null = null;

  private key(peerId: string, source: MediaSource, kind: Kind) {
    return `${peerId}/${source}/${kind}`;
  }

  get(peerId: string, source: MediaSource, kind: Kind): MediaStreamTrack | undefined {
    if (peerId === LOCAL_PEER_ID || peerId === this.myPeerId)
      return this.local.get(`${source}/${kind}`);
    const track = this.remote.get(this.key(peerId, source, kind));
    return track?.readyState === 'live' ? track : undefined;
  }

  setLocal(source: MediaSource, kind: Kind, track: MediaStreamTrack | null): void {
    if (track) this.local.set(`${source}/${kind}`, track);
    else this.local.delete(`${source}/${kind}`);
  }

  localTrack(source: MediaSource, kind: Kind): MediaStreamTrack | undefined {
    return this.local.get(`${source}/${kind}`);
  }

  /** Replaces every remote track at once; true when anything changed. */
  setRemote(entries: RemoteTrackEntry[]): boolean {
    const next = new Map(entries.map(([p, s, k, t]) => [this.key(p, s, k), t]));
    let changed = next.size !== this.remote.size;
    for (const [k, t] of next) if (this.remote.get(k) !== t) changed = true;
    this.remote.clear();
    for (const [k, t] of next) this.remote.set(k, t);
    return changed;
  }

  /** Every live audio track: mine (microphone, shared audio) and each member's I receive. */
  audioTracks(): MediaStreamTrack[] {
    const all: MediaStreamTrack[] = [];
    for (const [key, track] of this.local) if (key.endsWith('/audio')) all.push(track);
    for (const [key, track] of this.remote)
      if (key.endsWith('/audio') && track.readyState === 'live') all.push(track);
    return all.filter((t) => t.readyState === 'live');
  }

  stopLocal(): void {
    for (const track of this.local.values()) track.stop();
    this.local.clear();
  }
}

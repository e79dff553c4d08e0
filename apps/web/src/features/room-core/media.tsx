/**
 * Showing tracks: `useTrack` looks a track up in the client's track store (tracks never enter
 * the room store; tracksVersion only says "look again"), `TrackVideo` plays one, and
 * `RemoteAudio` plays every remote member's audio through the chosen speaker (at the volume
 * voice-volume.tsx gives: turned down while its interpretation plays for me).
 */
import { useEffect, useMemo, useRef } from 'react';
import type { MediaSource } from '@meet/shared';
import { useFrozenVideo } from './frozen-video';
import { useRoomClient, useRoomState } from './RoomContext';
// Interpretation (issue 10): a member's voice is turned down while their interpretation plays.
import { useVoiceVolume } from './voice-volume';

export function useTrack(
  peerId: string | null | undefined,
  source: MediaSource,
  kind: 'audio' | 'video',
): MediaStreamTrack | undefined {
  const client = useRoomClient();
  const version = useRoomState((s) => s.tracksVersion);
  // `version` is the "tracks changed" signal: the lookup must run again when it moves.
  return useMemo(
    () => (peerId && version >= 0 ? client.tracks.get(peerId, source, kind) : undefined),
    [client, peerId, source, kind, version],
  );
}

function useMediaElement<T extends HTMLMediaElement>(track: MediaStreamTrack | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.srcObject = track ? new MediaStream([track]) : null;
    // Autoplay can be refused before a user gesture; the next track change retries.
    if (track) void el.play?.()?.catch(() => undefined);
  }, [track]);
  return ref;
}

export function TrackVideo({
  track,
  mirror = false,
  fit = 'cover',
  onFrozenChange,
  onFrame,
}: {
  track: MediaStreamTrack | undefined;
  mirror?: boolean;
  fit?: 'cover' | 'contain';
  /** Told when the video stops decoding new frames for a while, and when it moves again. */
  onFrozenChange?: (frozen: boolean) => void;
  /** Told once the video has a frame to show (and again after a new track's first one). */
  onFrame?: () => void;
}) {
  const ref = useMediaElement<HTMLVideoElement>(track);
  const frozen = useFrozenVideo(ref, !!track && !!onFrozenChange);
  useEffect(() => onFrozenChange?.(frozen), [frozen, onFrozenChange]);
  return (
    <video
      ref={ref}
      onLoadedData={onFrame}
      className={`room-video room-video--${fit}${mirror ? ' room-video--mirror' : ''}`}
      autoPlay
      playsInline
      muted
    />
  );
}

type SinkCapable = HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };

function AudioTrack({
  track,
  sinkId,
  peerId,
  source,
  volume = 1,
}: {
  track: MediaStreamTrack;
  sinkId: string;
  peerId: string;
  source: 'camera' | 'screen';
  volume?: number;
}) {
  const ref = useMediaElement<SinkCapable>(track);
  useEffect(() => {
    const el = ref.current;
    if (el?.setSinkId && sinkId) void el.setSinkId(sinkId).catch(() => undefined);
  }, [ref, sinkId, track]);
  useEffect(() => {
    if (ref.current) ref.current.volume = volume;
  }, [ref, volume, track]);
  return <audio ref={ref} autoPlay data-peer-audio={peerId} data-audio-source={source} />;
}

function PeerAudio({ peerId, sinkId }: { peerId: string; sinkId: string }) {
  const camera = useTrack(peerId, 'camera', 'audio');
  const screen = useTrack(peerId, 'screen', 'audio');
  const volume = useVoiceVolume(peerId);
  return (
    <>
      {camera && (
        <AudioTrack
          track={camera}
          sinkId={sinkId}
          peerId={peerId}
          source="camera"
          volume={volume}
        />
      )}
      {screen && <AudioTrack track={screen} sinkId={sinkId} peerId={peerId} source="screen" />}
    </>
  );
}

export function RemoteAudio() {
  const peers = useRoomState((s) => s.peers);
  const sinkId = useRoomState((s) => s.settings.audioOutputID);
  return (
    <div className="room-audio" aria-hidden="true">
      {peers.map((p) => (
        <PeerAudio key={p.peerId} peerId={p.peerId} sinkId={sinkId} />
      ))}
    </div>
  );
}

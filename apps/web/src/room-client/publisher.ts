/**
 * One publishing peer connection (camera+microphone, or a screen share). Its audio and video
 * transceivers exist from the start, so turning a device on, off or switching it is a
 * replaceTrack, never a renegotiation. ICE restarts when the connection drops.
 */
import type { IceCandidate, Jsep, MediaSource } from '@meet/shared';
import { IceWatch } from './ice-watch';
import { tuneAnswer } from './sdp';

export interface PublisherSignals {
  publish(jsep: Jsep, audio: boolean, video: boolean): Promise<{ jsep: Jsep }>;
  trickle(candidate: IceCandidate | null): void;
  restartIce(jsep: Jsep): Promise<{ jsep: Jsep | null }>;
}

/** 1280x720 camera: three simulcast layers at 200k, 600k and 1.2M bit/s. */
const CAMERA_ENCODINGS: RTCRtpEncodingParameters[] = [
  { rid: 'h', maxBitrate: 1_200_000 },
  { rid: 'm', maxBitrate: 600_000, scaleResolutionDownBy: 2 },
  { rid: 'l', maxBitrate: 200_000, scaleResolutionDownBy: 4 },
];

export class Publisher {
  readonly pc: RTCPeerConnection;
  private readonly audio: RTCRtpTransceiver;
  private readonly video: RTCRtpTransceiver;
  private readonly ice: IceWatch;
  private closed = false;

  constructor(
    readonly source: MediaSource,
    private readonly signals: PublisherSignals,
    rtc: RTCConfiguration,
    audioTrack: MediaStreamTrack | null,
    videoTrack: MediaStreamTrack | null,
    onState: (state: RTCPeerConnectionState) => void,
  ) {
    this.pc = new RTCPeerConnection(rtc);
    const stream = new MediaStream();
    this.audio = this.pc.addTransceiver(audioTrack ?? 'audio', {
      direction: 'sendonly',
      streams: [stream],
    });
    this.video = this.pc.addTransceiver(videoTrack ?? 'video', {
      direction: 'sendonly',
      streams: [stream],
      // Screen shares are sent as one layer (SPEC.md: sharing simulcast off).
      sendEncodings: source === 'camera' ? CAMERA_ENCODINGS : [{ maxBitrate: 2_500_000 }],
    });
    this.pc.onicecandidate = (e) =>
      signals.trickle(e.candidate ? (e.candidate.toJSON() as IceCandidate) : null);
    this.ice = new IceWatch(this.pc, () => this.restartIce(), onState);
  }

  async start(): Promise<void> {
    const offer = await this.pc.createOffer();
    await this.pc.setLocalDescription(offer);
    const { jsep } = await this.signals.publish(
      { type: 'offer', sdp: offer.sdp! },
      !!this.audio.sender.track,
      !!this.video.sender.track,
    );
    await this.pc.setRemoteDescription({ type: 'answer', sdp: tuneAnswer(jsep.sdp) });
    await this.capAudio();
  }

  private async capAudio(): Promise<void> {
    const params = this.audio.sender.getParameters();
    if (params.encodings?.[0]) {
      params.encodings[0].maxBitrate = 40_000;
      await this.audio.sender.setParameters(params).catch(() => undefined);
    }
  }

  get audioTrack(): MediaStreamTrack | null {
    return this.audio.sender.track;
  }

  get videoTrack(): MediaStreamTrack | null {
    return this.video.sender.track;
  }

  async replaceAudio(track: MediaStreamTrack | null): Promise<void> {
    await this.audio.sender.replaceTrack(track);
  }

  async replaceVideo(track: MediaStreamTrack | null): Promise<void> {
    await this.video.sender.replaceTrack(track);
  }

  async restartIce(): Promise<void> {
    if (this.closed || !this.ice.down) return;
    try {
      const offer = await this.pc.createOffer({ iceRestart: true });
      await this.pc.setLocalDescription(offer);
      const { jsep } = await this.signals.restartIce({ type: 'offer', sdp: offer.sdp! });
      if (jsep) await this.pc.setRemoteDescription({ type: 'answer', sdp: tuneAnswer(jsep.sdp) });
    } catch (error) {
      console.warn('room-client: publisher ICE restart failed', error);
      // No answer (the network is still gone): back to the last agreed description, so the
      // next try (IceWatch) or a renegotiation starts from a stable state.
      if (!this.closed && this.pc.signalingState === 'have-local-offer')
        await this.pc.setLocalDescription({ type: 'rollback' }).catch(() => undefined);
    }
  }

  /** Outbound statistics: round-trip time to the media server. */
  async rttMs(): Promise<number | null> {
    const stats = await this.pc.getStats();
    let rtt: number | null = null;
    stats.forEach(
      (s: { type: string; nominated?: boolean; state?: string; currentRoundTripTime?: number }) => {
        if (
          s.type === 'candidate-pair' &&
          s.nominated &&
          s.state === 'succeeded' &&
          s.currentRoundTripTime !== undefined
        ) {
          rtt = s.currentRoundTripTime * 1000;
        }
      },
    );
    return rtt;
  }

  /** Closes the connection; the tracks stay with their owner. */
  close(): void {
    this.closed = true;
    this.ice.stop();
    this.pc.onicecandidate = null;
    this.pc.close();
  }
}

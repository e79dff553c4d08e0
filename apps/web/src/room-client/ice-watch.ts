/**
 * Heals a peer connection's transport before the socket notices anything: when ICE (or the
 * whole connection) says `disconnected` or `failed`, ICE restarts after a moment (a brief
 * disconnect often heals by itself), and again every few seconds for as long as it stays down —
 * SPEC.md's "ICE restart on a disconnected transport". A reconnect of the socket rebuilds the
 * connections anyway; this is for a media path that broke while signalling stayed up (another
 * network, a NAT rebinding, a relay gone).
 */
export const FIRST_RESTART_MS = 1500;
export const RESTART_EVERY_MS = 5000;

type PeerConnectionLike = Pick<RTCPeerConnection, 'connectionState' | 'iceConnectionState'> & {
  onconnectionstatechange: RTCPeerConnection['onconnectionstatechange'];
  oniceconnectionstatechange: RTCPeerConnection['oniceconnectionstatechange'];
};

export class IceWatch {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly pc: PeerConnectionLike,
    private readonly restart: () => Promise<void>,
    onState: (state: RTCPeerConnectionState) => void,
  ) {
    pc.onconnectionstatechange = () => {
      onState(pc.connectionState);
      this.check();
    };
    pc.oniceconnectionstatechange = () => this.check();
  }

  /** The transport is down now (not merely still connecting). */
  get down(): boolean {
    const ice = this.pc.iceConnectionState;
    const all = this.pc.connectionState;
    return ice === 'disconnected' || ice === 'failed' || all === 'disconnected' || all === 'failed';
  }

  private check(): void {
    if (this.stopped) return;
    if (!this.down) {
      clearTimeout(this.timer);
      this.timer = undefined;
    } else if (this.timer === undefined) {
      this.timer = setTimeout(() => void this.attempt(), FIRST_RESTART_MS);
    }
  }

  private async attempt(): Promise<void> {
    this.timer = undefined;
    if (this.stopped || !this.down) return;
    await this.restart().catch(() => undefined);
    // Still down (the restart's checks failed, or its request did): again in a while.
    if (!this.stopped && this.down && this.timer === undefined)
      this.timer = setTimeout(() => void this.attempt(), RESTART_EVERY_MS);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.pc.onconnectionstatechange = null;
    this.pc.oniceconnectionstatechange = null;
  }
}

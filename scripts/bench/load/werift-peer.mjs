// The werift peer connection of a synthetic member (member.mjs): its codecs and header
// extensions, as Janus negotiates them with the web client, and the wait for its candidates.
import { RTCRtpCodecParameters, useSdesMid } from 'werift';
import { AUDIO, VIDEO } from './media-source.mjs';

/**
 * werift's configuration. The subscriber does not NACK (a member that falls behind would
 * otherwise ask Janus to resend what it dropped, and fall further behind): its loss is counted,
 * not repaired.
 */
export const peerConfig = ({ nack = true } = {}) => ({
  iceServers: [],
  iceUseIpv6: false,
  bundlePolicy: 'max-bundle',
  codecs: {
    audio: [
      new RTCRtpCodecParameters({
        mimeType: 'audio/opus',
        clockRate: 48000,
        channels: 2,
        payloadType: AUDIO.payloadType,
      }),
    ],
    video: [
      new RTCRtpCodecParameters({
        mimeType: 'video/VP8',
        clockRate: 90000,
        payloadType: VIDEO.payloadType,
        rtcpFeedback: nack
          ? [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }]
          : [{ type: 'nack', parameter: 'pli' }],
      }),
    ],
  },
  headerExtensions: { audio: [useSdesMid()], video: [useSdesMid()] },
});

/** Resolves when the connection gathered its candidates (the SDP then carries them all). */
export function gathered(pc) {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
      if (state === 'complete') {
        unSubscribe();
        resolve();
      }
    });
  });
}

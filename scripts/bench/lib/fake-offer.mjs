// An SDP offer Janus accepts for a publisher (one Opus audio and one VP8 video m-line; the video
// alone when `withAudio` is false), for benchmarks that need real feeds in the Janus room without
// sending media. A copy of the server tests' fakeOffer (apps/server/test/room-members.ts): the
// bench scripts do not import test files.

/** @returns {{ type: 'offer', sdp: string }} */
export function fakeOffer(withAudio = true) {
  const fingerprint = Array.from({ length: 32 }, (_, i) =>
    (i + 16).toString(16).toUpperCase(),
  ).join(':');
  const common = [
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    'a=ice-ufrag:test',
    'a=ice-pwd:abcdefghijklmnopqrstuvwx',
    'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${fingerprint}`,
    'a=setup:actpass',
  ];
  const lines = [
    'v=0',
    'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    `a=group:BUNDLE ${withAudio ? '0 1' : '1'}`,
    'a=msid-semantic: WMS stream',
  ];
  if (withAudio) {
    lines.push(
      'm=audio 9 UDP/TLS/RTP/SAVPF 111',
      ...common,
      'a=mid:0',
      'a=sendonly',
      'a=rtcp-mux',
      'a=rtpmap:111 opus/48000/2',
      'a=fmtp:111 minptime=10;useinbandfec=1',
      'a=ssrc:11111111 cname:test',
      'a=ssrc:11111111 msid:stream audio0',
    );
  }
  lines.push(
    'm=video 9 UDP/TLS/RTP/SAVPF 96',
    ...common,
    'a=mid:1',
    'a=sendonly',
    'a=rtcp-mux',
    'a=rtpmap:96 VP8/90000',
    'a=rtcp-fb:96 nack',
    'a=rtcp-fb:96 nack pli',
    'a=ssrc:22222222 cname:test',
    'a=ssrc:22222222 msid:stream video0',
  );
  return { type: 'offer', sdp: `${lines.join('\r\n')}\r\n` };
}

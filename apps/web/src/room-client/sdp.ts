/**
 * SDP adjustments Janus answers do not carry: Opus mono with DTX and FEC at 40 kbit/s, and a
 * 1000 kbit/s start bitrate for video (SPEC.md section 9).
 */
const OPUS_PARAMS = { stereo: '0', usedtx: '1', useinbandfec: '1', maxaveragebitrate: '40000' };

function payloadTypes(sdp: string, codec: string): string[] {
  const re = new RegExp(`^a=rtpmap:(\\d+) ${codec}/`, 'gim');
  return [...sdp.matchAll(re)].map((m) => m[1]!);
}

function setFmtp(sdp: string, pt: string, params: Record<string, string>): string {
  const lines = sdp.split('\r\n');
  const index = lines.findIndex((l) => l.startsWith(`a=fmtp:${pt} `));
  if (index >= 0) {
    const current = new Map(
      lines[index]!.slice(`a=fmtp:${pt} `.length)
        .split(';')
        .filter(Boolean)
        .map((kv) => kv.split('=') as [string, string]),
    );
    for (const [k, v] of Object.entries(params)) current.set(k, v);
    lines[index] = `a=fmtp:${pt} ${[...current].map(([k, v]) => `${k}=${v}`).join(';')}`;
  } else {
    const rtpmap = lines.findIndex((l) => l.startsWith(`a=rtpmap:${pt} `));
    if (rtpmap >= 0) {
      lines.splice(
        rtpmap + 1,
        0,
        `a=fmtp:${pt} ${Object.entries(params)
          .map(([k, v]) => `${k}=${v}`)
          .join(';')}`,
      );
    }
  }
  return lines.join('\r\n');
}

/** Applied to Janus's answer before the browser uses it to configure its encoders. */
export function tuneAnswer(sdp: string): string {
  let out = sdp;
  for (const pt of payloadTypes(out, 'opus')) out = setFmtp(out, pt, OPUS_PARAMS);
  for (const pt of payloadTypes(out, 'VP8'))
    out = setFmtp(out, pt, { 'x-google-start-bitrate': '1000' });
  return out;
}

/**
 * My answer to a Janus offer, with me as the DTLS server (`a=setup:passive`) rather than the
 * browser's default client. Janus drops a ClientHello that comes before its own ICE checks have
 * finished, and the browser tries again only 50 ms later; as the client Janus starts the
 * handshake as soon as it is ready, and the connection is up about 40 ms sooner.
 */
export function dtlsPassive(sdp: string): string {
  return sdp.replace(/^a=setup:active$/gm, 'a=setup:passive');
}

// Run-time adjustments of werift for many connections in one process (nothing in node_modules
// is changed):
// - SRTP keys as KeyObjects. werift passes raw Buffers to createCipheriv/createHmac for every
//   packet, and Node 24 turns a Buffer key into a key object each time: ~25 µs per packet with a
//   Buffer, ~6 µs with a KeyObject (AES-128-GCM, 1,100 bytes, measured on this machine).
// - Bigger UDP receive buffers than Linux's default 208 KB (up to net.core.rmem_max): a member's
//   socket takes ~1,700 packets/s at 25 members, and a pause of the event loop (GC, the machine
//   busy) would otherwise overflow it.
// - Header-only receiving (rtpTaps below).
import { createSecretKey } from 'node:crypto';
import { SrtpSession, UdpTransport } from 'werift';

const asKey = (k) => (Buffer.isBuffer(k) ? createSecretKey(k) : k);
const KEY_FIELDS = [
  'srtpSessionKey',
  'srtcpSessionKey',
  'srtpSessionAuthTag',
  'srtcpSessionAuthTag',
];

// SrtpSession and SrtcpSession share their parent's start(), which makes both contexts.
const session = Object.getPrototypeOf(SrtpSession.prototype);
const start = session.start;
session.start = function startWithKeyObjects(...args) {
  start.apply(this, args);
  for (const context of [this.localContext, this.remoteContext]) {
    const cipher = context?.cipher;
    if (!cipher) continue;
    for (const field of KEY_FIELDS) if (field in cipher) cipher[field] = asKey(cipher[field]);
  }
};

export const RECV_BUFFER = 4 * 1024 * 1024;

/**
 * Header-only receiving: datagrams arriving on a local UDP port with a tap here are, when they
 * are RTP (not STUN, DTLS or RTCP), handed to the tap and go no further. SRTP leaves the RTP
 * header in the clear (SSRC, sequence number, marker bit, timestamp), which is all the counting
 * needs; decrypting and authenticating every packet in JavaScript would make the tool, not Janus,
 * the bottleneck. ICE (STUN consent checks), DTLS and RTCP still go through werift. Ports without
 * a tap receive through werift's whole pipeline.
 */
export const rtpTaps = new Map();

const isRtp = (buf) =>
  buf.length >= 12 && (buf[0] & 0xc0) === 0x80 && (buf[1] < 192 || buf[1] > 223);

const init = UdpTransport.prototype.init;
UdpTransport.prototype.init = async function initTuned() {
  await init.call(this);
  try {
    this.socket.setRecvBufferSize(RECV_BUFFER);
  } catch {
    // kept at the default
  }
  const port = this.socket.address().port;
  const listeners = this.socket.listeners('message');
  this.socket.removeAllListeners('message');
  this.socket.on('message', (data, info) => {
    const tap = rtpTaps.get(port);
    if (tap && isRtp(data)) {
      tap(data);
      return;
    }
    for (const listener of listeners) listener.call(this.socket, data, info);
  });
};

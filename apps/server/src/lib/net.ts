/** Facts about network addresses. */

/** Whether an address is this machine: 127.0.0.0/8 or ::1, also in IPv4-mapped IPv6 form. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/**
 * Headers a proxy adds to say whom it forwards for. A reverse proxy on this machine connects
 * from loopback, and some (nginx with only `proxy_set_header X-Real-IP`) send just one of these,
 * so any of them means the request is someone else's.
 */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
  'x-proxyuser-ip',
  'x-envoy-external-address',
]);

/** Whether a request carries any header by which a proxy names the client it forwards for. */
export function hasForwardingHeader(headers: Record<string, unknown>): boolean {
  return Object.keys(headers).some((name) => {
    const lower = name.toLowerCase();
    return lower.startsWith('x-forwarded-') || FORWARDING_HEADERS.has(lower);
  });
}

/**
 * Whether a request comes from this machine itself and not through a proxy (development-only
 * routes answer nothing else): a loopback socket and no forwarding header of any kind.
 */
export function isFromThisMachine(request: {
  socket: { remoteAddress?: string };
  headers: Record<string, unknown>;
}): boolean {
  return isLoopback(request.socket.remoteAddress) && !hasForwardingHeader(request.headers);
}

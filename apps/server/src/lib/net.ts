/** Facts about network addresses. */

/** Whether an address is this machine: 127.0.0.0/8 or ::1, also in IPv4-mapped IPv6 form. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/**
 * Whether a request comes from this machine itself and not through a proxy (development-only
 * routes answer nothing else): a loopback socket and no X-Forwarded-For.
 */
export function isFromThisMachine(request: {
  socket: { remoteAddress?: string };
  headers: Record<string, unknown>;
}): boolean {
  return (
    isLoopback(request.socket.remoteAddress) && request.headers['x-forwarded-for'] === undefined
  );
}

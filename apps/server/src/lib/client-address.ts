/**
 * The client's own address for a raw HTTP request (a socket.io handshake), with the same
 * `TRUST_PROXY` rules Fastify applies to API calls: behind a trusted proxy, the last address its
 * forwarding headers name that is not itself a trusted proxy.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

type Trust = (address: string, hop: number) => boolean;

function trustOf(trustProxy: boolean | number | string[]): Trust | undefined {
  if (trustProxy === false) return undefined;
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return proxyAddr.compile(trustProxy);
}

/** Gives the address of whoever sent a request. */
export function clientAddresses(
  trustProxy: boolean | number | string[],
): (request: IncomingMessage) => string | undefined {
  const trust = trustOf(trustProxy);
  if (!trust) return (request) => request.socket.remoteAddress;
  return (request) => proxyAddr(request, trust);
}

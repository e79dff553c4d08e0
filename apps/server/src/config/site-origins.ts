/**
 * The origins this site is reached at, from configuration only: PUBLIC_URL's origin and any in
 * SITE_ORIGINS; with neither (the embedded default, `npm start` on a laptop) this machine's own
 * addresses on PORT. Addresses given back to the browser as a way home (payment return URLs, the
 * OpenID Connect redirect) must be on one of them: the request's Host header is the client's to
 * choose, so it never widens the list.
 */
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

/** `os.networkInterfaces()`'s shape, passed in so tests can give a machine of their own. */
export type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/** The origin of an http(s) address, or undefined when it is not one. */
function httpOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** This machine's addresses, as URL hosts: loopback names first, then every interface's. */
function machineHosts(interfaces: Interfaces): string[] {
  const hosts = ['localhost', '127.0.0.1', '[::1]'];
  for (const infos of Object.values(interfaces)) {
    for (const info of infos ?? []) {
      // A link-local IPv6 address needs a zone (fe80::1%eth0), which URLs cannot carry.
      if (info.family === 'IPv6' && info.scopeid) continue;
      hosts.push(info.family === 'IPv6' ? `[${info.address}]` : info.address);
    }
  }
  return hosts;
}

/**
 * The site's origins, first the one to use when a request's own is not among them. Throws (with
 * the message for a ConfigError) when PUBLIC_URL or an entry of SITE_ORIGINS is not an http(s)
 * address.
 */
export function siteOrigins(
  env: { PUBLIC_URL?: string | undefined; SITE_ORIGINS?: string | undefined; PORT: number },
  fail: (message: string) => Error,
  interfaces: Interfaces = networkInterfaces(),
): string[] {
  const origins: string[] = [];
  if (env.PUBLIC_URL) {
    const origin = httpOrigin(env.PUBLIC_URL);
    if (!origin) throw fail(`PUBLIC_URL: expected an http:// or https:// address`);
    origins.push(origin);
  }
  for (const entry of (env.SITE_ORIGINS ?? '').split(',')) {
    const value = entry.trim();
    if (!value) continue;
    const origin = httpOrigin(value);
    if (!origin) throw fail(`SITE_ORIGINS: expected http:// or https:// origins, got "${value}"`);
    origins.push(origin);
  }
  if (origins.length === 0) {
    for (const host of machineHosts(interfaces)) {
      const origin = httpOrigin(`http://${host}:${env.PORT}`);
      if (origin) origins.push(origin);
    }
  }
  return [...new Set(origins)];
}

/** Whether an address is a page of this site: http(s) and on one of its origins. */
export function isSiteUrl(url: string, origins: readonly string[]): boolean {
  const origin = httpOrigin(url);
  return origin !== undefined && origins.includes(origin);
}

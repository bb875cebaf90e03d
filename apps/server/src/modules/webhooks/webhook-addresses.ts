import dns, { type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where deliveries may not go unless `WEBHOOK_ALLOW_PRIVATE_URLS` is on: the server's own
 * network (loopback, private, link-local and cloud metadata addresses). A store could otherwise
 * make the server POST into the network it runs in (decision 0034).
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is checked as IPv4.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
    return PRIVATE.check(address, 'ipv6');
  }
  return PRIVATE.check(address, 'ipv4');
}

/** Why an endpoint's address is refused (when registered and before each delivery), or null. */
export function refusedUrl(url: string, allowPrivate: boolean): string | null {
  if (allowPrivate) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return 'Use an https:// address';
  // `localhost.` (a fully qualified name) is `localhost`.
  const host = parsed.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host)) {
    return 'Use a public address: deliveries cannot go to a private network';
  }
  return null;
}

/** A name that answered with an address of the server's own network. */
export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} points at a private address; deliveries cannot go there`);
    this.name = 'PrivateAddressError';
  }
}

type Resolve = (
  host: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

// `dns.lookup` read at each call, not bound at import: a test can answer for it (webhooks.test.ts).
const resolveAll: Resolve = (host, callback) => dns.lookup(host, { all: true }, callback);

/**
 * The name lookup a delivery's connection uses: it refuses the connection when any of the
 * name's addresses is private, and the socket connects to an address it returned. Checking the
 * name in a separate lookup before connecting would leave a gap: a name can answer a public
 * address to the check and a private one to the connection (DNS rebinding). `resolve` is the
 * system's lookup, or a test's.
 */
export function publicOnlyLookup(resolve: Resolve = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, found) => {
      if (error) return callback(error, '');
      if (found.some((a) => isPrivateAddress(a.address))) {
        return callback(new PrivateAddressError(hostname), '');
      }
      const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
      const addresses = family ? found.filter((a) => a.family === family) : found;
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) {
        return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      }
      callback(null, first.address, first.family);
    });
  };
}

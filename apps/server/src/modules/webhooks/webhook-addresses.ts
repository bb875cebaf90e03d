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
  // NAT64 for local use (RFC 8215): translates into the operator's own IPv4 network.
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  // Site-local (deprecated, still routed locally by some networks).
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail read as two groups), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const words = (part: string | undefined) => (part ? part.split(':').map((w) => parseInt(w, 16)) : []);
  const [head, rest] = text.split('::');
  const before = words(head);
  const after = words(rest);
  const groups =
    rest === undefined
      ? before
      : [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
  return groups.length === 8 ? groups : null;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 addresses an IPv6 address carries, in the forms where a packet to it reaches (or is
 * translated to, or tunnelled to) that IPv4 address: IPv4-compatible `::a.b.c.d`, IPv4-mapped
 * `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d` (RFC 6052),
 * 6to4 `2002:AABB:CCDD::/48` (RFC 3056) and Teredo `2001:0::/32` (RFC 4380: the server's
 * address, and the client's stored inverted). Null for an address of the NAT64 prefix
 * `64:ff9b::/32` outside its /96: no translator uses it, so it is refused.
 */
function embeddedIPv4(groups: number[]): string[] | null {
  const g = groups;
  const zero = (from: number, to: number) => g.slice(from, to).every((w) => w === 0);
  if (zero(0, 5) && (g[5] === 0 || g[5] === 0xffff)) return [ipv4Of(g[6]!, g[7]!)];
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return [ipv4Of(g[6]!, g[7]!)];
  if (g[0] === 0x64 && g[1] === 0xff9b) return zero(2, 6) ? [ipv4Of(g[6]!, g[7]!)] : null;
  if (g[0] === 0x2002) return [ipv4Of(g[1]!, g[2]!)];
  if (g[0] === 0x2001 && g[1] === 0) return [ipv4Of(g[2]!, g[3]!), ipv4Of(g[6]! ^ 0xffff, g[7]! ^ 0xffff)];
  return [];
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  // An IPv6 address is refused when it is of a private range, or carries an IPv4 address that
  // is (::7f00:1, ::ffff:127.0.0.1, 64:ff9b::7f00:1, 2002:7f00:1:: …): the packet ends up there.
  const groups = ipv6Groups(address);
  if (!groups || PRIVATE.check(address.replace(/%.*$/, ''), 'ipv6')) return true;
  const carried = embeddedIPv4(groups);
  return carried === null || carried.some((v4) => PRIVATE.check(v4, 'ipv4'));
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

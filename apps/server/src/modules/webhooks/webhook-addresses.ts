import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

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

/** Why an endpoint's address is refused when registered, or null when it is fine. */
export function refusedUrl(url: string, allowPrivate: boolean): string | null {
  if (allowPrivate) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return 'Use an https:// address';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host)) {
    return 'Use a public address: deliveries cannot go to a private network';
  }
  return null;
}

/**
 * Checks, just before a delivery, that the host's addresses are public. The address is looked
 * up again when connecting, so a name that changes its answer in between is not caught: the
 * decision record says so.
 */
export async function refusedAtDelivery(url: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const refused = refusedUrl(url, false);
  if (refused) return refused;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  const addresses = await lookup(host, { all: true });
  return addresses.some((a) => isPrivateAddress(a.address))
    ? `${host} points at a private address; deliveries cannot go there`
    : null;
}

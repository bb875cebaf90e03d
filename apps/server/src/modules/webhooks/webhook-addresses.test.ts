import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, PrivateAddressError, publicOnlyLookup, refusedUrl } from './webhook-addresses.js';

/** A resolver answering `answers` for every name, as the system's lookup with `all: true` would. */
const answering =
  (answers: LookupAddress[]) =>
  (_host: string, callback: (e: NodeJS.ErrnoException | null, a: LookupAddress[]) => void) =>
    callback(null, answers);

/** Runs a lookup as a socket would, answering `{ error, address, family }`. */
function look(lookup: LookupFunction, host: string, options: Parameters<LookupFunction>[1]) {
  return new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) =>
    lookup(host, options, (error, address, family) => resolve({ error, address, family })),
  );
}

describe('webhook addresses', () => {
  it('tells private addresses from public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses an IPv6 address that carries a private IPv4 one, and lets one carrying a public IPv4 through', () => {
    for (const a of [
      // IPv4-compatible, IPv4-mapped and IPv4-translated forms of 127.0.0.1 and 10.0.0.1.
      '::127.0.0.1',
      '::7f00:1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a00:1',
      '::ffff:0:127.0.0.1',
      // NAT64, well-known prefix (RFC 6052): loopback, cloud metadata, private.
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::c0a8:101',
      // NAT64 for local use (RFC 8215), whatever it carries; the well-known /32 outside its /96.
      '64:ff9b:1::808:808',
      '64:ff9b:1:2::1',
      '64:ff9b:0:0:1::808:808',
      // 6to4 of 127.0.0.1 and 192.168.1.1.
      '2002:7f00:1::',
      '2002:c0a8:101::1',
      // Teredo whose client (stored inverted) is 127.0.0.1, and whose server is 10.0.0.1.
      '2001:0:808:808::80ff:fffe',
      '2001:0:a00:1::f7f7:f7f7',
      // Site-local, and a zone on a link-local address.
      'fec0::1',
      'fe80::1%eth0',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of [
      '64:ff9b::808:808',
      '64:ff9b::8.8.8.8',
      '::ffff:8.8.8.8',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    ])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses local names and private literals when registered, a fully qualified localhost too', () => {
    for (const url of [
      'https://localhost/x',
      'https://localhost./x',
      'https://api.localhost/x',
      'https://[::1]/x',
      'https://10.0.0.1/x',
      // IPv6 literals of 127.0.0.1 (the URL parser writes them as ::7f00:1, ::ffff:7f00:1 …).
      'https://[::127.0.0.1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:7f00:1]/x',
      'https://[64:ff9b::7f00:1]:8443/x',
      'https://[64:ff9b::127.0.0.1]/x',
      'https://[2002:7f00:1::]/x',
    ])
      expect(refusedUrl(url, false), url).toMatch(/public address/);
    expect(refusedUrl('http://example.com/x', false)).toMatch(/https/);
    expect(refusedUrl('https://hooks.example.com/x', false)).toBeNull();
    expect(refusedUrl('https://[64:ff9b::808:808]/x', false)).toBeNull();
    expect(refusedUrl('http://127.0.0.1:9/x', true)).toBeNull();
  });

  it('connects to a public answer, in the form the socket asks for', async () => {
    const lookup = publicOnlyLookup(
      answering([
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ]),
    );
    expect(await look(lookup, 'hooks.example.com', {})).toEqual({
      error: null,
      address: '93.184.216.34',
      family: 4,
    });
    expect(await look(lookup, 'hooks.example.com', { family: 6 })).toEqual({
      error: null,
      address: '2606:2800:220:1::1',
      family: 6,
    });
    const all = await look(lookup, 'hooks.example.com', { all: true });
    expect(all.error).toBeNull();
    expect(all.address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
  });

  it("refuses the connection when any answer is private (a name rebound to the server's network)", async () => {
    for (const answers of [
      [{ address: '127.0.0.1', family: 4 }],
      [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
      [{ address: '::ffff:169.254.169.254', family: 6 }],
      // What DNS64 answers for a name whose A record is 127.0.0.1, and the metadata address.
      [
        { address: '2606:2800:220:1::1', family: 6 },
        { address: '64:ff9b::7f00:1', family: 6 },
      ],
      [{ address: '64:ff9b::a9fe:a9fe', family: 6 }],
      [{ address: '::7f00:1', family: 6 }],
      [{ address: '2002:a00:1::1', family: 6 }],
    ]) {
      for (const options of [{}, { all: true }]) {
        const { error } = await look(publicOnlyLookup(answering(answers)), 'hooks.example.com', options);
        expect(error).toBeInstanceOf(PrivateAddressError);
        expect(error!.message).toBe(
          'hooks.example.com points at a private address; deliveries cannot go there',
        );
      }
    }
  });

  it("passes the resolver's own failure on, and answers ENOTFOUND when no address has the family asked for", async () => {
    const failing = publicOnlyLookup((_h, cb) =>
      cb(Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' }), []),
    );
    const failed = await look(failing, 'nowhere.invalid', {});
    expect((failed.error as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
    const v4only = publicOnlyLookup(answering([{ address: '93.184.216.34', family: 4 }]));
    const none = await look(v4only, 'hooks.example.com', { family: 6 });
    expect((none.error as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
  });
});

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

  it('refuses local names and private literals when registered, a fully qualified localhost too', () => {
    for (const url of [
      'https://localhost/x',
      'https://localhost./x',
      'https://api.localhost/x',
      'https://[::1]/x',
      'https://10.0.0.1/x',
    ])
      expect(refusedUrl(url, false), url).toMatch(/public address/);
    expect(refusedUrl('http://example.com/x', false)).toMatch(/https/);
    expect(refusedUrl('https://hooks.example.com/x', false)).toBeNull();
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

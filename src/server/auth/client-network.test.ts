import { describe, expect, it } from 'vitest';
import { clientNetworks, isTrustedProxy } from './client-network.ts';

describe('clientNetworks', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9', null],
    ['::ffff:203.0.113.9', '203.0.113.9', null],
    ['::FFFF:198.51.100.1', '198.51.100.1', null],
    ['2001:db8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64', '2001:db8:aa::/48'],
    ['2001:db8::1', '2001:db8:0:0::/64', '2001:db8:0::/48'],
    ['::1', '0:0:0:0::/64', '0:0:0::/48'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64', 'fe80:0:0::/48'],
    // IPv4 inside IPv6 is that IPv4 address, in any notation, also through a NAT64 translator.
    ['::ffff:c000:221', '192.0.2.33', null],
    ['64:ff9b::192.0.2.33', '192.0.2.33', null],
    ['64:ff9b::c000:221', '192.0.2.33', null],
    ['2001:db8::ffff:c000:221', '2001:db8:0:0::/64', '2001:db8:0::/48'],
  ])('%s counts as %s and %s', (address, own, wider) => {
    expect(clientNetworks(address)).toEqual({ own, wider });
  });
});

describe('isTrustedProxy', () => {
  it.each([
    // TRUST_PROXY=1: a proxy on this machine, whatever the socket calls loopback.
    [['loopback'], '127.0.0.1', true],
    [['loopback'], '127.0.1.1', true],
    [['loopback'], '::1', true],
    [['loopback'], '::ffff:127.0.0.1', true],
    [['loopback'], '10.0.0.5', false],
    [['loopback'], '::ffff:10.0.0.5', false],
    [['loopback'], '2001:db8::1', false],
    // Named proxies only, in any notation of their address.
    [['10.0.0.5'], '10.0.0.5', true],
    [['10.0.0.5'], '::ffff:10.0.0.5', true],
    [['10.0.0.5'], '127.0.0.1', false],
    [['2001:db8::7'], '2001:db8:0:0:0:0:0:7', true],
    [['2001:db8::7'], '2001:db8::8', false],
    [[], '127.0.0.1', false],
    [['loopback'], undefined, false],
  ])('with %o trusts %s: %s', (proxies, peer, trusted) => {
    expect(isTrustedProxy(proxies, peer)).toBe(trusted);
  });
});

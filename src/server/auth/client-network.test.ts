import { describe, expect, it } from 'vitest';
import { clientNetworks } from './client-network.ts';

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

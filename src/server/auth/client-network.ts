import { isIP } from 'node:net';

/**
 * The networks a client's address counts for (issue 15, M3). One IPv6 customer usually holds a
 * whole /64, often a /48, and can rotate through it at will, so limits key IPv6 by those
 * prefixes; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, as a dual-stack socket reports IPv4
 * clients) is that IPv4 address. `wider` is the second tier, null for IPv4.
 */
export function clientNetworks(address: string): { own: string; wider: string | null } {
  if (isIP(address) !== 6) return { own: address, wider: null };
  const groups = expandIpv6(address);
  // An IPv4 address inside IPv6, in any notation (`::ffff:c000:221` is `::ffff:192.0.2.33`):
  // IPv4-mapped (::ffff:0:0/96) and the NAT64 well-known prefix (64:ff9b::/96, RFC 6052). Keyed
  // by /64 instead, every IPv4 client behind a translator would share one limit.
  const embedded = isMapped(groups) || isNat64(groups) ? ipv4Of(groups) : null;
  if (embedded) return { own: embedded, wider: null };
  return { own: `${prefix(groups, 4)}::/64`, wider: `${prefix(groups, 3)}::/48` };
}

/**
 * Whether the socket's peer is one of the reverse proxies TRUST_PROXY names (config.ts), so its
 * X-Forwarded-* count: `loopback` is any proxy on this machine. Compared as addresses, so that
 * `::ffff:10.0.0.5` is `10.0.0.5` and `2001:db8::7` any spelling of it (issue 18).
 */
export function isTrustedProxy(proxies: readonly string[], peer: string | undefined): boolean {
  if (peer === undefined || isIP(peer) === 0) return false;
  const address = canonical(peer);
  return proxies.some((proxy) =>
    proxy === 'loopback' ? address === '0:0:0:0:0:0:0:1' || address.startsWith('127.') : canonical(proxy) === address,
  );
}

/** An IPv4 address (also one mapped into IPv6) as it is; IPv6 as its eight groups in full. */
function canonical(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = expandIpv6(address);
  return isMapped(groups) ? ipv4Of(groups) : groups.map((group) => group.toString(16)).join(':');
}

const isMapped = (groups: number[]) => groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
const isNat64 = (groups: number[]) =>
  groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);

function ipv4Of(groups: number[]): string {
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (without a zone), as numbers. */
function expandIpv6(address: string): number[] {
  const bare = address.split('%')[0] ?? '';
  const [head = '', tail] = bare.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const toGroups = (parts: string[]) =>
    parts.flatMap((piece) => {
      if (!piece.includes('.')) return [parseInt(piece, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number); // an embedded IPv4 tail
      return [(a << 8) | b, (c << 8) | d];
    });
  const front = toGroups(part(head));
  const back = tail === undefined ? [] : toGroups(part(tail));
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function prefix(groups: number[], count: number): string {
  return groups
    .slice(0, count)
    .map((group) => group.toString(16))
    .join(':');
}

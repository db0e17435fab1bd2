import { isIP } from 'node:net';

/**
 * The networks a client's address counts for (issue 15, M3). One IPv6 customer usually holds a
 * whole /64, often a /48, and can rotate through it at will, so limits key IPv6 by those
 * prefixes; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, as a dual-stack socket reports IPv4
 * clients) is that IPv4 address. `wider` is the second tier, null for IPv4.
 */
export function clientNetworks(address: string): { own: string; wider: string | null } {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (mapped && isIP(mapped) === 4) return { own: mapped, wider: null };
  if (isIP(address) !== 6) return { own: address, wider: null };
  const groups = expandIpv6(address);
  return { own: `${prefix(groups, 4)}::/64`, wider: `${prefix(groups, 3)}::/48` };
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

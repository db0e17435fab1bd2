import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * A file fetched from an address a clerk gave: a market's image for the build (image-download.ts),
 * a municipality's calendar to import (issue 54). Only https on its usual port, only addresses on
 * the public internet — after every redirect, and for every address a name resolves to — within
 * one deadline and a size bound.
 */
export interface DownloadRules {
  /** Which resolved addresses may be asked: the public internet only, but tests allow their loopback server. */
  isAllowed: (address: string) => boolean;
  /** Tests serve plain http on a free port; the build never does. */
  plainHttpOnAnyPort: boolean;
  timeoutMs?: number;
}

export interface Downloaded {
  bytes: Buffer;
  /** The answer's media type, without parameters, in lower case. */
  type: string;
}

/** `stop` ends the download early (the build's deadline for all images). */
export type PublicDownload = (url: string, stop?: AbortSignal) => Promise<Downloaded | null>;

/** For one file, redirects included: slow redirects took 38 s per image before (issue 15, M7). */
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
/** Public hosts serve https on the usual port; any other port is most likely a service inside a network. */
const ALLOWED_PORTS = new Set(['', '443']);

/**
 * Addresses the build must never fetch from: a clerk's image address could otherwise point the
 * build at the provider's own network (loopback, private, link-local, metadata services).
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
/**
 * IPv6: only global unicast (2000::/3) is allowed at all (issue 15, L11), without its special
 * blocks: the IETF's (Teredo, benchmarking, ORCHID), documentation, and 6to4, which carries
 * an IPv4 address of any kind. So mapped (::ffff:…), NAT64, unique-local, link-local and
 * multicast addresses are all refused.
 */
const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');
for (const [network, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  return GLOBAL_UNICAST_V6.check(address, 'ipv6') && !NOT_PUBLIC.check(address, 'ipv6');
}

const PUBLIC_ONLY: DownloadRules = { isAllowed: isPublicAddress, plainHttpOnAnyPort: false };

/**
 * Gives null for anything that is not an https address (port 443) on the public internet answering
 * 200 with one of the `accept`ed types (any, without a list) in at most `maxBytes`, all within the
 * deadline, redirects included.
 */
export function createPublicDownload(
  { maxBytes, accept }: { maxBytes: number; accept?: readonly string[] },
  { isAllowed, plainHttpOnAnyPort, timeoutMs = TIMEOUT_MS }: DownloadRules = PUBLIC_ONLY,
): PublicDownload {
  /** DNS lookup that fails for a name with any address that is not allowed. */
  const allowedLookup = ((hostname: string, options: LookupOptions, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const first = addresses[0];
      if (!first || addresses.some((entry) => !isAllowed(entry.address))) {
        return callback(new Error(`${hostname} is not on the public internet.`), '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, first.address, first.family);
    });
  }) as LookupFunction;

  const fetchFile = (url: URL, redirectsLeft: number, signal: AbortSignal): Promise<Downloaded | null> => {
    const secure = url.protocol === 'https:' && ALLOWED_PORTS.has(url.port);
    if (!secure && !(plainHttpOnAnyPort && url.protocol === 'http:')) return Promise.resolve(null);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isAllowed(host)) return Promise.resolve(null);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.get(
        url,
        { lookup: allowedLookup, signal, headers: { accept: accept?.join(',') ?? '*/*' } },
        (response) => {
          const status = response.statusCode ?? 0;
          const location = response.headers.location;
          if (status >= 300 && status < 400 && location && redirectsLeft > 0) {
            response.resume();
            // A Location that is no address ends the download; thrown here it would end the process.
            if (!URL.canParse(location, url)) return resolve(null);
            fetchFile(new URL(location, url), redirectsLeft - 1, signal).then(resolve, reject);
            return;
          }
          const type = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
          const declared = Number(response.headers['content-length'] ?? 0);
          if (status !== 200 || (accept && !accept.includes(type)) || declared > maxBytes) {
            response.resume();
            resolve(null);
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) request.destroy(new Error('The file is too large.'));
            else chunks.push(chunk);
          });
          response.on('end', () => resolve({ bytes: Buffer.concat(chunks), type }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
  };

  return async (url, stop) => {
    // One deadline for the file across its redirects, and the caller's, whichever comes first.
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(stop ? [stop] : [])]);
    try {
      return await fetchFile(new URL(url), MAX_REDIRECTS, signal);
    } catch {
      return null;
    }
  };
}

import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { clientNetworks, isTrustedProxy } from '../auth/client-network.ts';
import type { Config } from '../config.ts';
import type { ApiEnv } from './api-env.ts';

/** Whether the request came from a reverse proxy TRUST_PROXY names: only then X-Forwarded-* count. */
export function viaTrustedProxy(c: Context<ApiEnv>, config: Config): boolean {
  return isTrustedProxy(config.TRUST_PROXY, getConnInfo(c).remote.address);
}

/** The client's address: from a trusted proxy the last X-Forwarded-For entry, else the socket's. */
export function clientIp(c: Context<ApiEnv>, config: Config): string {
  // The last entry is the one the trusted proxy added; those before it come from the client.
  const forwarded = viaTrustedProxy(c, config) ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
  // Only an address: whatever else a client sends there would end up in the counter's key.
  return forwarded && isIP(forwarded) ? forwarded : (getConnInfo(c).remote.address ?? 'unknown');
}

/** The networks a per-address limit counts the client under (issue 15, M3). */
export function clientNetworksOf(c: Context<ApiEnv>, config: Config): { own: string; wider: string | null } {
  return clientNetworks(clientIp(c, config));
}

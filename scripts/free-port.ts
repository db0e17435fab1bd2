import { createServer } from 'node:net';

/**
 * A port nobody listens on now on the loopback, for a server that cannot pick its own (nginx,
 * PostgreSQL) or is asked before it says where (the portal in the benches).
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('No free port');
  return address.port;
}

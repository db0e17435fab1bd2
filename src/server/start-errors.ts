import { ConfigError } from './config.ts';
import { DatabaseStartError } from './db/database.ts';
import { BuildError } from './directory/build-error.ts';
import { PagesMissingError } from './http/pages.ts';

/** The one line that tells an operator what to fix, or null for a failure they cannot (main.ts). */
export function explain(error: unknown): string | null {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseStartError ||
    error instanceof PagesMissingError ||
    error instanceof BuildError
  ) {
    return error.message;
  }
  const { code, port, address } = error as { code?: string; port?: number; address?: string };
  if (code === 'EADDRINUSE')
    return `Port ${port} on ${address} is already in use: stop the other program or set PORT to a free port.`;
  if (code === 'EACCES' && port !== undefined) return `Port ${port} needs privileges: set PORT to a number above 1023.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `HOST ${address ?? ''} is not an address of this machine.`;
  return null;
}

import { CommandError } from '../src/server/admin/commands.ts';
import { ConfigError } from '../src/server/config.ts';
import { DatabaseStartError } from '../src/server/db/database.ts';

/** A mistake in the command line: the message (with the usage) is all the operator needs. */
export class UsageError extends Error {}

/**
 * Runs an operator command (scripts/*.ts): a failure the operator can fix — a wrong argument,
 * the configuration, a database that cannot be opened — prints one message and exits 1;
 * anything else is a bug and shows its stack.
 */
export async function runOperatorCommand(usage: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof CommandError ||
      error instanceof ConfigError ||
      error instanceof DatabaseStartError
    ) {
      console.error(error.message);
      process.exit(1);
    }
    // node:util parseArgs: an unknown option or a missing value.
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      console.error(`${error.message}\n${usage}`);
      process.exit(1);
    }
    throw error;
  }
}

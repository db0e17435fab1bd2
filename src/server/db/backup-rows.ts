import { emailSchema } from '../../lib/account.ts';
import { updateVisitorRequestSchema, visitorIdSchema } from '../../lib/visitor.ts';

/**
 * What a restored row must be besides what the database checks (issue 15, L9): a backup file is
 * as good as anything a client sends, so its rows meet the API's rules for the same data — text
 * without control characters other than line breaks and tabs, nor bidirectional overrides;
 * addresses as `register` takes them; visitor ids and states as `update_visitor` takes them.
 */
export function isAcceptableRow(table: string, row: Record<string, unknown>): boolean {
  if (!Object.values(row).every((value) => typeof value !== 'string' || !UNACCEPTABLE_TEXT.test(value))) return false;
  switch (table) {
    case 'allowed_emails':
    case 'users':
      return emailSchema.safeParse(row['email']).data === row['email'];
    case 'visitors':
      return (
        visitorIdSchema.safeParse(row['id']).success &&
        updateVisitorRequestSchema.shape.state.safeParse(row['state']).success
      );
    default:
      return true;
  }
}

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const UNACCEPTABLE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/u;

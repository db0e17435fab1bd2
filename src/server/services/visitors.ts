import { randomInt } from 'node:crypto';
import type { VisitorData } from '../../lib/visitor.ts';
import { ApiError } from '../api-error.ts';
import type { Queryable } from '../db/database.ts';
import { findVisitor, findVisitorOwner, insertVisitor, updateVisitor, visitorExists } from '../db/queries/visitors.ts';

/** Letters and digits that cannot be mistaken for each other when read out on the phone. */
const READABLE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newReadableId(): string {
  const pick = () => READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)];
  const part = () => Array.from({ length: 4 }, pick).join('');
  return `${part()}-${part()}`;
}

export async function getVisitor(db: Queryable, id: string, sessionUserId: string | null): Promise<VisitorData> {
  const visitor = await findVisitor(db, id, sessionUserId);
  if (!visitor) throw new ApiError('not_found');
  return visitor;
}

/** Creates the visitor, or leaves an existing one unchanged (api.md: repeating is harmless). */
export async function createVisitor(
  db: Queryable,
  id: string,
  languageId: number,
  sessionUserId: string | null,
): Promise<{ created: boolean; visitor: VisitorData }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await visitorExists(db, id)) return { created: false, visitor: await getVisitor(db, id, sessionUserId) };
    if (await insertVisitor(db, id, newReadableId(), languageId)) {
      return { created: true, visitor: await getVisitor(db, id, sessionUserId) };
    }
    // A readable id collided (or the same id was created a moment ago): try again.
  }
  throw new Error('No free readable visitor id after 5 attempts');
}

export async function saveVisitorState(
  db: Queryable,
  id: string,
  languageId: number,
  stateJson: string,
  sessionUserId: string | null,
): Promise<VisitorData> {
  // Issue 15, L5: a visitor linked to an account keeps its state for that account's session alone.
  const owner = await findVisitorOwner(db, id);
  if (owner === undefined) throw new ApiError('not_found');
  if (owner !== null && owner !== sessionUserId) throw new ApiError('forbidden');
  if (!(await updateVisitor(db, id, languageId, stateJson))) throw new ApiError('not_found');
  return getVisitor(db, id, sessionUserId);
}

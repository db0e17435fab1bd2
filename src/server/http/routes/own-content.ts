import type { Hono } from 'hono';
import { ApiError } from '../../api-error.ts';
import { compressedBody } from '../../compression/compressed-body.ts';
import type { OwnContent } from '../../services/own-content.ts';
import type { ApiEnv } from '../api-env.ts';
import { compressedAnswer } from '../compressed-answer.ts';
import { sessionToken } from '../session-user.ts';

/** Beyond the contract (docs/api.md, issue 50): what the editing screens read, their municipality only. */
export function ownContentRoutes(api: Hono<ApiEnv>, ownContent: OwnContent): void {
  api.get('/get_own_content', async (c) => {
    const text = await ownContent(sessionToken(c), c.get('sessionUser'));
    if (text === null) throw new ApiError('not_logged_in');
    // Hidden records: never in a shared cache, and read afresh each time (a save shows at once).
    return compressedAnswer(c, compressedBody(text), {
      'Cache-Control': 'private, no-store',
      'Content-Type': 'application/json; charset=utf-8',
      Vary: 'Cookie',
    });
  });
}

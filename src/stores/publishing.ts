import { atom } from 'nanostores';
import { callApi } from './api-client.ts';

/** After a save: whether the public directory shows it yet, and where (issue 17). */
export interface Publishing {
  marketId: string | null;
  pending: boolean;
  /** When the version that holds the save was published (ISO time). */
  publishedAt: string | null;
  /** The market's public page (without a language prefix); null while it is not public. */
  path: string | null;
}

export const $publishing = atom<Publishing | null>(null);

interface PublishStatus {
  pending: boolean;
  published_at: string;
  path?: string | null;
}

const POLL_MS = 1000;
/** The portal publishes within a minute (issue 17); past two the notice stays "in a few seconds". */
const GIVE_UP_MS = 120_000;
let watching = 0;

/**
 * Asks `publish_status` (api.md, extension) once a second until the change is public. The server
 * marks the change pending before it answers the save, so the first answer cannot be an old "done".
 */
export function watchPublishing(marketId: string | null): void {
  const watch = ++watching;
  const started = Date.now();
  $publishing.set({ marketId, pending: true, publishedAt: null, path: null });
  const poll = async () => {
    if (watch !== watching) return; // a newer save watches now
    try {
      const status = await callApi<PublishStatus>('publish_status', marketId ? { query: { market: marketId } } : {});
      if (watch !== watching) return;
      if (!status.pending) {
        $publishing.set({ marketId, pending: false, publishedAt: status.published_at, path: status.path ?? null });
        return;
      }
    } catch {
      // offline for a moment: the next poll
    }
    if (Date.now() - started < GIVE_UP_MS) setTimeout(() => void poll(), POLL_MS);
  };
  setTimeout(() => void poll(), POLL_MS / 2);
}

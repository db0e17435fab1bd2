import type { Account } from '../lib/account.ts';
import { loggedIn } from './account.ts';
import { $content, $contentLoaded, type Content } from './content.ts';

/**
 * What a markets screen's page brings from the server (issue 50): the session's account and its
 * municipality's content, as get_account and get_own_content answer. The server renders the list
 * from it, so a clerk on an old laptop sees the markets before the scripts have run; the browser
 * starts its stores from it instead of asking for both again.
 */
export interface ScreenSeed {
  account: Account;
  content: Content;
}

/** In the browser, once, before the island's first rendering: the stores start where the server's HTML stands. */
export function seedStores({ account, content }: ScreenSeed): void {
  loggedIn(account);
  $content.set(content);
  $contentLoaded.set(true);
}

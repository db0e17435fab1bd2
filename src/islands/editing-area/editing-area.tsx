import type { ReactNode } from 'react';
import type { Locale } from '../../lib/languages.ts';
import type { Messages } from '../../lib/translate.ts';
import { guardRedirect } from '../../lib/route-guards.ts';
import { loadAccount } from '../../stores/account.ts';
import type { ScreenSeed } from '../../stores/screen-seed.ts';
import { AppRoot } from '../app-root/app-root.tsx';
import { AccountBar } from './account-bar.tsx';

interface EditingAreaProps {
  locale: Locale;
  messages: Messages;
  title: string;
  /** The markets screens show the municipality's content; the console has none of its own. */
  withContent?: boolean;
  children?: ReactNode;
  /** Below the screen's content, shown one rendering after it (AppRoot's `below`). */
  below?: ReactNode;
  /** What the server rendered the screen with (AppRoot's `seed`). */
  seed?: ScreenSeed | null;
}

/** The screens behind the login: they show once visitor, content (where they show it) and account have loaded. */
export function EditingArea({
  locale,
  messages,
  title,
  withContent = true,
  children,
  below,
  seed = null,
}: EditingAreaProps) {
  return (
    <AppRoot
      locale={locale}
      messages={messages}
      title={title}
      withContent={withContent}
      load={() => loadSignedInAccount(locale)}
      below={below}
      seed={seed}
    >
      <AccountBar locale={locale} />
      {children}
    </AppRoot>
  );
}

/**
 * The guard let the page through, so a session existed; if it has ended since (idle timeout in
 * another tab), back to the login, as the guard would do.
 */
async function loadSignedInAccount(locale: Locale): Promise<boolean> {
  try {
    if (await loadAccount()) return true;
  } catch (error) {
    console.error('Loading the account failed:', error);
    return false;
  }
  const target = guardRedirect('auth', false, window.location.pathname, locale);
  if (target) window.location.assign(target);
  return new Promise<boolean>(() => {}); // the logo stays until the login page is there
}

import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { createContext, useContext } from 'react';
import type { ScreenSeed } from '../../stores/screen-seed.ts';

/** The page's seed (stores/screen-seed.ts), for the server's rendering of the island. */
export const SeedContext = createContext<ScreenSeed | null>(null);

/**
 * A store's value, which the server's rendering takes from the page's seed. On the server the
 * stores belong to the process and so to every request at once: they are never set there, or one
 * clerk's markets could show in another's page. In the browser the stores were seeded before the
 * first rendering (AppRoot), so the hydration finds what the server rendered.
 */
export function useSeededStore<T>(store: ReadableAtom<T>, fromSeed: (seed: ScreenSeed) => T): T {
  const seed = useContext(SeedContext);
  const value = useStore(store);
  return typeof window === 'undefined' && seed ? fromSeed(seed) : value;
}

import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../lib/public-config.ts';

const FALLBACK: PublicConfig = {
  siteTitle: 'Marktverzeichnis',
  providerName: 'Marktverzeichnis',
  contactEmail: '',
  supportEmail: '',
  apiBase: '/api',
};

let cached: PublicConfig | undefined;

/** The runtime configuration the server rendered into the page (seed section 1: one global payload). */
export function runtimeConfig(): PublicConfig {
  if (cached) return cached;
  const element = typeof document === 'undefined' ? null : document.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  try {
    cached = { ...FALLBACK, ...(JSON.parse(element?.textContent ?? '{}') as Partial<PublicConfig>) };
  } catch {
    cached = FALLBACK;
  }
  return cached;
}

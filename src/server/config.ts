import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { PublicConfig } from '../lib/public-config.ts';

/**
 * The one place that reads the environment. Every variable is validated at start-up; a bad
 * value stops the server with one line naming it (issue 2, point 6).
 */
const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');
const email = z.email();
/**
 * The reverse proxies whose X-Forwarded-* are believed: `1` one on this machine (`loopback`), or
 * their addresses, comma-separated; `0` none. Anyone else's are ignored (issue 18).
 */
const AS_FLAG: Partial<Record<string, readonly string[]>> = {
  '0': [],
  false: [],
  '1': ['loopback'],
  true: ['loopback'],
};
const proxies = z.string().transform((value, context): readonly string[] => {
  const flagged = AS_FLAG[value.trim()];
  if (flagged) return flagged;
  const addresses = value.split(',').map((part) => part.trim());
  if (addresses.every((address) => isIP(address) !== 0)) return addresses;
  context.issues.push({ code: 'custom', message: "0, 1 or the proxies' addresses, comma-separated", input: value });
  return z.NEVER;
});

const environmentSchema = z.object({
  /** Port of the HTTP server; 0 picks a free one. */
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  /** Interface to listen on. */
  HOST: z.string().min(1).default('localhost'),
  /** Folder of the embedded database, the mail outbox and exports. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL server (postgres://…); when unset, the embedded database in DATA_DIR is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Demo municipality and markets on the first start of an empty database. */
  SEED_DEMO: flag.default(true),
  /** Page title: the provider's abbreviation. */
  SITE_TITLE: z.string().min(1).max(40).default('Marktverzeichnis'),
  PROVIDER_NAME: z.string().min(1).max(120).default('Marktverzeichnis'),
  /** The provider's postal address, for the imprint and the privacy policy. */
  PROVIDER_ADDRESS: z.string().min(1).max(200).default('Musterplatz 1, 1010 Wien'),
  /** Mailbox for change requests of municipality master data. */
  CONTACT_EMAIL: email.default('kontakt@marktverzeichnis.example'),
  /** Mailbox named in the save-error message. */
  SUPPORT_EMAIL: email.default('support@marktverzeichnis.example'),
  /** Base address of the content service as browsers and the app see it. */
  PUBLIC_API_BASE: z
    .string()
    .regex(/^(\/|https?:\/\/)\S*$/)
    .default('/api'),
  /** The portal's address as users reach it, for links in mails; default http://localhost:PORT. */
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** SMTP server for mail (smtp:// or smtps://); unset writes .eml files to DATA_DIR/outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Believe X-Forwarded-For / -Proto from these reverse proxies. */
  TRUST_PROXY: proxies.default([]),
});

export type Config = z.infer<typeof environmentSchema>;

/** Where links in mails lead. */
export function publicBaseUrl(config: Config): string {
  return (config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/** Names only this machine reaches: localhost, 127.0.0.0/8, ::1. */
function isLoopback(hostname: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(hostname);
}

/**
 * Where the links of a mail sent for a request lead (issue 19). PUBLIC_BASE_URL when set. Without
 * it, a portal that listens on a loopback address is only reached from this machine, and a newcomer
 * who opened http://127.0.0.1:4321 would get localhost links, where the browser does not send the
 * session cookie of 127.0.0.1 and the link lands logged out: so the loopback address the request
 * came to, port included. A Host header naming anything else is not believed (a reset link must not
 * lead to a stranger's site).
 */
export function mailBaseUrl(config: Config, requestHost: string | undefined): string {
  if (config.PUBLIC_BASE_URL || !isLoopback(config.HOST.replace(/^::1$/, '[::1]')) || !requestHost)
    return publicBaseUrl(config);
  try {
    const reached = new URL(`http://${requestHost}`);
    if (reached.host === requestHost.toLowerCase() && isLoopback(reached.hostname)) return reached.origin;
  } catch {
    // not a host name: the default below
  }
  return publicBaseUrl(config);
}

/** Where the publisher keeps what it publishes: the pages and the snapshot a restart starts from. */
export function publicationDirOf(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'publication');
}

/** Issue 15, L3: a portal served over https gets a __Host- session cookie, always Secure, and HSTS. */
export function servesHttps(config: Config): boolean {
  return publicBaseUrl(config).startsWith('https:');
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The variables the configuration reads. */
const NAMES = Object.keys(environmentSchema.shape) as (keyof Config)[];
/**
 * The configuration read last, by the variables it was read from: pages rendered on demand ask for
 * it on every rendering (issue 18: reading it anew was a tenth of a directory page's time).
 */
let last: { key: string; config: Config } | undefined;

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const key = NAMES.map((name) => environment[name] ?? '').join('\0');
  if (last?.key === key) return last.config;
  // An empty variable (`DATABASE_URL=`) means "not set".
  const given = Object.fromEntries(
    NAMES.flatMap((name) => (environment[name] ? [[name, environment[name]] as const] : [])),
  );
  const result = environmentSchema.safeParse(given);
  if (result.success) {
    last = { key, config: result.data };
    return result.data;
  }
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  const shown = name.endsWith('_URL') ? 'a malformed URL' : JSON.stringify(environment[name]);
  throw new ConfigError(`Environment variable ${name} is invalid (${shown}): ${issue?.message ?? 'malformed'}.`);
}

export function publicConfigOf(config: Config): PublicConfig {
  return {
    siteTitle: config.SITE_TITLE,
    providerName: config.PROVIDER_NAME,
    contactEmail: config.CONTACT_EMAIL,
    supportEmail: config.SUPPORT_EMAIL,
    apiBase: config.PUBLIC_API_BASE.replace(/\/$/, ''),
  };
}

import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { ERROR_STATUS, type ErrorBody } from '../../lib/error-codes.ts';
import { waitWords } from '../../lib/durations.ts';
import { translator } from '../../lib/i18n.ts';
import { DEFAULT_LOCALE, isLocale, negotiateLocale, type Locale } from '../../lib/languages.ts';
import { ApiError } from '../api-error.ts';
import { createHousekeeping, type Housekeeping } from '../auth/housekeeping.ts';
import { findSessionUser, sessionCookieName, type SessionUser } from '../auth/sessions.ts';
import { publicBaseUrl, servesHttps, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { pingDatabase } from '../db/queries/health.ts';
import { quotaRefusalOf } from '../db/quota-error.ts';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable-error.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { createAccountService } from '../services/accounts.ts';
import { createContentService, type ContentService } from '../services/content.ts';
import { createMarketService } from '../services/markets.ts';
import { createMarketPhotoService } from '../services/market-photos.ts';
import { createOwnContent } from '../services/own-content.ts';
import { createPhotoStore, photoDirOf, type PhotoStore } from '../photos/photo-store.ts';
import { createCampaignService } from '../services/campaign.ts';
import { createCampaignReminders } from '../services/campaign-reminders.ts';
import { createOperatorService } from '../services/operator.ts';
import type { Publisher } from '../directory/publisher.ts';
import { securityLine, stdoutSecurityLog, type SecurityLogSink } from '../security-log.ts';
import type { ApiEnv } from './api-env.ts';
import { forgetEndedSession } from './account-hint.ts';
import { clientIp, viaTrustedProxy } from './client-ip.ts';
import { discardBody } from './discard-body.ts';
import { isCrossSite } from './origin.ts';
import { anonymousLimits } from './anonymous-limits.ts';
import { sitePathShapes, type SitePathCheck } from './site-paths.ts';
import { accountRoutes } from './routes/accounts.ts';
import { campaignRoutes } from './routes/campaign.ts';
import { operatorRoutes } from './routes/operator.ts';
import { contentRoutes } from './routes/content.ts';
import { marketRoutes } from './routes/markets.ts';
import { createPublicDownload } from '../directory/public-download.ts';
import { IMPORT_LIMITS } from '../imports/imported-market.ts';
import { createImportService, type CalendarDownload } from '../services/imports.ts';
import { createSubscriptionService } from '../services/calendar-subscriptions.ts';
import { ownContentRoutes } from './routes/own-content.ts';
import { marketPhotoRoutes, UPLOAD_PATH, uploadBodyLimit } from './routes/market-photos.ts';
import { IMPORT_PREVIEW_PATHS, importBodyLimit, importRoutes } from './routes/imports.ts';
import { subscriptionRoutes } from './routes/calendar-subscriptions.ts';
import { pageViewLimits } from './page-view-limits.ts';
import { pageViewRoutes } from './routes/page-views.ts';
import { publicFeedRoutes } from './routes/public-feeds.ts';
import { publishRoutes } from './routes/publish-status.ts';
import { visitorRoutes } from './routes/visitors.ts';

export interface ApiDependencies {
  db: Database;
  config: Config;
  /** Defaults to SMTP_URL or the outbox folder. */
  mailer?: Mailer;
  /** Defaults to the system clock; tests move it to let tokens expire. */
  clock?: () => Date;
  /** Where security events go; defaults to stdout, one JSON line each (issue 15, M9). */
  securityLog?: SecurityLogSink;
  /** Which paths the public site has, for page views; defaults to the shapes of its routes. */
  isSitePath?: SitePathCheck;
  /** Publishes the directory after a change (issue 17); without it (API tests) there is no directory. */
  publisher?: Publisher;
  /** Where uploaded photos go (issue 20); defaults to DATA_DIR/market-photos. */
  photoStore?: PhotoStore;
  /** The content service; run-portal.ts gives one whose answers it makes a moment after the start, API tests one whose whole answers are always of now. */
  content?: ContentService;
  /** The purge's schedule; API tests give one to wait for its runs. */
  housekeeping?: Housekeeping;
  /** Issue 54: fetches a municipality's calendar to import; tests give one that may ask their loopback server. */
  calendarDownload?: CalendarDownload;
}

/** api.md: bodies over 1 MiB are refused with 413. */
export const BODY_LIMIT = 1024 * 1024;
/** A body over the limit up to this size is read and dropped before the 413 (discard-body.ts). */
export const DISCARDED_AT_MOST = 8 * BODY_LIMIT;

/** The content service (api.md) under /api. */
export function createApi({
  db,
  config,
  mailer: givenMailer,
  clock = () => new Date(),
  securityLog = stdoutSecurityLog,
  isSitePath = sitePathShapes,
  publisher,
  photoStore = createPhotoStore(photoDirOf(config.DATA_DIR)),
  content = createContentService(db, publisher ? { publisher } : {}),
  housekeeping = createHousekeeping(db, clock),
  calendarDownload = createPublicDownload({ maxBytes: IMPORT_LIMITS.bytes }),
}: ApiDependencies): Hono<ApiEnv> {
  const api = new Hono<ApiEnv>().basePath('/api');
  const mailer = givenMailer ?? createMailer(config);

  const sessionCookie = sessionCookieName(servesHttps(config));
  api.use(async (c, next) => {
    // The purge runs beside the requests; none waits for it (issue 15, M4).
    void housekeeping.maybePurge();
    let locale: Locale | undefined;
    c.set('locale', () => {
      const lang = c.req.query('lang');
      return (locale ??= isLocale(lang) ? lang : (negotiateLocale(c.req.header('accept-language')) ?? DEFAULT_LOCALE));
    });
    c.set('sessionToken', () => getCookie(c, sessionCookie));
    let user: Promise<SessionUser | null> | undefined;
    c.set('sessionUser', () => (user ??= findSessionUser(db, c.get('sessionToken')())));
    c.set('securityEvent', (event, account, reason) =>
      securityLog(
        securityLine(clock(), event, {
          ip: clientIp(c, config),
          account: account ?? null,
          ...(reason ? { reason } : {}),
        }),
      ),
    );
    await next();
  });
  api.use(async (c, next) => {
    if (
      !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) &&
      isCrossSite(c.req.raw.headers, viaTrustedProxy(c, config), new URL(c.req.url).protocol)
    ) {
      throw new ApiError('forbidden');
    }
    await next();
  });
  // bodyLimit copies a body without Content-Length (chunked, or a DELETE without body) into a new
  // global Request, which cannot be made from @hono/node-server's own request (server.ts keeps the
  // global classes): it gets a standard request to copy. (Node needs `duplex` for a streamed body;
  // the DOM types do not know it.)
  api.use(async (c, next) => {
    const raw = c.req.raw;
    if (
      mayHaveBody(c.req.method) &&
      raw.body &&
      (!raw.headers.has('content-length') || raw.headers.has('transfer-encoding'))
    ) {
      const init = { method: raw.method, headers: raw.headers, body: raw.body, duplex: 'half' };
      c.req.raw = new Request(raw.url, init);
    }
    await next();
  });
  const limited = bodyLimit({
    maxSize: BODY_LIMIT,
    onError: async (c) => {
      // The unread rest of a refused body would otherwise be taken for the next request on this connection.
      if (!(await discardBody(c.req.raw, DISCARDED_AT_MOST))) c.header('Connection', 'close');
      throw new ApiError('payload_too_large');
    },
  });
  // A photo upload and an import have their own, larger limits (routes/market-photos.ts, routes/imports.ts).
  api.use((c, next) => {
    if (!mayHaveBody(c.req.method)) return next();
    if (c.req.path === UPLOAD_PATH) return uploadBodyLimit(c, next);
    return IMPORT_PREVIEW_PATHS.has(c.req.path) ? importBodyLimit(c, next) : limited(c, next);
  });
  api.use(
    methodNotAllowed({
      app: api,
      onMethodNotAllowed: () => {
        throw new ApiError('method_not_allowed');
      },
    }),
  );

  api.get('/health', async (c) => {
    await pingDatabase(db);
    return c.json({ data: { status: 'ok', database: db.kind } }, 200, { 'Cache-Control': 'no-store' });
  });
  contentRoutes(api, content);
  ownContentRoutes(api, createOwnContent(db, content));
  const anonymousLimit = anonymousLimits(db, config, clock);
  visitorRoutes(api, db, anonymousLimit);
  accountRoutes(api, createAccountService({ db, mailer, config, clock }), db, config, clock);
  const onChange = () => publisher?.changed();
  const photos = createMarketPhotoService({
    db,
    store: photoStore,
    clock,
    ...(publisher ? { published: () => publisher.settled() } : {}),
  });
  marketRoutes(api, createMarketService({ db, clock, onChange, photos: photos.ownership }));
  marketPhotoRoutes(api, photos, db, clock);
  if (publisher) publishRoutes(api, publisher);
  pageViewRoutes(api, db, clock, isSitePath, pageViewLimits(config, clock));
  publicFeedRoutes(api, db, config, publisher);
  const campaigns = createCampaignService({ db, clock });
  campaignRoutes(api, campaigns);
  const mailContext = {
    baseUrl: publicBaseUrl(config),
    siteTitle: config.SITE_TITLE,
    providerName: config.PROVIDER_NAME,
  };
  operatorRoutes(api, {
    db,
    operator: createOperatorService({ db, clock, onChange }),
    campaigns,
    reminders: createCampaignReminders({
      db,
      clock,
      campaigns,
      mailer: givenMailer ?? createMailer(config, { pooled: true }),
      context: mailContext,
    }),
  });
  // After the console's routes: their guard (operators only) covers the operator's import too.
  const imports = createImportService({ db, clock, download: calendarDownload, onChange });
  importRoutes(api, imports, db, clock);
  subscriptionRoutes(api, { subscriptions: createSubscriptionService({ db, clock }), imports, db, clock });

  api.notFound((c) => errorResponse(c, new ApiError('not_found')));
  api.onError(async (error, c) => {
    if (error instanceof ApiError) {
      // Refusals an operator watches for: who was refused, from where (issue 15, M9).
      // A write before confirming counts as forbidden too: it is what an intruder of H1 would try.
      const limited = error.code === 'rate_limited' || error.code === 'account_guarded';
      if (limited || error.code === 'forbidden' || error.code === 'email_not_confirmed') {
        const account = await c
          .get('sessionUser')?.()
          .catch(() => null);
        const event = limited ? 'rate_limited' : 'forbidden';
        const reason = error.code === 'email_not_confirmed' ? `${c.req.path}: email_not_confirmed` : c.req.path;
        c.get('securityEvent')?.(event, account?.email ?? c.get('attemptedAccount') ?? null, reason);
      }
      if (error.code === 'not_logged_in') await forgetEndedSession(c, sessionCookie, servesHttps(config));
      return errorResponse(c, error);
    }
    // Told once by the database's thread (database-thread.ts), not once per request meanwhile.
    if (isDatabaseUnavailable(error)) return errorResponse(c, databaseUnavailable());
    const quota = quotaRefusalOf(error);
    if (quota) {
      const t = translator(c.get('locale')?.() ?? DEFAULT_LOCALE);
      const values = { limit: quota.limit, what: t(`quota.${quota.kind}`), email: config.SUPPORT_EMAIL };
      return errorResponse(c, new ApiError('quota_exceeded', undefined, values));
    }
    console.error(`API ${c.req.method} ${c.req.path} failed:`, error);
    return errorResponse(c, new ApiError('unexpected'));
  });
  return api;
}

function errorResponse(c: Context<ApiEnv>, error: ApiError): Response {
  const locale = c.get('locale')?.() ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const { retryAfter } = error;
  const values = retryAfter === undefined ? error.values : { ...error.values, wait: waitWords(retryAfter, locale) };
  const body: ErrorBody = { error: { code: error.code, message: t(`errors.${error.code}`, values) } };
  if (error.fields && Object.keys(error.fields).length > 0) body.error.fields = error.fields;
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (retryAfter !== undefined) {
    headers['Retry-After'] = String(retryAfter);
    body.error.retry_after = retryAfter;
  }
  if (error.code === 'method_not_allowed') headers['Allow'] = 'GET, POST';
  return c.json(body, ERROR_STATUS[error.code], headers);
}

/**
 * A GET or HEAD request carries no body (a web Request of either cannot). Asking any request for
 * its body makes @hono/node-server build a whole web Request from Node's, so GET and HEAD are not
 * asked: for the content calls under issue 18's load that was 3-4 % of the portal's thread.
 */
function mayHaveBody(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

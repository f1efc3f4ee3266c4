/**
 * The Worker. Static files come from Workers static assets (build/client, see wrangler.toml);
 * every other request goes through, in order:
 * 1. the input gate for the URL: a 301 to the canonical path, or a 400 for a query string the
 *    path does not read (app/http/input-gate.server.ts; form bodies pass the same gate in
 *    their actions);
 * 2. the same-origin check for writes (app/worker/origin.ts);
 * 3. for `/media/…`, the gallery's published photos, from the edge cache after their first
 *    request (app/worker/media-cache.ts, app/http/gallery-media.server.ts); otherwise the page
 *    cache for anonymous public pages (app/worker/page-cache.ts), both keyed by the content
 *    version from KV, so a hit makes no D1 query (docs/decisions/019-edge-cache.md), in front of
 * 4. Remix, with `{ cloudflare: { env, ctx }, requestId, db, siteContent }` as load context,
 *    `db` reading through the request's D1 session (app/worker/d1-session.ts), whose pages get
 *    a Content-Security-Policy made from their inline scripts' hashes
 *    (app/worker/security-headers.ts), and are made private when they set a cookie
 *    (privateIfSettingCookie, below); a 405 from a URL that is not a page is said in words
 *    (app/worker/method-refusal.ts);
 * 5. the security headers every response carries, and Server-Timing with the request's D1 and
 *    R2 calls (app/worker/request-metrics.ts);
 * and one structured log line per request with the same figures (app/worker/request-log.ts).
 *
 * The queue handler consumes the mail queue and its dead-letter queue (wrangler.toml
 * `[[queues.consumers]]`): every e-mail the site sends is sent there, retried with backoff,
 * and marked "not delivered" after the last try (app/server/mail/queue.server.ts).
 *
 * The hourly cron trigger (wrangler.toml `[triggers]`, HOURLY_CRON) runs `scheduled` for the
 * release of visits whose deposit was not paid in time (app/server/billing/deposits.server.ts)
 * and nothing else. The daily one runs the rest: the sweep of photos in
 * R2 that no attachment row refers to (app/server/uploads/attachments.server.ts) and of gallery
 * objects whose photo has no row (app/server/gallery/media.server.ts), and the deletion of
 * expired sessions, of failed sign-ins older than their window, of account mails' outbox
 * rows older than 30 days, and of passkey challenges past their 5 minutes; the booking
 * reminders; and the e-mails asking for a review of a visit done
 * (app/server/reviews/review-requests.server.ts); the one reminder of a quote nobody accepted
 * (app/server/lifecycle/follow-up.server.ts); the one automatic reminder of an invoice still
 * unpaid after its due date (app/server/billing/reminders.server.ts); the retention periods:
 * old photos deleted, never-booked requests and old messages anonymised, old mail texts cleared
 * (app/server/retention/retention.server.ts); then KV's copy of the
 * content version catches up with D1's. Reset and verification links are signed
 * tokens, not rows: nothing is stored for them, and a used reset link is dead because it names
 * the password hash it was made for (app/server/auth/tokens.server.ts).
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The server build is produced by `npm run build` (remix vite:build).
// Absent until the first build, present after it: @ts-expect-error would fail once it exists.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore
import * as build from "./build/server";
import { rejectCrossOriginWrite, forRemix } from "./app/worker/origin";
import { sweepOrphanUploads } from "./app/server/uploads";
import { getDb } from "./app/server/platform";
import { serveGalleryMedia } from "./app/http/gallery-media.server";
import { isPublishedVariant, sweepOrphanGalleryObjects } from "./app/server/gallery";
import { readEdgeContentVersion, syncEdgeContentVersion } from "./app/server/platform";
import { consumeMail, deleteOldAccountMails, MAIL_DEAD_LETTER_QUEUE_NAME, markUndelivered, type MailQueueMessage } from "./app/server/mail";
import { deleteExpiredSessions } from "./app/server/auth";
import { deleteExpiredChallenges } from "./app/server/two-step";
import { extendPublicHolidays, extendSeries, sendVisitReminders } from "./app/server/booking";
import { sendReviewRequests } from "./app/server/reviews";
import { sendQuoteFollowUps } from "./app/server/lifecycle";
import { applyRetention } from "./app/server/retention";
import { billingMailContext, cardCheckoutOrigins, releaseUnpaidDeposits, sendAutomaticReminders } from "./app/server/billing";
import { todayInJamaica } from "./app/domain/dates";
import { deleteStaleFailures } from "./app/server/auth";
import { readCompanyName, readPublicFeatures } from "./app/server/platform";
import { readCompany, readPublicContent, readSiteContent, type PublicContent } from "./app/server/site";
import { checkUrl } from "./app/http/input-gate.server";
import { isStaffPath, PRIVATE } from "./app/cache-control";
import { cachedPage, pageVersion, withDataReuse } from "./app/worker/page-cache";
import { cachedMedia } from "./app/worker/media-cache";
import { openD1Session } from "./app/worker/d1-session";
import { measuredBindings, newRequestMetrics, serverTiming } from "./app/worker/request-metrics";
import { withHydrationAfterPaint } from "./app/worker/hydration-after-paint";
import { withPlainMethodRefusal } from "./app/worker/method-refusal";
import { logRequest, withRequestId } from "./app/worker/request-log";
import { withPagePolicy, withSecurityHeaders } from "./app/worker/security-headers";
import { logEvent, logFailure } from "./app/server/platform";

const serverBuild = build as unknown as ServerBuild;
/** An invoice's private page (any case: the canonical path is lower case, checked before). */
const INVOICE_PATH = /^\/invoice\/[0-9a-f]{32}$/i;
/** The admin's pages, where staff change what public pages show (whatever the path's case). */
const ADMIN_PATH = /^\/admin(\/|$)/i;
/** The account pages (sign-in, reset, invitations, two-step). */
const AUTH_PATH = /^\/auth(\/|$)/i;
/** Where the gallery's photos are served (app/http/gallery-media.server.ts). */
const MEDIA_PREFIX = "/media/";
const handleRemixRequest = createRequestHandler(serverBuild, "production");
/** wrangler.toml's hourly trigger (its other trigger is the daily one). */
const HOURLY_CRON = "0 * * * *";

/** `response` with one more Set-Cookie header. */
function withCookie(response: Response, cookie: string): Response {
  const withIt = new Response(response.body, response);
  withIt.headers.append("Set-Cookie", cookie);
  return withIt;
}

/** `response`, never to be kept by a shared cache. */
function asPrivate(response: Response): Response {
  const personal = new Response(response.body, response);
  personal.headers.set("Cache-Control", PRIVATE);
  return personal;
}

/** A response that sets a cookie is personal: no cache may keep it, whatever its route said. */
function privateIfSettingCookie(response: Response): Response {
  if (!response.headers.has("Set-Cookie") || response.headers.get("Cache-Control") === PRIVATE) return response;
  const personal = new Response(response.body, response);
  personal.headers.set("Cache-Control", PRIVATE);
  return personal;
}

export default {
  async fetch(request, env, ctx) {
    const started = Date.now();
    const requestId = crypto.randomUUID();
    // Every D1 round trip and R2 call of this request is counted and timed (Server-Timing, log line).
    const metrics = newRequestMetrics();
    const measured = measuredBindings(env, metrics);
    const path = new URL(request.url).pathname;
    let response: Response;
    let cache = "BYPASS";
    try {
      const features = readPublicFeatures(env);
      const blocked = checkUrl(request) ?? rejectCrossOriginWrite(request);
      const d1 = blocked ? null : await openD1Session(request, measured.DB);
      const db = d1 ? getDb(d1.session) : getDb(measured);
      // The content version as this location sees it (KV, no D1 query), only for requests the
      // edge cache may answer; a page rendered after it reads the site content at that version.
      let knownContentVersion: number | null = null;
      const edgeVersion = async () => (knownContentVersion = await readEdgeContentVersion(env, db, ctx));
      if (blocked) {
        response = await withPagePolicy(blocked, features);
      } else if (path.startsWith(MEDIA_PREFIX) && (request.method === "GET" || request.method === "HEAD")) {
        // A gallery photo's variant: published photos only, from the edge cache after the first request.
        // On a miss, whether it is published comes from the public content at that version (no query when warm).
        // A photo judged from another version's content (a replica a moment behind KV) is never stored.
        let judgedAtKey = true;
        const served = await cachedMedia(
          request,
          ctx,
          await edgeVersion(),
          (plain) =>
            serveGalleryMedia(plain, measured, db, path.slice(MEDIA_PREFIX.length), "public", async (variant) => {
              const read = await readPublicContent(db, knownContentVersion);
              judgedAtKey = read.version === knownContentVersion;
              return isPublishedVariant(read.gallery, variant);
            }),
          () => judgedAtKey,
        );
        response = served.response;
        cache = served.cache;
      } else {
        let publicContent: Promise<PublicContent> | undefined;
        let staffContent: ReturnType<typeof readSiteContent> | undefined;
        // Public requests know the content version from KV (a form's POST asks for it here), so a
        // warm isolate reads no content; staff read it from D1, the live content alone (their
        // pages show no reviews or gallery).
        const readOnce = () =>
          (publicContent ??= isStaffPath(path)
            ? readPublicContent(db)
            : (async () => readPublicContent(db, knownContentVersion ?? (await edgeVersion())))());
        const readContent = () => (isStaffPath(path) ? (staffContent ??= readSiteContent(db)) : readOnce());
        const version = async () =>
          pageVersion(env.CF_VERSION_METADATA.id, { company: readCompanyName(env), features, content: await edgeVersion() });
        const served = await cachedPage(request, ctx, version, async () => {
          const rendered = withPlainMethodRefusal(
            await handleRemixRequest(forRemix(request), {
              cloudflare: { env: measured, ctx },
              requestId,
              db,
              publicContent: readOnce,
              siteContent: async () => (await readContent()).content,
            }),
          );
          // A page drawn from content of another version than its key's (a replica a moment
          // behind KV, or D1 unreadable) is shown but never shared.
          const reading = staffContent ?? publicContent;
          const read = reading && (await reading);
          const page = read && read.version !== knownContentVersion ? asPrivate(rendered) : privateIfSettingCookie(rendered);
          // An invoice's 'Pay by card' form leads, by its redirect, to the card provider's page.
          const formTargets = INVOICE_PATH.test(path) ? cardCheckoutOrigins(env) : [];
          return withPagePolicy(withHydrationAfterPaint(page, path), features, formTargets);
        });
        response = withDataReuse(request, served.response);
        cache = served.cache;
        // A staff change to public content reaches the edge's copy of the content version now
        // (whatever the answer's status: an action may have written before it failed).
        if (ADMIN_PATH.test(path) && request.method !== "GET" && request.method !== "HEAD") await syncEdgeContentVersion(env, db);
      }
      const bookmark = await d1?.bookmarkHeader(response);
      if (bookmark) response = withCookie(response, bookmark);
    } catch (error) {
      logFailure("unhandled_error", error, { requestId, path: new URL(request.url).pathname });
      response = new Response("Something went wrong on our side. Please try again.", {
        status: 500,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    if (request.method === "HEAD" && response.body) response = new Response(null, response);
    response = withSecurityHeaders(withRequestId(response, requestId, cache), { https: new URL(request.url).protocol === "https:" });
    // The account pages' answers carry no call counts: one more D1 write would tell a known
    // address from an unknown one (a reset request). Their log line keeps the figures.
    response.headers.set("Server-Timing", serverTiming(metrics, cache, Date.now() - started, { calls: !AUTH_PATH.test(path) }));
    logRequest(request, response, { requestId, started, cache, metrics });
    return response;
  },

  async queue(batch, env) {
    const db = getDb(env);
    const mails = batch as MessageBatch<MailQueueMessage>;
    if (batch.queue === MAIL_DEAD_LETTER_QUEUE_NAME) await markUndelivered(mails, db);
    else await consumeMail(mails, env, db);
  },

  async scheduled(controller, env) {
    const now = new Date(controller.scheduledTime);
    const run = { cron: controller.cron, scheduledTime: now.toISOString() };
    const db = getDb(env);
    // The hourly trigger releases the visits whose deposit was not paid in time, and nothing else.
    if (controller.cron === HOURLY_CRON) {
      try {
        logEvent("unpaid_deposits_released", { ...run, ...(await releaseUnpaidDeposits(db, env, now)) });
      } catch (error) {
        logFailure("unpaid_deposits_release_failed", error, { ...run });
        throw error;
      }
      return;
    }
    // Each task runs whatever happens to the others; any failure marks the run failed.
    const [sweep, gallery, cleanup, booking, reviewRequests, followUps, paymentReminders, retention] = await Promise.allSettled([
      sweepOrphanUploads({ db, bucket: env.UPLOADS, now }),
      sweepOrphanGalleryObjects({ db, bucket: env.UPLOADS, now }),
      Promise.all([
        deleteExpiredSessions(db, now),
        deleteStaleFailures(db, now.getTime()),
        deleteOldAccountMails(db, now),
        deleteExpiredChallenges(db, now),
      ]),
      // The series after the holidays, so a holiday just added is a day off for them.
      Promise.all([
        sendVisitReminders(db, env, now),
        extendPublicHolidays(db, todayInJamaica(now), now).then(async (added) => [added, await extendSeries(db, env, now)] as const),
      ]),
      sendReviewRequests(db, env, now, () => readCompany(env, db)),
      sendQuoteFollowUps(db, env, now, () => readCompany(env, db)),
      sendAutomaticReminders(db, billingMailContext(env, db), now),
      applyRetention({ db, bucket: env.UPLOADS, now }),
    ]);
    // KV's copy of the content version catches up with D1's, should a copy after a change have been lost.
    await syncEdgeContentVersion(env, db);
    if (sweep.status === "fulfilled") logEvent("orphan_uploads_swept", { ...run, ...sweep.value });
    else logFailure("orphan_uploads_sweep_failed", sweep.reason, { ...run });
    if (gallery.status === "fulfilled") logEvent("orphan_gallery_objects_swept", { ...run, ...gallery.value });
    else logFailure("orphan_gallery_objects_sweep_failed", gallery.reason, { ...run });
    if (cleanup.status === "fulfilled") {
      const [sessionsDeleted, signInFailuresDeleted, accountMailsDeleted, passkeyChallengesDeleted] = cleanup.value;
      logEvent("expired_rows_deleted", { ...run, sessionsDeleted, signInFailuresDeleted, accountMailsDeleted, passkeyChallengesDeleted });
    } else logFailure("expired_rows_delete_failed", cleanup.reason, { ...run });
    // Shown as a failed run in the dashboard's cron events.
    if (booking.status === "fulfilled") {
      const [remindersQueued, [holidaysAdded, series]] = booking.value;
      logEvent("booking_tasks_done", { ...run, remindersQueued, holidaysAdded, ...series });
    } else logFailure("booking_tasks_failed", booking.reason, { ...run });
    if (reviewRequests.status === "fulfilled") logEvent("review_requests_queued", { ...run, queued: reviewRequests.value });
    else logFailure("review_requests_failed", reviewRequests.reason, { ...run });
    if (followUps.status === "fulfilled") logEvent("quote_follow_ups_queued", { ...run, queued: followUps.value });
    else logFailure("quote_follow_ups_failed", followUps.reason, { ...run });
    if (paymentReminders.status === "fulfilled") logEvent("payment_reminders_queued", { ...run, queued: paymentReminders.value });
    else logFailure("payment_reminders_failed", paymentReminders.reason, { ...run });
    if (retention.status === "fulfilled") logEvent("retention_applied", { ...run, ...retention.value });
    else logFailure("retention_failed", retention.reason, { ...run });
    for (const task of [sweep, gallery, cleanup, booking, reviewRequests, followUps, paymentReminders, retention])
      if (task.status === "rejected") throw task.reason;
  },
} satisfies ExportedHandler<CloudflareBindings>;

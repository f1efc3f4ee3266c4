/**
 * Reviews from real customers (docs/product.md §10 "Review requests"): the table
 * `review_requests`, one row per visit marked done, and the verified reviews its links give.
 *
 * The life of a request, and when its token exists:
 * 1. 'Mark done' (app/server/booking/visits.server.ts `markVisitOutcome`) writes the row in its own
 *    batch (`reviewRequestInsert`): due from `send_after`, 08:00 in Jamaica the morning after
 *    (REVIEW_REQUEST, app/domain/limits.ts), until `expires_at`, REVIEW_REQUEST.validDays days
 *    later. No token exists yet: `token_hash` holds `unsent:<the row's id>`, which no SHA-256
 *    (64 hex digits) can equal, so no link finds the row.
 * 2. The daily cron (`sendReviewRequests`, server.ts `scheduled`) draws the token of each due
 *    request, and in one batch writes its SHA-256 with `sent_at` (only while the row is unsent
 *    and its visit still done) and the e-mail's outbox row; then it queues the e-mail. The token
 *    lives only in that e-mail: D1 keeps its hash, and the outbox row keeps no text
 *    (`oneTimeLink`, app/server/mail/queue.server.ts), so nothing stored can rebuild the link.
 *    Drawing the token at "done" instead would leave nothing to put in the e-mail days later
 *    without storing the token itself.
 * 3. /review/<token> (app/routes/public/review/review.server.ts) finds the row by the hash
 *    (`findReviewRequest`), and `submitCustomerReview` writes the review (verified, hidden until
 *    staff publish it) and marks the row used in one batch, both only while the row is sent,
 *    unused and unexpired and its visit done: a link works once, however many posts arrive at once.
 *
 * Times are ms since the epoch (Drizzle's `timestamp_ms` gives Date objects); days are ISO dates
 * in Jamaica. Every function throws what D1 threw.
 */
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, exists, gt, isNotNull, isNull, lte, notExists } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/sqlite-core";
import { dayLabel, plusDays } from "~/domain/booking";
import { DAY_MS, MINUTE_MS, formatAdminDate, jamaicaDayStart, todayInJamaica } from "~/domain/dates";
import type { ServiceType } from "~/domain/enumerations";
import { REVIEW_REQUEST } from "~/domain/limits";
import { REVIEW_TOKEN_PATTERN, reviewPath } from "~/domain/reference";
import type { CustomerReviewInput } from "~/forms/customer-review";
import { quoteRequests, reviewRequests, reviews, visits } from "../../../drizzle/schema";
import type { Company } from "~/domain/company";
import { outboxInsert, putOnQueue, reviewRequestMail, type MailQueueEnv } from "~/server/mail";
import { insertWhere, PREVIOUS_CHANGED_ONE, readSiteUrl, tokenHash, type Database } from "~/server/platform";

/** Subqueries inside other statements (they run with the statement that holds them). */
const subquery = new QueryBuilder();

/** A new review token: 20 random bytes in lower-case base32 (REVIEW_TOKEN_PATTERN). */
function newReviewToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

/** "Visit `visitId` is still done" (staff have not changed it since). */
const visitStillDone = (visitId: string) =>
  exists(
    subquery
      .select({ id: visits.id })
      .from(visits)
      .where(and(eq(visits.id, visitId), eq(visits.status, "done"))),
  );

/**
 * When a request made at `doneAt` is due and until when its link works. In: the moment the visit
 * is marked done. Out: `sendAfter`, REVIEW_REQUEST.sendAt in Jamaica on the next day there (a
 * visit marked done at 00:30 gets its mail the same calendar morning, the next after the
 * night), and `expiresAt`, REVIEW_REQUEST.validDays days (of 24 hours: Jamaica keeps no
 * daylight saving) after it.
 */
function reviewRequestTimes(doneAt: Date): { sendAfter: Date; expiresAt: Date } {
  const [hours, minutes] = REVIEW_REQUEST.sendAt.split(":").map(Number) as [number, number];
  const sendAfter = jamaicaDayStart(plusDays(todayInJamaica(doneAt), 1))! + (hours * 60 + minutes) * MINUTE_MS;
  return { sendAfter: new Date(sendAfter), expiresAt: new Date(sendAfter + REVIEW_REQUEST.validDays * DAY_MS) };
}

/**
 * The statement that creates visit `visitId`'s review request, for the batch that marks it done
 * (`markVisitOutcome`): written only when the visit is done as the statement runs (after the batch's
 * update) and has no request yet, so marking done twice, or at once from two tabs, makes one.
 * Out: Drizzle's insert, to put in `db.batch`; `meta.changes` is 1 or 0.
 */
export function reviewRequestInsert(db: Database, visitId: string, now: Date) {
  const id = crypto.randomUUID();
  return insertWhere(
    db,
    reviewRequests,
    {
      id,
      visitId,
      // Not a hash: no token exists until the cron sends the e-mail (the module's comment).
      tokenHash: `unsent:${id}`,
      ...reviewRequestTimes(now),
      sentAt: null,
      usedAt: null,
      reviewId: null,
      createdAt: now,
    },
    visitStillDone(visitId),
    notExists(subquery.select({ id: reviewRequests.id }).from(reviewRequests).where(eq(reviewRequests.visitId, visitId))),
  );
}

/**
 * The daily cron's step: for each request due by `now` (`send_after` passed), not sent, not
 * expired, whose visit is still done (at most REVIEW_REQUEST.perRun, the oldest first), draws
 * its token, writes its hash and `sent_at` with the e-mail's outbox row in one batch, and queues
 * the e-mail to the quote request's address. A request claimed by another run meanwhile is left
 * alone, so a second run sends nothing again. In: the client, the Worker's env (SITE_URL, the
 * mail queue), the cron's time and `readCompany`, which reads the company the e-mails sign with
 * (app/server/site `readCompany`). Out: how many e-mails were queued.
 */
export async function sendReviewRequests(
  db: Database,
  env: CloudflareBindings & MailQueueEnv,
  now: Date,
  readCompany: () => Promise<Company>,
): Promise<number> {
  const due = await db
    .select({
      id: reviewRequests.id,
      visitId: reviewRequests.visitId,
      expiresAt: reviewRequests.expiresAt,
      day: visits.day,
      serviceType: visits.serviceType,
      requestId: quoteRequests.id,
      name: quoteRequests.name,
      email: quoteRequests.email,
      reference: quoteRequests.reference,
      statusToken: quoteRequests.statusToken,
    })
    .from(reviewRequests)
    .innerJoin(visits, eq(visits.id, reviewRequests.visitId))
    .innerJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
    .where(
      and(isNull(reviewRequests.sentAt), lte(reviewRequests.sendAfter, now), gt(reviewRequests.expiresAt, now), eq(visits.status, "done")),
    )
    .orderBy(reviewRequests.sendAfter)
    .limit(REVIEW_REQUEST.perRun);
  const company = await readCompany();
  const siteUrl = readSiteUrl(env);
  let queued = 0;
  for (const row of due) {
    if (!row.reference || !row.statusToken) continue;
    const token = newReviewToken();
    const mail = reviewRequestMail(
      { name: row.name, email: row.email, reference: row.reference, statusToken: row.statusToken },
      { day: dayLabel(row.day), serviceType: row.serviceType },
      `${siteUrl}${reviewPath(token)}`,
      formatAdminDate(row.expiresAt.getTime()),
      company,
      siteUrl,
    );
    const mailId = crypto.randomUUID();
    const [claimed] = await db.batch([
      db
        .update(reviewRequests)
        .set({ tokenHash: tokenHash(token), sentAt: now })
        .where(and(eq(reviewRequests.id, row.id), isNull(reviewRequests.sentAt), visitStillDone(row.visitId))),
      outboxInsert(
        db,
        mailId,
        mail,
        { kind: "confirmation", entity: "quote_request", entityId: row.requestId, oneTimeLink: true },
        now,
        PREVIOUS_CHANGED_ONE,
      ),
    ]);
    if (claimed.meta.changes !== 1) continue;
    await putOnQueue(db, env.MAIL_QUEUE, mailId, mail);
    queued++;
  }
  return queued;
}

/** A review link's request as its page needs it: nothing about the customer. */
export interface FoundReviewRequest {
  id: string;
  /** Whether the link can still be used: sent, not used, not expired, the visit still done. */
  open: boolean;
  /** The visit's day (ISO, Jamaica) and service. */
  day: string;
  serviceType: ServiceType;
  expiresAt: Date;
}

/** "The request with this token hash can still be used at `now`". */
const openRequest = (hash: string, now: Date) =>
  and(
    eq(reviewRequests.tokenHash, hash),
    isNotNull(reviewRequests.sentAt),
    isNull(reviewRequests.usedAt),
    gt(reviewRequests.expiresAt, now),
    eq(visits.status, "done"),
  );

/**
 * The request a review link's `token` names, or null when none does (a token not of
 * REVIEW_TOKEN_PATTERN's form is not looked up). In: the client, the token from the URL, the time.
 */
export async function findReviewRequest(db: Database, token: string, now: Date): Promise<FoundReviewRequest | null> {
  if (!REVIEW_TOKEN_PATTERN.test(token)) return null;
  const row = await db
    .select({
      id: reviewRequests.id,
      sentAt: reviewRequests.sentAt,
      usedAt: reviewRequests.usedAt,
      expiresAt: reviewRequests.expiresAt,
      status: visits.status,
      day: visits.day,
      serviceType: visits.serviceType,
    })
    .from(reviewRequests)
    .innerJoin(visits, eq(visits.id, reviewRequests.visitId))
    .where(eq(reviewRequests.tokenHash, tokenHash(token)))
    .get();
  if (!row || row.sentAt === null) return null;
  return {
    id: row.id,
    open: row.usedAt === null && row.expiresAt > now && row.status === "done",
    day: row.day,
    serviceType: row.serviceType,
    expiresAt: row.expiresAt,
  };
}

/**
 * The service area (the business facts' `serviceAreas`, as staff type them) an address names
 * first, e.g. "Rose Hall" for "12 Rose Hall Drive, Montego Bay", or null: a verified review
 * shows the area, as staff type it on /admin/reviews, never the address.
 */
function areaOf(address: string, areas: readonly string[]): string | null {
  const text = address.toLowerCase();
  const escaped = (area: string) => area.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = areas
    .map((area) => ({ area, at: text.search(new RegExp(`\\b${escaped(area)}\\b`)) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at);
  return found[0]?.area ?? null;
}

/**
 * Stores the customer's review from the link `token`: in one batch, the review (verified, of the
 * visit, its service, the area of the quote request's address, dated today in Jamaica, hidden
 * until staff publish it), then the request's `used_at` and `review_id`, each only while the
 * request is sent, unused and unexpired and its visit done. Nothing public changes, so the
 * content version stays. In: the client, the token, the parsed form, the time and the service areas (the business facts: the review's area is the one its address names). Out: "saved", or
 * "closed" when the link cannot be used (any more: a second post of the same form gets this).
 */
export async function submitCustomerReview(
  db: Database,
  token: string,
  input: CustomerReviewInput,
  now: Date,
  serviceAreas: readonly string[],
): Promise<{ status: "saved"; reviewId: string } | { status: "closed" }> {
  if (!REVIEW_TOKEN_PATTERN.test(token)) return { status: "closed" };
  const hash = tokenHash(token);
  const found = await db
    .select({ id: reviewRequests.id, visitId: visits.id, serviceType: visits.serviceType, address: quoteRequests.address })
    .from(reviewRequests)
    .innerJoin(visits, eq(visits.id, reviewRequests.visitId))
    .innerJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
    .where(openRequest(hash, now))
    .get();
  if (!found) return { status: "closed" };
  const reviewId = crypto.randomUUID();
  const stillOpen = exists(
    subquery
      .select({ id: reviewRequests.id })
      .from(reviewRequests)
      .innerJoin(visits, eq(visits.id, reviewRequests.visitId))
      .where(and(eq(reviewRequests.id, found.id), openRequest(hash, now))),
  );
  const [inserted] = await db.batch([
    insertWhere(
      db,
      reviews,
      {
        id: reviewId,
        author: input.author,
        area: areaOf(found.address, serviceAreas),
        serviceType: found.serviceType,
        rating: input.rating,
        body: input.body,
        reviewedOn: todayInJamaica(now),
        published: false,
        verified: true,
        visitId: found.visitId,
        updatedByUserId: null,
        createdAt: now,
        updatedAt: now,
      },
      stillOpen,
    ),
    // After the review, which it names (a foreign key): only if that review was written.
    db
      .update(reviewRequests)
      .set({ usedAt: now, reviewId })
      .where(
        and(
          eq(reviewRequests.id, found.id),
          isNull(reviewRequests.usedAt),
          exists(subquery.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId))),
        ),
      ),
  ]);
  // > 0, not === 1: D1's meta.changes also counts the rows the review's triggers write (migrations/0029_overview_days_folded.sql).
  return inserted.meta.changes > 0 ? { status: "saved", reviewId } : { status: "closed" };
}

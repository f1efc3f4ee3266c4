/**
 * The follow-up of quotes nobody accepted (docs/product.md §11 "Availability", "E-mails"): once a
 * day the cron (server.ts `scheduled`) e-mails one reminder, with the booking link, for each
 * request whose stage is `quoted` with a price (app/server/lifecycle/stage.server.ts, the one
 * definition of a stage) and whose newest quote is at least `quote_follow_up_days` days old
 * (availability_settings; 0 turns it off), not expired, not taken by a visit or a regular
 * cleaning, e-mailed to the customer (a price given by phone and saved without 'E-mail the
 * customer the booking link' gets no reminder either), and not reminded yet
 * (`customer_replies.follow_up_sent_at` null).
 *
 * A quote is claimed and its e-mail's outbox row written in one batch: the guarded UPDATE sets
 * `follow_up_sent_at` only while it is null and the request is still quoted, and the outbox
 * row is written only if that UPDATE changed a row (`PREVIOUS_CHANGED_ONE`), so however many
 * runs overlap, one e-mail goes out per quote. An expired quote needs no job: its stage says so.
 * Every function throws what D1 threw.
 */
import { and, asc, eq, exists, inArray, isNotNull, isNull, lte, notExists, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/sqlite-core";
import { availabilitySettings, customerReplies, quoteRequests, visits, visitSeries } from "../../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { AVAILABILITY_LIMITS } from "~/domain/limits";
import type { Company } from "~/domain/company";
import { formatPrice, outboxInsert, putOnQueue, quoteFollowUpMail, quoteValidUntil, type MailQueueEnv } from "~/server/mail";
import { PREVIOUS_CHANGED_ONE, readSiteUrl, type Database } from "~/server/platform";
import { stageCondition } from "./stage.server";

/** Days after a quote before its reminder, while the owner has not saved the setting (the column's default). */
const DEFAULT_QUOTE_FOLLOW_UP_DAYS = 3;

/** The most reminders one run queues (the oldest quotes first); the next day's run takes the rest. */
const PER_RUN = 100;

/** Subqueries inside other statements (they run with the statement that holds them). */
const subquery = new QueryBuilder();

/** The availability settings' row id (its CHECK allows no other). */
const SETTINGS_ID = 1;

/** The owner's setting: days after a quote before its reminder (0: off), or the default before the settings are first saved. */
export async function readQuoteFollowUpDays(db: Database): Promise<number> {
  const row = await db.select({ days: availabilitySettings.quoteFollowUpDays }).from(availabilitySettings).get();
  return row?.days ?? DEFAULT_QUOTE_FOLLOW_UP_DAYS;
}

/**
 * Saves the follow-up setting on the availability settings' row. In: whole days from
 * AVAILABILITY_LIMITS.quoteFollowUpDays (0: off), checked by the form's schema. The row must
 * exist: call it after `saveAvailabilitySettings`, which upserts it. Out: false when there was no row.
 */
export async function saveQuoteFollowUpDays(db: Database, days: number): Promise<boolean> {
  const { min, max } = AVAILABILITY_LIMITS.quoteFollowUpDays;
  if (!Number.isInteger(days) || days < min || days > max) throw new RangeError(`quote_follow_up_days out of range: ${days}`);
  const result = await db.update(availabilitySettings).set({ quoteFollowUpDays: days }).where(eq(availabilitySettings.id, SETTINGS_ID));
  return result.meta.changes === 1;
}

/** The newest quote of the request in scope (its id), as SQL; the request's id with its table, as stage.server.ts writes it. */
const newestQuoteId = sql<string>`(SELECT cr.id FROM customer_replies cr WHERE cr.entity = 'quote_request' AND cr.kind = 'quote' AND cr.entity_id = "quote_requests"."id" ORDER BY cr.created_at DESC LIMIT 1)`;

/** "No visit and no regular cleaning took quote `quoteId`" (a cancelled or skipped visit gives it back). */
const notTaken = (quoteId: typeof customerReplies.id) =>
  and(
    notExists(
      subquery
        .select({ id: visits.id })
        .from(visits)
        .where(and(eq(visits.quoteId, quoteId), inArray(visits.status, ["scheduled", "done", "no_show"]))),
    ),
    notExists(
      subquery
        .select({ id: visitSeries.id })
        .from(visitSeries)
        .where(and(eq(visitSeries.quoteId, quoteId), inArray(visitSeries.status, ["active", "paused"]))),
    ),
  );

/**
 * The daily cron's step: queues one reminder for each quote due at `now` (the module's comment),
 * the oldest first, at most PER_RUN a run. In: the client, the Worker's env (SITE_URL, the mail
 * queue), the cron's time and `readCompany`, which reads the company the e-mails sign with
 * (app/server/site `readCompany`). Out: how many e-mails were queued (0 when the setting is off).
 */
export async function sendQuoteFollowUps(
  db: Database,
  env: CloudflareBindings & MailQueueEnv,
  now: Date,
  readCompany: () => Promise<Company>,
): Promise<number> {
  const days = await readQuoteFollowUpDays(db);
  if (days <= 0) return 0;
  const sentBy = new Date(now.getTime() - days * DAY_MS);
  const due = await db
    .select({
      requestId: quoteRequests.id,
      name: quoteRequests.name,
      email: quoteRequests.email,
      reference: quoteRequests.reference,
      statusToken: quoteRequests.statusToken,
      serviceType: quoteRequests.serviceType,
      quoteId: customerReplies.id,
      amountJmd: customerReplies.amountJmd,
      amountUsd: customerReplies.amountUsd,
      validDays: customerReplies.validDays,
      sentAt: customerReplies.createdAt,
    })
    .from(quoteRequests)
    .innerJoin(customerReplies, eq(customerReplies.id, newestQuoteId))
    .where(
      and(
        stageCondition("quoted", now),
        isNull(customerReplies.followUpSentAt),
        // A price given by phone and not e-mailed stays between staff and the customer.
        isNotNull(customerReplies.mailDeliveryId),
        lte(customerReplies.createdAt, sentBy),
        notTaken(customerReplies.id),
      ),
    )
    .orderBy(asc(customerReplies.createdAt))
    .limit(PER_RUN);
  if (due.length === 0) return 0;
  const company = await readCompany();
  const siteUrl = readSiteUrl(env);
  let queued = 0;
  for (const row of due) {
    if (!row.reference || !row.statusToken || row.amountJmd === null || row.validDays === null) continue;
    const mail = quoteFollowUpMail(
      { name: row.name, email: row.email, reference: row.reference, statusToken: row.statusToken, serviceType: row.serviceType },
      { price: formatPrice(row.amountJmd, row.amountUsd), validUntil: quoteValidUntil(row.sentAt.getTime(), row.validDays) },
      company,
      siteUrl,
    );
    const mailId = crypto.randomUUID();
    // Still the request's newest quote, still quoted at `now`, still not taken, not reminded.
    const stillDue = exists(
      subquery
        .select({ id: quoteRequests.id })
        .from(quoteRequests)
        .where(and(eq(quoteRequests.id, row.requestId), stageCondition("quoted", now), eq(newestQuoteId, row.quoteId))),
    );
    const [claimed] = await db.batch([
      db
        .update(customerReplies)
        .set({ followUpSentAt: now })
        .where(and(eq(customerReplies.id, row.quoteId), isNull(customerReplies.followUpSentAt), stillDue, notTaken(customerReplies.id))),
      outboxInsert(db, mailId, mail, { kind: "quote", entity: "quote_request", entityId: row.requestId }, now, PREVIOUS_CHANGED_ONE),
    ]);
    if (claimed.meta.changes !== 1) continue;
    await putOnQueue(db, env.MAIL_QUEUE, mailId, mail);
    queued++;
  }
  return queued;
}

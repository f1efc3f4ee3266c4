/**
 * The data of the customer's private status page (docs/product.md §10 "Status page"): a request
 * is found by its token alone (docs/decisions/011-status-page-token.md), with what its page
 * shows of its history: its status changes and the latest quote or reply sent to it. What the
 * page says of it (never the request's contact details, nothing of any other request) is shaped
 * by its route (app/routes/public/status/status.server.ts). A quote request's stage is read with
 * it, from app/server/lifecycle (the one definition of a stage), and its next visit can be
 * downloaded as the same iCalendar event the booking confirmation attaches (`statusCalendarEvent`).
 */
import { and, asc, desc, eq, notInArray } from "drizzle-orm";
import {
  contactMessages,
  customerReplies,
  quoteRequests,
  statusChanges,
  visits,
  availabilitySettings,
  type ContactMessage,
  type CustomerReply,
  type QuoteRequest,
} from "../../../drizzle/schema";
import type { AvailabilitySettings } from "~/domain/booking";
import type { StageFacts } from "~/domain/lifecycle";
import { STATUS_TOKEN_PATTERN } from "~/domain/reference";
import { settingsOf, visitCalendarEvent } from "~/server/booking";
import { stageColumns, stageFacts } from "~/server/lifecycle";
import type { Database } from "~/server/platform";

/** What the status page needs of the request a token names. */
interface StatusHistory {
  reference: string;
  /** Its status changes: the status reached and when. */
  changes: Array<{ to: string; at: Date }>;
  /** The latest quote or reply sent to the customer, if any. */
  latest: CustomerReply | undefined;
  /** A quote request's next scheduled visit (the booked day and arrival window), if any. */
  visit: { id: string; day: string; windowStart: string; windowEnd: string } | undefined;
  /** The quotes a visit took, scheduled, done or no-show (a quote is accepted once; a cancelled or skipped visit gives it back). */
  acceptedQuoteIds: Set<string>;
  /** The availability settings (their change cut-off), read with the visit. */
  settings: AvailabilitySettings;
  /** A quote request's stage at the time asked (app/server/lifecycle); null for a contact message. */
  stage: StageFacts | null;
}

/** A request found by its status token, with its kind. */
export type StatusRequest =
  (StatusHistory & { kind: "quote_request"; record: QuoteRequest }) | (StatusHistory & { kind: "contact_message"; record: ContactMessage });

/**
 * The request whose status page token is `token`, with its stage at `now`, or null when no
 * request has it (a malformed token is not looked up; a record without a reference has no
 * page). Throws when D1 fails.
 */
export async function findStatusRequest(db: Database, token: string, now: Date = new Date()): Promise<StatusRequest | null> {
  if (!STATUS_TOKEN_PATTERN.test(token)) return null;
  const [quotes, messages] = await db.batch([
    db.select().from(quoteRequests).where(eq(quoteRequests.statusToken, token)).limit(1),
    db.select().from(contactMessages).where(eq(contactMessages.statusToken, token)).limit(1),
  ]);
  const found = quotes[0]
    ? ({ kind: "quote_request", record: quotes[0] } as const)
    : messages[0]
      ? ({ kind: "contact_message", record: messages[0] } as const)
      : null;
  const reference = found?.record.reference;
  if (!found || !reference) return null;
  const [changes, sent, taken, settings, stage] = await db.batch([
    db
      .select({ to: statusChanges.toStatus, at: statusChanges.createdAt })
      .from(statusChanges)
      .where(and(eq(statusChanges.entity, found.kind), eq(statusChanges.entityId, found.record.id))),
    db
      .select()
      .from(customerReplies)
      .where(and(eq(customerReplies.entity, found.kind), eq(customerReplies.entityId, found.record.id)))
      .orderBy(desc(customerReplies.createdAt))
      .limit(1),
    // A contact message's id names no visit: both come back empty for it.
    db
      .select({
        id: visits.id,
        quoteId: visits.quoteId,
        status: visits.status,
        day: visits.day,
        windowStart: visits.windowStart,
        windowEnd: visits.windowEnd,
      })
      .from(visits)
      .where(and(eq(visits.quoteRequestId, found.record.id), notInArray(visits.status, ["cancelled", "skipped"])))
      // The next scheduled visit first (a series has several).
      .orderBy(visits.day, visits.windowStart),
    db.select().from(availabilitySettings).limit(1),
    // A contact message's id names no quote request: no row, no stage.
    db.select(stageColumns(now)).from(quoteRequests).where(eq(quoteRequests.id, found.record.id)).limit(1),
  ]);
  return {
    ...found,
    reference,
    changes,
    latest: sent[0],
    visit: taken.find((visit) => visit.status === "scheduled"),
    acceptedQuoteIds: new Set(taken.map((visit) => visit.quoteId)),
    settings: settingsOf(settings[0]),
    stage: found.kind === "quote_request" && stage[0] ? stageFacts(stage[0]) : null,
  };
}

/**
 * The next scheduled visit of the quote request whose status token is `token`, as the .ics text
 * its booking confirmation attaches (app/server/booking `visitCalendarEvent`: the same UID and
 * SEQUENCE, so a calendar keeps one event), or null when the token names no quote request or
 * nothing is booked. In: the client, the token, the company (name, e-mail) and the site's host.
 * Throws when D1 fails.
 */
export async function statusCalendarEvent(
  db: Database,
  token: string,
  company: { name: string; email: string },
  siteHost: string,
): Promise<string | null> {
  if (!STATUS_TOKEN_PATTERN.test(token)) return null;
  const row = await db
    .select({ visit: visits, reference: quoteRequests.reference })
    .from(quoteRequests)
    .innerJoin(visits, eq(visits.quoteRequestId, quoteRequests.id))
    .where(and(eq(quoteRequests.statusToken, token), eq(visits.status, "scheduled")))
    .orderBy(asc(visits.day), asc(visits.windowStart))
    .limit(1)
    .get();
  if (!row?.reference) return null;
  return visitCalendarEvent(row.visit, company, siteHost, row.reference);
}

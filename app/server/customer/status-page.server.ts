/**
 * The customer's private status page (docs/product.md §10 "Status page"): found by its token
 * alone (docs/decisions/011-status-page-token.md), it shows where that one request stands:
 * received, quoted (with the latest quote) or completed for a quote request; received or
 * answered (with the latest reply) for a contact message. It shows the request's reference,
 * service and dates, never its contact details, and nothing of any other request.
 */
import { and, desc, eq } from "drizzle-orm";
import { contactMessages, customerReplies, quoteRequests, statusChanges } from "../../../drizzle/schema";
import { DAY_MS, formatAdminDate, formatAdminDateTime } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, type AuditedEntity } from "~/domain/enumerations";
import { STATUS_TOKEN_PATTERN } from "~/domain/reference";
import { formatDollars, quoteValidUntil } from "../mail/customer-mails.server";
import type { Database } from "../platform/db.server";

/** One step of the timeline: its label, whether it is reached, and when (Jamaica time). */
export interface StatusStep {
  label: string;
  done: boolean;
  at: string | null;
}

export interface StatusView {
  kind: AuditedEntity;
  reference: string;
  receivedAt: string;
  /** Quote requests: the service's label and the preferred date (or null). */
  service: string | null;
  preferredDate: string | null;
  /** A short sentence: where the request stands now. */
  headline: string;
  steps: StatusStep[];
  quote: {
    price: string;
    usd: string | null;
    included: string | null;
    validUntil: string;
    expired: boolean;
    message: string;
    sentAt: string;
  } | null;
  reply: { message: string; sentAt: string } | null;
}

/** The time of the first change of the record to `to`, or null. */
function reachedAt(changes: Array<{ to: string; at: Date }>, to: string): number | null {
  const times = changes.filter((change) => change.to === to).map((change) => change.at.getTime());
  return times.length > 0 ? Math.min(...times) : null;
}

/** A step for the timeline. */
const step = (label: string, atMs: number | null, done = atMs !== null): StatusStep => ({
  label,
  done,
  at: atMs === null ? null : formatAdminDateTime(atMs),
});

/**
 * The status page of `token`, or null when no request has it (a malformed token is not
 * looked up). Throws when D1 fails.
 */
export async function loadStatusView(db: Database, token: string, now: Date = new Date()): Promise<StatusView | null> {
  if (!STATUS_TOKEN_PATTERN.test(token)) return null;
  const [quotes, messages] = await db.batch([
    db.select().from(quoteRequests).where(eq(quoteRequests.statusToken, token)).limit(1),
    db.select().from(contactMessages).where(eq(contactMessages.statusToken, token)).limit(1),
  ]);
  const quoteRequest = quotes[0];
  const message = messages[0];
  const record = quoteRequest ?? message;
  if (!record?.reference) return null;
  const entity: AuditedEntity = quoteRequest ? "quote_request" : "contact_message";
  const [changes, sent] = await db.batch([
    db
      .select({ to: statusChanges.toStatus, at: statusChanges.createdAt })
      .from(statusChanges)
      .where(and(eq(statusChanges.entity, entity), eq(statusChanges.entityId, record.id))),
    db
      .select()
      .from(customerReplies)
      .where(and(eq(customerReplies.entity, entity), eq(customerReplies.entityId, record.id)))
      .orderBy(desc(customerReplies.createdAt))
      .limit(1),
  ]);
  const latest = sent[0];
  const received = record.createdAt.getTime();
  const base = { kind: entity, reference: record.reference, receivedAt: formatAdminDate(received) };

  if (quoteRequest) {
    const quotedAt = quoteRequest.firstReplyAt?.getTime() ?? reachedAt(changes, "quoted");
    const completedAt = reachedAt(changes, "completed");
    const status = quoteRequest.status;
    const quoted = status === "quoted" || status === "completed";
    const headline = {
      pending: "We have your request and are preparing your quote.",
      quoted: "Your quote is ready.",
      completed: "The job is done. Thank you for choosing us!",
      cancelled: "This request was cancelled. Call or WhatsApp us if that is a surprise.",
    }[status];
    const quote =
      latest?.kind === "quote" && latest.amountJmd !== null && latest.validDays !== null
        ? {
            price: formatDollars(latest.amountJmd, "JMD"),
            usd: latest.amountUsd ? formatDollars(latest.amountUsd, "USD") : null,
            included: latest.included,
            validUntil: quoteValidUntil(latest.createdAt.getTime(), latest.validDays),
            expired: latest.createdAt.getTime() + (latest.validDays + 1) * DAY_MS <= now.getTime() && status === "quoted",
            message: latest.message,
            sentAt: formatAdminDate(latest.createdAt.getTime()),
          }
        : null;
    return {
      ...base,
      service: SERVICE_TYPE_LABELS[quoteRequest.serviceType],
      preferredDate: quoteRequest.preferredDate ? formatAdminDate(Date.parse(`${quoteRequest.preferredDate}T12:00:00Z`)) : null,
      headline,
      steps: [step("Received", received), step("Quoted", quotedAt, quoted), step("Completed", completedAt, status === "completed")],
      quote,
      reply: null,
    };
  }

  if (!message) return null;
  const answered = message.status === "responded";
  const answeredAt = message.firstReplyAt?.getTime() ?? reachedAt(changes, "responded");
  return {
    ...base,
    service: null,
    preferredDate: null,
    headline: answered
      ? "We have answered your message."
      : message.status === "read"
        ? "We have read your message and will get back to you soon."
        : "We have your message and will get back to you soon.",
    steps: [step("Received", received), step("Answered", answeredAt, answered)],
    quote: null,
    reply: latest?.kind === "reply" ? { message: latest.message, sentAt: formatAdminDate(latest.createdAt.getTime()) } : null,
  };
}

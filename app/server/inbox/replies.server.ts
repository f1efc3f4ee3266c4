/**
 * What staff send a customer from a record page, and what the site knows of it
 * (docs/product.md §10 "Send quote", "Reply", "Time to first reply", "E-mails"):
 *
 * - `sendQuote` / `sendReply`: in one D1 batch, the outbox row of the e-mail (none for a price
 *   given by phone and recorded without e-mail: `sendQuote`'s `mail: false`), the
 *   customer_replies row (what was sent, by whom, when), the status change to quoted /
 *   responded with its audit row, and the record's first reply time (set once); then the
 *   e-mail is put on the mail queue. Every statement of the batch is guarded by the status
 *   the record was read with, so a change made meanwhile by another admin makes the whole
 *   batch write nothing ("conflict").
 * - `recordCorrespondence`: a record's e-mails (with their delivery state) and what was sent.
 * - `firstReplyFigures`: the dashboard's share of requests answered within the promise this month.
 */
import { and, count, desc, eq, gte, isNotNull, lte, or, sql } from "drizzle-orm";
import { customerReplies, mailDeliveries, users } from "../../../drizzle/schema";
import { jamaicaMonthStart } from "~/domain/dates";
import type { AuditedEntity, CustomerReplyKind } from "~/domain/enumerations";
import { OVERDUE_AFTER_MS, QUOTABLE_STATUSES, REPLIED_STATUS } from "~/domain/status";
import type { QuoteFormInput } from "~/forms/customer-reply";
import type { Company } from "~/domain/company";
import { type Mail, type MailQueueMessage, outboxInsert, putOnQueue, quoteMail, replyMail } from "~/server/mail";
import { type Database, insertWhere, recordExists, type RecordGuard, RECORDS, type RecordTable } from "~/server/platform";
import { hasScheduledVisit } from "~/server/booking";
import { auditStatement, getRecord, moveStatement, moved } from "./records.server";

/** What sending a quote or reply came to (sendQuote, sendReply). */
export type SendOutcome = "sent" | "not-found" | "not-allowed" | "conflict";

interface SendContext {
  db: Database;
  queue: Queue<MailQueueMessage>;
  company: Company;
  /** SITE_URL's origin. */
  siteUrl: string;
  actorUserId: string;
  now?: Date;
}

/** What staff sent: a quote (with its terms) or a reply, and its message. */
interface SentReply {
  kind: CustomerReplyKind;
  amountJmd?: number;
  amountUsd?: number | null;
  included?: string | null;
  validDays?: number;
  message: string;
}

/**
 * Writes what was sent, its e-mail's outbox row, the step to the replied status (with its
 * audit row, unless the record is there already) and the first reply time, in one D1 batch
 * in which every insert is guarded by `guard` (`WHERE EXISTS (the record with the status it
 * was read with)`) and the update comes last with `AND status = <that status>`; then queues
 * the e-mail. `mail` null: recorded without e-mail (no outbox row, `mail_delivery_id` null).
 * Out: "sent" or "conflict" (the record changed meanwhile: nothing was written).
 */
async function recordAndQueue(context: SendContext, guard: RecordGuard, mail: Mail | null, reply: SentReply): Promise<"sent" | "conflict"> {
  const { db, now = new Date() } = context;
  const mailId = mail ? crypto.randomUUID() : null;
  const step = { entity: guard.entity, id: guard.id, from: guard.status, to: REPLIED_STATUS[guard.entity] };
  const stillThere = recordExists(guard);
  const sent = {
    id: crypto.randomUUID(),
    kind: reply.kind,
    entity: guard.entity,
    entityId: guard.id,
    amountJmd: reply.amountJmd ?? null,
    amountUsd: reply.amountUsd ?? null,
    included: reply.included ?? null,
    validDays: reply.validDays ?? null,
    message: reply.message,
    mailDeliveryId: mailId,
    sentByUserId: context.actorUserId,
    createdAt: now,
    followUpSentAt: null,
  };
  const results = await db.batch([
    insertWhere(db, customerReplies, sent, stillThere),
    ...(mail && mailId
      ? [outboxInsert(db, mailId, mail, { kind: reply.kind, entity: guard.entity, entityId: guard.id }, now, stillThere)]
      : []),
    ...(step.from !== step.to ? [auditStatement(db, step, context.actorUserId, now, stillThere)] : []),
    // Last, so the guards above still see the status the record was read with.
    moveStatement(db, step, now),
  ]);
  const move = results.at(-1) as D1Result | undefined;
  if (!move || !moved(move)) return "conflict";
  if (mail && mailId) await putOnQueue(db, context.queue, mailId, mail);
  return "sent";
}

/**
 * 'Send quote' on quote request `id`: e-mails the quote, records it, and moves a pending
 * request to quoted (a quoted one stays quoted: the new quote replaces the old on the status
 * page). `options.mail` false: the price staff gave by phone, recorded without e-mailing it
 * (the customer can then book online at it from the status page). Out: "sent"; "not-found";
 * "not-allowed" when the request is completed or cancelled; "conflict" when its status changed
 * meanwhile. Throws when D1 fails (nothing is written then).
 */
export async function sendQuote(
  context: SendContext,
  id: string,
  terms: Omit<QuoteFormInput, "intent">,
  options: { mail: boolean } = { mail: true },
): Promise<SendOutcome> {
  const quote = await getRecord(context.db, "quote_request", id);
  if (!quote?.reference || !quote.statusToken) return "not-found";
  if (!QUOTABLE_STATUSES.includes(quote.status)) return "not-allowed";
  const now = context.now ?? new Date();
  if (!options.mail) {
    return recordAndQueue({ ...context, now }, { entity: "quote_request", id, status: quote.status }, null, { kind: "quote", ...terms });
  }
  const mail = quoteMail(
    { email: quote.email, reference: quote.reference, statusToken: quote.statusToken, serviceType: quote.serviceType },
    terms,
    now,
    context.company,
    context.siteUrl,
    // A visit already scheduled keeps the quote it took: the new one is not offered for booking.
    !(await hasScheduledVisit(context.db, id)),
  );
  return recordAndQueue({ ...context, now }, { entity: "quote_request", id, status: quote.status }, mail, { kind: "quote", ...terms });
}

/**
 * 'Send reply' on contact message `id`: e-mails the reply, records it, and moves an unread or
 * read message to responded. Out: "sent", "not-found" or "conflict". Throws when D1 fails.
 */
export async function sendReply(context: SendContext, id: string, message: string): Promise<SendOutcome> {
  const record = await getRecord(context.db, "contact_message", id);
  if (!record?.reference || !record.statusToken) return "not-found";
  const mail = replyMail(
    { email: record.email, reference: record.reference, statusToken: record.statusToken },
    message,
    context.company,
    context.siteUrl,
  );
  return recordAndQueue(context, { entity: "contact_message", id, status: record.status }, mail, { kind: "reply", message });
}

/**
 * 'Tell the customer' of a cancellation: an e-mail (kind "reply", about quote request `id`)
 * saying the request was cancelled and why, written to the outbox only while the request
 * exists, then put on the mail queue. Out: "queued" or "not-found". Throws when D1 fails.
 */
export async function queueCancellationMail(context: SendContext, id: string, message: string): Promise<"queued" | "not-found"> {
  const { db, now = new Date() } = context;
  const quote = await getRecord(db, "quote_request", id);
  if (!quote?.reference || !quote.statusToken) return "not-found";
  const mail = replyMail(
    { email: quote.email, reference: quote.reference, statusToken: quote.statusToken },
    message,
    context.company,
    context.siteUrl,
  );
  const mailId = crypto.randomUUID();
  const about = { kind: "reply" as const, entity: "quote_request" as const, entityId: id };
  const [written] = await db.batch([outboxInsert(db, mailId, mail, about, now, recordExists({ entity: "quote_request", id }))]);
  if (written.meta.changes !== 1) return "not-found";
  await putOnQueue(db, context.queue, mailId, mail);
  return "queued";
}

/** A record's e-mails, newest first, and what staff sent the customer, newest first. */
export async function recordCorrespondence(db: Database, entity: AuditedEntity, id: string) {
  const [mails, replies] = await db.batch([
    db
      .select({
        id: mailDeliveries.id,
        kind: mailDeliveries.kind,
        to: mailDeliveries.toAddress,
        subject: mailDeliveries.subject,
        status: mailDeliveries.status,
        attempts: mailDeliveries.attempts,
        lastError: mailDeliveries.lastError,
        canResend: mailDeliveries.bodyText,
        createdAt: mailDeliveries.createdAt,
        sentAt: mailDeliveries.sentAt,
      })
      .from(mailDeliveries)
      .where(and(eq(mailDeliveries.entity, entity), eq(mailDeliveries.entityId, id)))
      .orderBy(desc(mailDeliveries.createdAt)),
    db
      .select({
        id: customerReplies.id,
        kind: customerReplies.kind,
        amountJmd: customerReplies.amountJmd,
        amountUsd: customerReplies.amountUsd,
        included: customerReplies.included,
        validDays: customerReplies.validDays,
        message: customerReplies.message,
        mailId: customerReplies.mailDeliveryId,
        sender: users.email,
        createdAt: customerReplies.createdAt,
      })
      .from(customerReplies)
      .leftJoin(users, eq(customerReplies.sentByUserId, users.id))
      .where(and(eq(customerReplies.entity, entity), eq(customerReplies.entityId, id)))
      .orderBy(desc(customerReplies.createdAt)),
  ]);
  return { mails: mails.map(({ canResend, ...mail }) => ({ ...mail, canResend: canResend !== null })), replies };
}

/** The dashboard's figure: of this month's requests whose answer is due or given, how many were answered within the promise. */
export interface FirstReplyFigures {
  /** The month's first millisecond in Jamaica (ms since the epoch). */
  monthStartMs: number;
  /** Requests (both kinds) that arrived this month and were answered or are past the promise. */
  due: number;
  /** Of those, answered within QUOTE_REPLY_HOURS of arriving. */
  onTime: number;
}

/**
 * Quote requests and contact messages that arrived this month (Jamaica) and have either been
 * answered or waited past the promise, and how many of them were answered within it. A
 * request still inside its 24 hours and unanswered is not counted yet. In: the database and
 * now. Out: the two one-row reads (quote requests, then contact messages, each `{ due, onTime }`)
 * for a caller's statement (app/server/inbox/frame.server.ts), and `fold`, which adds their rows
 * up into FirstReplyFigures.
 */
export function firstReplyReads(db: Database, now: Date = new Date()) {
  const monthStartMs = jamaicaMonthStart(now);
  const dueBefore = new Date(now.getTime() - OVERDUE_AFTER_MS);
  const figures = (entity: AuditedEntity) => {
    const table: RecordTable = RECORDS[entity];
    return db
      .select({
        due: count(),
        onTime: sql<number>`coalesce(sum(${table.firstReplyAt} IS NOT NULL AND ${table.firstReplyAt} - ${table.createdAt} <= ${OVERDUE_AFTER_MS}), 0)`,
      })
      .from(table)
      .where(and(gte(table.createdAt, new Date(monthStartMs)), or(isNotNull(table.firstReplyAt), lte(table.createdAt, dueBefore))));
  };
  const fold = (rows: ReadonlyArray<{ due: number | null; onTime: number | null }>): FirstReplyFigures => ({
    monthStartMs,
    due: rows.reduce((sum, row) => sum + Number(row.due ?? 0), 0),
    onTime: rows.reduce((sum, row) => sum + Number(row.onTime ?? 0), 0),
  });
  return { reads: [figures("quote_request"), figures("contact_message")] as const, fold };
}

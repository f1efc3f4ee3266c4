/**
 * What staff send a customer from a record page, and what the site knows of it
 * (docs/product.md §10 "Send quote", "Reply", "Time to first reply", "E-mails"):
 *
 * - `sendQuote` / `sendReply`: in one D1 batch, the outbox row of the e-mail, the
 *   customer_replies row (what was sent, by whom, when), the status change to quoted /
 *   responded with its audit row, and the record's first reply time (set once); then the
 *   e-mail is put on the mail queue. Every statement of the batch is guarded by the status
 *   the record was read with, so a change made meanwhile by another admin makes the whole
 *   batch write nothing ("conflict").
 * - `recordCorrespondence`: a record's e-mails (with their delivery state) and what was sent.
 * - `firstReplyFigures`: the dashboard's share of requests answered within the promise this month.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { contactMessages, customerReplies, mailDeliveries, quoteRequests, statusChanges, users } from "../../../drizzle/schema";
import { jamaicaMonthStart } from "~/domain/dates";
import type { AuditedEntity } from "~/domain/enumerations";
import { OVERDUE_AFTER_MS, QUOTABLE_STATUSES, REPLIED_STATUS } from "~/domain/status";
import type { QuoteFormInput } from "~/forms/customer-reply";
import type { Company } from "../platform/env.server";
import { quoteMail, replyMail } from "../mail/customer-mails.server";
import type { Database } from "../platform/db.server";
import { insertWhere } from "../platform/insert-where.server";
import type { Mail } from "../mail/mailer.server";
import { outboxInsert, putOnQueue, recordStillIs, type MailQueueMessage, type RecordGuard } from "../mail/queue.server";
import { getContactMessage, getQuoteRequest } from "./records.server";

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

/**
 * Writes what was sent, its e-mail's outbox row, the step to the replied status (with its
 * audit row, unless the record is there already) and the first reply time, all guarded by
 * `guard`; then queues the e-mail. Out: "sent" or "conflict" (the record changed meanwhile).
 */
async function recordAndQueue(
  context: SendContext,
  guard: RecordGuard,
  mail: Mail,
  reply: {
    kind: "quote" | "reply";
    amountJmd?: number;
    amountUsd?: number | null;
    included?: string | null;
    validDays?: number;
    message: string;
  },
): Promise<"sent" | "conflict"> {
  const { db, now = new Date() } = context;
  const mailId = crypto.randomUUID();
  const to = REPLIED_STATUS[guard.entity];
  const stillIs = recordStillIs(db, guard);
  const table = guard.entity === "quote_request" ? quoteRequests : contactMessages;
  const statusChange = insertWhere(
    db,
    statusChanges,
    {
      id: crypto.randomUUID(),
      entity: guard.entity,
      entityId: guard.id,
      fromStatus: guard.status,
      toStatus: to,
      actorUserId: context.actorUserId,
      createdAt: now,
    },
    stillIs,
  );
  const results = await db.batch([
    outboxInsert(db, mailId, mail, { kind: reply.kind, entity: guard.entity, entityId: guard.id }, now, guard),
    insertWhere(
      db,
      customerReplies,
      {
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
      },
      stillIs,
    ),
    ...(guard.status !== to ? [statusChange] : []),
    // Last, so the guards above still see the status the record was read with.
    db
      .update(table)
      .set({ status: sql`${to}`, updatedAt: now, firstReplyAt: sql`coalesce(${table.firstReplyAt}, ${now.getTime()})` })
      .where(and(eq(table.id, guard.id), sql`${table.status} = ${guard.status}`)),
  ]);
  if (results.at(-1)?.meta.changes !== 1) return "conflict";
  await putOnQueue(db, context.queue, mailId, mail);
  return "sent";
}

/**
 * 'Send quote' on quote request `id`: e-mails the quote, records it, and moves a pending
 * request to quoted (a quoted one stays quoted: the new quote replaces the old on the status
 * page). Out: "sent"; "not-found"; "not-allowed" when the request is completed or cancelled;
 * "conflict" when its status changed meanwhile. Throws when D1 fails (nothing is written then).
 */
export async function sendQuote(context: SendContext, id: string, terms: Omit<QuoteFormInput, "intent">): Promise<SendOutcome> {
  const request = await getQuoteRequest(context.db, id);
  if (!request?.reference || !request.statusToken) return "not-found";
  if (!QUOTABLE_STATUSES.includes(request.status)) return "not-allowed";
  const now = context.now ?? new Date();
  const mail = quoteMail(
    { email: request.email, reference: request.reference, statusToken: request.statusToken, serviceType: request.serviceType },
    terms,
    now,
    context.company,
    context.siteUrl,
  );
  return recordAndQueue({ ...context, now }, { entity: "quote_request", id, status: request.status }, mail, { kind: "quote", ...terms });
}

/**
 * 'Send reply' on contact message `id`: e-mails the reply, records it, and moves an unread or
 * read message to responded. Out: "sent", "not-found" or "conflict". Throws when D1 fails.
 */
export async function sendReply(context: SendContext, id: string, message: string): Promise<SendOutcome> {
  const record = await getContactMessage(context.db, id);
  if (!record?.reference || !record.statusToken) return "not-found";
  const mail = replyMail(
    { email: record.email, reference: record.reference, statusToken: record.statusToken },
    message,
    context.company,
    context.siteUrl,
  );
  return recordAndQueue(context, { entity: "contact_message", id, status: record.status }, mail, { kind: "reply", message });
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
 * request still inside its 24 hours and unanswered is not counted yet. One D1 batch.
 */
export async function firstReplyFigures(db: Database, now: Date = new Date()): Promise<FirstReplyFigures> {
  const monthStartMs = jamaicaMonthStart(now);
  const dueBefore = now.getTime() - OVERDUE_AFTER_MS;
  const query = (table: string) =>
    db.$client
      .prepare(
        `SELECT count(*) AS due, coalesce(sum(first_reply_at IS NOT NULL AND first_reply_at - created_at <= ?3), 0) AS onTime
         FROM ${table} WHERE created_at >= ?1 AND (first_reply_at IS NOT NULL OR created_at <= ?2)`,
      )
      .bind(monthStartMs, dueBefore, OVERDUE_AFTER_MS);
  const results = await db.$client.batch<{ due: number; onTime: number }>([query("quote_requests"), query("contact_messages")]);
  const rows = results.map((result) => result.results[0] ?? { due: 0, onTime: 0 });
  return {
    monthStartMs,
    due: rows.reduce((sum, row) => sum + row.due, 0),
    onTime: rows.reduce((sum, row) => sum + row.onTime, 0),
  };
}

/**
 * Every e-mail the site sends goes through the mail queue (docs/architecture.md §4.15;
 * docs/decisions/012-mail-queue.md):
 *
 * 1. `queueMail` / `enqueueMail` (producer, in a request): writes the mail's outbox row
 *    (`mail_deliveries`, status `queued`) and puts `{ id, mail }` on the `MAIL_QUEUE` binding.
 *    A request is stored and answered whether or not this works: a row that could not be
 *    queued is marked `failed` at once (shown as "Not delivered", with 'Resend').
 * 2. `consumeMail` (the queue's consumer, in the same Worker): claims the row (queued →
 *    sending) before sending, so a message delivered twice sends one e-mail; sends with the
 *    configured transport (mailer.server.ts); marks it `sent`, or puts it back with
 *    `message.retry` after a backoff (MAIL_RETRY_BASE_SECONDS, times 4 per try, at most an
 *    hour).
 * 3. After wrangler.toml's `max_retries`, the queue moves the message to the dead-letter
 *    queue, whose consumer `markUndelivered` marks the row `failed`.
 * 4. `resendMail` ('Resend' on a record page) puts a failed mail about that record back on
 *    the queue.
 */
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { AuditedEntity, MailEntity, MailKind, MailStatus } from "~/domain/enumerations";
import { HOUR_MS } from "~/domain/dates";
import { ACCOUNT_MAILS_PER_HOUR } from "~/domain/limits";
import { mailDeliveries } from "../../../drizzle/schema";
import { type Database, insertWhere, logEvent, logProblem } from "~/server/platform";
import { type Mail, type MailEnv, sendMail } from "./mailer.server";

/** The queues of wrangler.toml `[[queues.consumers]]`; tests/unit/mail-queue.test.ts keeps them equal. */
export const MAIL_QUEUE_NAME = "montego-bay-cleaning-mail";
export const MAIL_DEAD_LETTER_QUEUE_NAME = "montego-bay-cleaning-mail-dead-letter";

/** A queue message: the outbox row's id (the idempotency key) and the mail itself. */
export interface MailQueueMessage {
  id: string;
  mail: Mail;
}

/** What a mail is about: its kind and, for mails about a request, the record. */
export interface MailAbout {
  kind: MailKind;
  entity?: MailEntity;
  entityId?: string;
  /** The mail carries a one-time link whose token D1 keeps only as its hash (a review link): its row keeps no text and cannot be resent. */
  oneTimeLink?: true;
}

export type MailQueueEnv = MailEnv & Pick<CloudflareBindings, "MAIL_QUEUE" | "MAIL_RETRY_BASE_SECONDS">;

/** A claim older than this is a consumer that stopped mid-send: the row may be claimed again. */
const STALE_CLAIM_MS = 5 * 60 * 1000;
/** The longest wait between two tries. */
const MAX_RETRY_DELAY_SECONDS = 3600;
/** How much of a transport's error is kept on the row and shown to admins. */
const ERROR_CHARS = 300;

const errorText = (error: unknown) => String(error instanceof Error ? error.message : error).slice(0, ERROR_CHARS);

/**
 * The statement that writes a mail's outbox row (status `queued`), for callers that write it
 * in the same D1 batch as what the mail is about (a quote sent, a reply): Drizzle's insert, to
 * run or to put in `db.batch`. With `onlyIf`, the row is written only when that condition holds
 * as the statement runs (its record still has the status it was read with, `recordExists` in db.server.ts; an
 * address under its hourly cap). Account mails keep no text: theirs holds a sign-in link and
 * travels only in the queue message.
 */
export function outboxInsert(db: Database, id: string, mail: Mail, about: MailAbout, now: Date, onlyIf?: SQL) {
  const row = outboxRow(id, mail, about, now);
  return onlyIf ? insertWhere(db, mailDeliveries, row, onlyIf) : db.insert(mailDeliveries).values(row);
}

/** A mail's outbox row, status `queued`; an account mail, or one with a one-time link, keeps no text (it holds the link). */
function outboxRow(id: string, mail: Mail, about: MailAbout, now: Date): Required<typeof mailDeliveries.$inferInsert> {
  const keepsText = about.kind !== "account" && !about.oneTimeLink;
  return {
    id,
    kind: about.kind,
    entity: about.entity ?? null,
    entityId: about.entityId ?? null,
    toAddress: mail.to,
    subject: mail.subject,
    bodyText: keepsText ? mail.text : null,
    links: keepsText ? JSON.stringify(mail.links) : null,
    replyTo: mail.replyTo ?? null,
    status: "queued",
    attempts: 0,
    lastError: null,
    createdAt: now,
    updatedAt: now,
    sentAt: null,
  };
}

/**
 * Puts an outbox row's message on the queue; when the queue refuses it, marks the row
 * `failed` so admins see it and can resend. Out: true when queued. Never throws.
 */
export async function putOnQueue(db: Database, queue: Queue<MailQueueMessage>, id: string, mail: Mail): Promise<boolean> {
  try {
    await queue.send({ id, mail });
    return true;
  } catch (error) {
    logProblem("mail_not_queued", { id, subject: mail.subject, error: errorText(error) });
    await db
      .update(mailDeliveries)
      .set({ status: "failed", lastError: `Could not be queued: ${errorText(error)}`, updatedAt: new Date() })
      .where(and(eq(mailDeliveries.id, id), eq(mailDeliveries.status, "queued")))
      .run()
      .catch((markError: unknown) => logProblem("mail_outbox_write_failed", { id, error: errorText(markError) }));
    return false;
  }
}

/**
 * Writes the outbox row and queues the mail. With `onlyIf`, the row is written only when that
 * condition holds as the insert runs, and a mail whose row was not written is not sent (logged
 * `mail_held_back`). A row that fails to be written does not stop the mail (it is queued all
 * the same, and logged). Never throws. Awaited where there is no request to outlive (the cron).
 */
export async function enqueueMail(
  db: Database,
  env: MailQueueEnv,
  mail: Mail,
  about: MailAbout,
  onlyIf?: SQL,
  now = new Date(),
): Promise<void> {
  const id = crypto.randomUUID();
  try {
    const written = await outboxInsert(db, id, mail, about, now, onlyIf).run();
    if (written.meta.changes === 0) {
      logEvent("mail_held_back", { id, subject: mail.subject });
      return;
    }
  } catch (error) {
    logProblem("mail_outbox_write_failed", { id, subject: mail.subject, error: errorText(error) });
  }
  await putOnQueue(db, env.MAIL_QUEUE, id, mail);
}

/**
 * Queues a mail of the account pages (sign-up, verification, password reset) after the
 * response, unless ACCOUNT_MAILS_PER_HOUR account mails to the same address were written in the
 * last hour: then nothing is sent and nothing tells the visitor (the page's answer is the same).
 * The cap is the outbox insert's own condition, so requests at the same moment cannot pass it
 * together (D1 runs statements one at a time).
 */
export function queueAccountPageMail(
  context: { cloudflare: { env: MailQueueEnv; ctx: ExecutionContext }; db: Database },
  mail: Mail,
  now = new Date(),
): void {
  const sentToAddress = context.db
    .select({ n: count() })
    .from(mailDeliveries)
    .where(
      and(
        eq(mailDeliveries.kind, "account"),
        eq(mailDeliveries.toAddress, mail.to),
        gte(mailDeliveries.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    );
  const underCap = sql`(${sentToAddress}) < ${ACCOUNT_MAILS_PER_HOUR}`;
  context.cloudflare.ctx.waitUntil(enqueueMail(context.db, context.cloudflare.env, mail, { kind: "account" }, underCap, now));
}

/**
 * Queues a mail after the response (ctx.waitUntil), so no visitor waits for it and an
 * account mail's timing reveals nothing. In: the load context's `cloudflare` and `db`, the
 * mail and what it is about.
 */
export function queueMail(
  context: { cloudflare: { env: MailQueueEnv; ctx: ExecutionContext }; db: Database },
  mail: Mail,
  about: MailAbout,
): void {
  context.cloudflare.ctx.waitUntil(enqueueMail(context.db, context.cloudflare.env, mail, about));
}

/**
 * Seconds before try `attempt + 1`, after try `attempt` (1-based) failed: the base
 * (MAIL_RETRY_BASE_SECONDS, default 30) times 4 per try, at most an hour. With wrangler.toml's
 * 5 retries: 30 s, 2 min, 8 min, 32 min, 1 h.
 */
export function retryDelaySeconds(attempt: number, env: Pick<MailQueueEnv, "MAIL_RETRY_BASE_SECONDS">): number {
  const raw = env.MAIL_RETRY_BASE_SECONDS?.trim();
  const parsed = raw ? Number(raw) : Number.NaN;
  const base = Number.isFinite(parsed) && parsed >= 0 ? parsed : 30;
  return Math.min(Math.round(base * 4 ** Math.max(0, attempt - 1)), MAX_RETRY_DELAY_SECONDS);
}

type Claim = { claimed: true } | { claimed: false; status: MailStatus | null };

/** Claims the row for sending (queued, or a stale claim), or says why not. */
async function claim(db: Database, id: string, now: Date): Promise<Claim> {
  const claimed = await db
    .update(mailDeliveries)
    .set({ status: "sending", attempts: sql`${mailDeliveries.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(mailDeliveries.id, id),
        or(
          eq(mailDeliveries.status, "queued"),
          and(eq(mailDeliveries.status, "sending"), lt(mailDeliveries.updatedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
        ),
      ),
    )
    .returning({ id: mailDeliveries.id })
    .get();
  if (claimed) return { claimed: true };
  const row = await db.select({ status: mailDeliveries.status }).from(mailDeliveries).where(eq(mailDeliveries.id, id)).get();
  return { claimed: false, status: row?.status ?? null };
}

/**
 * The mail queue's consumer. For each message: claim its row, send, mark it sent; a message
 * whose row is already sent (or given up) is acknowledged without sending, one another
 * consumer is sending now is looked at again later; a failed send is retried after
 * `retryDelaySeconds`. A message whose row is missing (the outbox write failed) is sent
 * without a claim. A D1 error retries the message.
 */
export async function consumeMail(batch: MessageBatch<MailQueueMessage>, env: MailQueueEnv, db: Database): Promise<void> {
  for (const message of batch.messages) {
    const { id, mail } = message.body;
    let outcome: Claim;
    try {
      outcome = await claim(db, id, new Date());
    } catch (error) {
      logProblem("mail_claim_failed", { id, error: errorText(error) });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts, env) });
      continue;
    }
    if (!outcome.claimed && outcome.status === "sending") {
      message.retry({ delaySeconds: Math.ceil(STALE_CLAIM_MS / 1000) });
      continue;
    }
    if (!outcome.claimed && outcome.status !== null) {
      logEvent("mail_duplicate_skipped", { id, status: outcome.status });
      message.ack();
      continue;
    }
    try {
      await sendMail(env, mail);
    } catch (error) {
      const delaySeconds = retryDelaySeconds(message.attempts, env);
      logProblem("mail_send_failed", { id, attempt: message.attempts, retryInSeconds: delaySeconds, error: errorText(error) });
      await db
        .update(mailDeliveries)
        .set({ status: "queued", lastError: errorText(error), updatedAt: new Date() })
        .where(and(eq(mailDeliveries.id, id), eq(mailDeliveries.status, "sending")))
        .run()
        .catch((markError: unknown) => logProblem("mail_outbox_write_failed", { id, error: errorText(markError) }));
      message.retry({ delaySeconds });
      continue;
    }
    logEvent("mail_sent", { id, attempt: message.attempts });
    // Sent: acknowledged even if the row cannot be marked, so it is never sent again.
    const sentAt = new Date();
    await db
      .update(mailDeliveries)
      .set({ status: "sent", sentAt, updatedAt: sentAt, lastError: null })
      .where(eq(mailDeliveries.id, id))
      .run()
      .catch((markError: unknown) => logProblem("mail_outbox_write_failed", { id, error: errorText(markError) }));
    message.ack();
  }
}

/**
 * The dead-letter queue's consumer: each message's mail was tried `max_retries + 1` times
 * and never sent. Its row becomes `failed` (unless a later try sent it), shown to admins as
 * "Not delivered" with 'Resend'. A D1 error retries the message.
 */
export async function markUndelivered(batch: MessageBatch<MailQueueMessage>, db: Database): Promise<void> {
  for (const message of batch.messages) {
    const { id, mail } = message.body;
    try {
      await db
        .update(mailDeliveries)
        .set({ status: "failed", updatedAt: new Date() })
        .where(and(eq(mailDeliveries.id, id), ne(mailDeliveries.status, "sent")))
        .run();
      logProblem("mail_not_delivered", { id, subject: mail.subject });
      message.ack();
    } catch (error) {
      logProblem("mail_outbox_write_failed", { id, error: errorText(error) });
      message.retry();
    }
  }
}

/** How long the outbox keeps an account mail's row (it belongs to no record and cannot be resent). */
const ACCOUNT_MAIL_KEPT_MS = 30 * 86_400_000;

/**
 * The daily cron's share: deletes account mails' outbox rows older than ACCOUNT_MAIL_KEPT_MS
 * that are sent or given up (mails about a request stay with it). Out: how many were deleted.
 */
export async function deleteOldAccountMails(db: Database, now = new Date()): Promise<number> {
  const result = await db
    .delete(mailDeliveries)
    .where(
      and(
        isNull(mailDeliveries.entity),
        inArray(mailDeliveries.status, ["sent", "failed"]),
        lt(mailDeliveries.createdAt, new Date(now.getTime() - ACCOUNT_MAIL_KEPT_MS)),
      ),
    )
    .run();
  return result.meta.changes;
}

export type ResendOutcome = "queued" | "not-found" | "queue-failed";

/**
 * 'Resend': puts a mail about `entity`/`entityId` that was not delivered back on the queue,
 * its tries counted anew. Out: "queued"; "not-found" when no failed mail with that id belongs
 * to the record (or it keeps no text); "queue-failed" when the queue refused it (the row is
 * failed again).
 */
export async function resendMail(
  db: Database,
  queue: Queue<MailQueueMessage>,
  id: string,
  entity: AuditedEntity,
  entityId: string,
): Promise<ResendOutcome> {
  const row = await db
    .update(mailDeliveries)
    .set({ status: "queued", attempts: 0, lastError: null, updatedAt: new Date() })
    .where(
      and(
        eq(mailDeliveries.id, id),
        eq(mailDeliveries.entity, entity),
        eq(mailDeliveries.entityId, entityId),
        eq(mailDeliveries.status, "failed"),
        isNotNull(mailDeliveries.bodyText),
      ),
    )
    .returning({
      to: mailDeliveries.toAddress,
      subject: mailDeliveries.subject,
      text: mailDeliveries.bodyText,
      links: mailDeliveries.links,
      replyTo: mailDeliveries.replyTo,
    })
    .get();
  if (!row || row.text === null) return "not-found";
  const mail: Mail = {
    to: row.to,
    subject: row.subject,
    text: row.text,
    links: row.links ? (JSON.parse(row.links) as string[]) : [],
    ...(row.replyTo ? { replyTo: row.replyTo } : {}),
  };
  return (await putOnQueue(db, queue, id, mail)) ? "queued" : "queue-failed";
}

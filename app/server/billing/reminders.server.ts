/**
 * Payment reminders (docs/product.md §15): the one-tap 'Send reminder' of the Unpaid view
 * (/admin/invoices/unpaid) and the one automatic reminder the daily cron (server.ts `scheduled`)
 * sends for each invoice still owing `billing_settings.reminder_days` days after its due date
 * (0 turns it off). Both e-mail the bill-to address the invoice's private link
 * (`${SITE_URL}/invoice/<token>`) and how to pay, with the text of
 * app/server/mail/billing-mails.server.ts (`paymentReminderMail`), as a `payment_reminder` outbox
 * row about the invoice, and set `reminded_at`.
 *
 * The automatic reminder is claimed and its outbox row written in one batch, as the quotes'
 * follow-up does (app/server/lifecycle/follow-up.server.ts): the guarded UPDATE sets
 * `auto_reminder_sent_at` only while it is null and the invoice still issued, and the outbox row
 * is written only if that UPDATE changed a row (`PREVIOUS_CHANGED_ONE`), so however many runs
 * overlap, one e-mail goes out per invoice, ever. Every function throws what D1 threw.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import { invoices } from "../../../drizzle/schema";
import { todayInJamaica } from "~/domain/dates";
import { enqueueMail, invoicePath, outboxInsert, paymentReminderMail, putOnQueue, type Mail } from "~/server/mail";
import { PREVIOUS_CHANGED_ONE, readSiteUrl, type Database } from "~/server/platform";
import { balanceSql } from "./balance.server";
import { cardPaymentsEnabled } from "./card.server";
import { readInvoice } from "./invoices.server";
import type { BillingMailContext } from "./mails.server";
import { readBillingSettings } from "./settings.server";
import type { BillingActor, BillingSettings, InvoiceDetail } from "./types";

/** The most automatic reminders one run queues (the longest overdue first); the next day's run takes the rest. */
const PER_RUN = 100;

/** The answers of `sendPaymentReminder`. */
/** The shortest time between two reminders of one invoice sent by hand: a double click or two staff at once send one. */
const REMINDER_GAP_MS = 60_000;

export type ReminderResult = { status: "sent"; to: string } | { status: "not_found" } | { status: "refused"; message: string };

/** Why `invoice` cannot be reminded of (a sentence for staff), or null when it can. */
function reminderRefusal(invoice: InvoiceDetail): string | null {
  if (invoice.kind !== "invoice" || invoice.status !== "issued" || invoice.balanceCents <= 0 || !invoice.token)
    return "Nothing is owed on this invoice: there is nothing to remind the customer of.";
  if (!invoice.billToEmail) return "This invoice has no e-mail address to send a reminder to. Call the customer instead.";
  return null;
}

/** The reminder of `invoice` (issued, with its token) as the customer gets it on `today`. */
async function reminderMail(
  context: BillingMailContext,
  invoice: InvoiceDetail & { token: string },
  settings: BillingSettings,
  today: string,
): Promise<Mail> {
  const siteUrl = readSiteUrl(context.env);
  const pay = { paymentInstructions: settings.paymentInstructions, payByCard: cardPaymentsEnabled(context.env) };
  return paymentReminderMail(invoice, `${siteUrl}${invoicePath(invoice.token)}`, await context.readCompany(), siteUrl, pay, today);
}

/**
 * 'Send reminder' on the Unpaid view: e-mails the customer a payment reminder with the
 * invoice's private link and records when (`reminded_at`, claimed before the mail is written). In: the client, the
 * mail context (app/server/billing/mails.server.ts `billingMailContext`), the invoice's id, who
 * sends it (the outbox row is the record of what went) and the instant. Out: `sent` with the
 * address, `not_found`, or `refused` with a sentence to show (a draft, a void invoice, a credit
 * note, nothing owed, no e-mail address). The outbox row is written only while the invoice is
 * still issued. Throws what D1 threw.
 */
export async function sendPaymentReminder(
  db: Database,
  context: BillingMailContext,
  invoiceId: string,
  _actor: BillingActor,
  now: Date,
): Promise<ReminderResult> {
  const today = todayInJamaica(now);
  const invoice = await readInvoice(db, invoiceId, today);
  if (!invoice) return { status: "not_found" };
  const refused = reminderRefusal(invoice);
  if (refused || !invoice.token) return { status: "refused", message: refused ?? "" };
  const mail = await reminderMail(context, { ...invoice, token: invoice.token }, await readBillingSettings(db), today);
  // Claimed first, in one statement: still issued, still owing, and not reminded in the last
  // minute (a double click, or two staff at once, send one e-mail).
  const claimed = await db
    .update(invoices)
    .set({ remindedAt: now, updatedAt: now })
    .where(
      and(
        eq(invoices.id, invoice.id),
        eq(invoices.status, "issued"),
        gt(balanceSql(invoices), 0),
        or(isNull(invoices.remindedAt), lt(invoices.remindedAt, new Date(now.getTime() - REMINDER_GAP_MS))),
      ),
    )
    .run();
  if (claimed.meta.changes !== 1)
    return { status: "refused", message: "A reminder was just sent, or nothing is owed now. Nothing more was sent." };
  await enqueueMail(db, context.env, mail, { kind: "payment_reminder", entity: "invoice", entityId: invoice.id }, undefined, now);
  return { status: "sent", to: mail.to };
}

/** The ISO day `days` days before `day`. */
function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * The daily cron's step: for each issued invoice with a balance, an e-mail address and no
 * automatic reminder yet, whose due date plus `reminderDays` days is today or earlier (Jamaica),
 * claims it and queues its one reminder (the module's comment), the longest overdue first, at
 * most PER_RUN a run. In: the client, the mail context, the cron's time. Out: how many e-mails
 * were queued (0 when the setting is 0, off).
 */
export async function sendAutomaticReminders(db: Database, context: BillingMailContext, now: Date): Promise<number> {
  const settings = await readBillingSettings(db);
  if (settings.reminderDays <= 0) return 0;
  const today = todayInJamaica(now);
  const due = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, "invoice"),
        eq(invoices.status, "issued"),
        isNull(invoices.autoReminderSentAt),
        isNotNull(invoices.billToEmail),
        lte(invoices.dueDate, daysBefore(today, settings.reminderDays)),
        gt(balanceSql(invoices), 0),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(PER_RUN);
  // The company is read once for the run, when the first mail is written.
  let company: ReturnType<BillingMailContext["readCompany"]> | null = null;
  const once: BillingMailContext = { env: context.env, readCompany: () => (company ??= context.readCompany()) };
  let queued = 0;
  for (const { id } of due) {
    const invoice = await readInvoice(db, id, today);
    if (!invoice?.token || reminderRefusal(invoice)) continue;
    const mail = await reminderMail(once, { ...invoice, token: invoice.token }, settings, today);
    const mailId = crypto.randomUUID();
    const [claimed] = await db.batch([
      db
        .update(invoices)
        .set({ autoReminderSentAt: now, remindedAt: now, updatedAt: now })
        .where(and(eq(invoices.id, id), eq(invoices.status, "issued"), isNull(invoices.autoReminderSentAt), gt(balanceSql(invoices), 0))),
      outboxInsert(db, mailId, mail, { kind: "payment_reminder", entity: "invoice", entityId: id }, now, PREVIOUS_CHANGED_ONE),
    ]);
    if (claimed.meta.changes !== 1) continue;
    await putOnQueue(db, context.env.MAIL_QUEUE, mailId, mail);
    queued++;
  }
  return queued;
}

/** How the Unpaid view reaches the customer of an invoice, and when they were last reminded. */
export interface ReminderContact {
  email: string | null;
  phone: string | null;
  /** The last reminder, by hand or automatic (null: never). */
  remindedAt: Date | null;
}

/**
 * The bill-to e-mail and phone and the last reminder of the invoices `ids` (the Unpaid view's
 * rows), by id; an id with no row is left out. In chunks of 90 ids (D1's 100 bound values).
 */
export async function reminderContacts(db: Database, ids: readonly string[]): Promise<Map<string, ReminderContact>> {
  const contacts = new Map<string, ReminderContact>();
  for (let start = 0; start < ids.length; start += 90) {
    const rows = await db
      .select({ id: invoices.id, email: invoices.billToEmail, phone: invoices.billToPhone, remindedAt: invoices.remindedAt })
      .from(invoices)
      .where(inArray(invoices.id, ids.slice(start, start + 90)));
    for (const { id, ...contact } of rows) contacts.set(id, contact);
  }
  return contacts;
}

/**
 * The billing e-mails a customer gets when staff (or the card provider's return) act, without
 * HTTP (docs/product.md §15): `sendInvoiceMail` (an issued invoice or credit note, with its
 * private link `${SITE_URL}/invoice/<token>`) and `sendReceiptMail` (a payment or refund, with its
 * receipt's page). The texts are app/server/mail/billing-mails.server.ts's. Each writes the mail's
 * outbox row (entity 'invoice', entityId the invoice's id, kind 'invoice' or 'receipt') and puts
 * it on the mail queue, as app/server/lifecycle/follow-up.server.ts does; an invoice without an
 * e-mail address is no error: the answer says "no_email" and nothing is written. Every function
 * throws what D1 threw; a queue that refuses the mail marks its row failed (app/server/mail
 * `putOnQueue`), to be resent from the invoice's page.
 */
import { eq } from "drizzle-orm";
import { payments } from "../../../drizzle/schema";
import type { Company } from "~/domain/company";
import { todayInJamaica } from "~/domain/dates";
import { invoiceMail, invoicePath, outboxInsert, putOnQueue, receiptMail, type Mail, type MailQueueEnv } from "~/server/mail";
import { readSiteUrl, type Database } from "~/server/platform";
import { readCompany } from "~/server/site";
import { cardPaymentsEnabled, type CardEnv } from "./card.server";
import { readInvoice } from "./invoices.server";
import { readBillingSettings } from "./settings.server";
import type { InvoiceDetail } from "./types";

/** What a billing e-mail needs: the Worker's env (SITE_URL, the mail queue, the card settings) and the company the e-mails sign with. */
export interface BillingMailContext {
  env: Pick<CloudflareBindings, "SITE_URL"> & MailQueueEnv & CardEnv;
  /** Reads the company (app/server/site `readCompany`), only when a mail is written. */
  readCompany: () => Promise<Company>;
}

/** What sending answers: queued (with the outbox row's id and the address), or why nothing was sent. */
export type BillingMailResult =
  { status: "queued"; mailId: string; to: string } | { status: "no_email" } | { status: "not_issued" } | { status: "not_found" };

/** Writes the outbox row about the invoice and queues the mail. */
async function queueAbout(db: Database, env: MailQueueEnv, invoice: InvoiceDetail, mail: Mail, kind: "invoice" | "receipt", now: Date) {
  const mailId = crypto.randomUUID();
  await outboxInsert(db, mailId, mail, { kind, entity: "invoice", entityId: invoice.id }, now).run();
  await putOnQueue(db, env.MAIL_QUEUE, mailId, mail);
  return { status: "queued" as const, mailId, to: mail.to };
}

/**
 * E-mails an issued invoice or credit note to its bill-to address: its number, total, due date,
 * the private link and how to pay (the owner's payment instructions; "by card on the page" when
 * card payments are on and something is owed). In: the client, the context, the invoice's id,
 * the time. Out: BillingMailResult ("not_issued" for a draft).
 */
export async function sendInvoiceMail(db: Database, context: BillingMailContext, invoiceId: string, now: Date): Promise<BillingMailResult> {
  const invoice = await readInvoice(db, invoiceId, todayInJamaica(now));
  if (!invoice) return { status: "not_found" };
  if (invoice.status === "draft" || !invoice.token) return { status: "not_issued" };
  if (!invoice.billToEmail) return { status: "no_email" };
  const siteUrl = readSiteUrl(context.env);
  const settings = await readBillingSettings(db);
  const mail = invoiceMail(invoice, `${siteUrl}${invoicePath(invoice.token)}`, await context.readCompany(), siteUrl, {
    paymentInstructions: settings.paymentInstructions,
    payByCard: invoice.status === "issued" && cardPaymentsEnabled(context.env),
  });
  return queueAbout(db, context.env, invoice, mail, "invoice", now);
}

/**
 * E-mails the receipt of a payment (or the note of a refund) to its invoice's bill-to address,
 * with the balance as it is now and the receipt's page. In: the client, the context, the
 * payment's id, the time. Out: BillingMailResult ("not_found" when no such payment).
 */
export async function sendReceiptMail(db: Database, context: BillingMailContext, paymentId: string, now: Date): Promise<BillingMailResult> {
  const row = await db.select({ invoiceId: payments.invoiceId }).from(payments).where(eq(payments.id, paymentId)).get();
  if (!row) return { status: "not_found" };
  const invoice = await readInvoice(db, row.invoiceId, todayInJamaica(now));
  const payment = invoice?.payments.find((entry) => entry.id === paymentId);
  if (!invoice || !payment) return { status: "not_found" };
  if (!invoice.token) return { status: "not_issued" };
  if (!invoice.billToEmail) return { status: "no_email" };
  const siteUrl = readSiteUrl(context.env);
  const mail = receiptMail(invoice, payment, `${siteUrl}${invoicePath(invoice.token)}`, await context.readCompany(), siteUrl);
  return queueAbout(db, context.env, invoice, mail, "receipt", now);
}

/**
 * The context of a request or a scheduled task as the billing e-mails want it: the Worker's env
 * and the company read from the site's content (app/server/site `readCompany`) when a mail is
 * written. In: the env and the client.
 */
export function billingMailContext(env: CloudflareBindings & MailQueueEnv, db: Database): BillingMailContext {
  return { env, readCompany: () => readCompany(env, db) };
}

/**
 * The e-mails about one invoice or credit note, as its admin page lists them (docs/product.md
 * §15): the outbox rows (mail_deliveries) with entity 'invoice' and its id (the invoice, the
 * receipts, the payment reminders), newest first, with their delivery status. Throws what D1
 * threw.
 */
import { and, desc, eq } from "drizzle-orm";
import { mailDeliveries } from "../../../drizzle/schema";
import type { MailKind, MailStatus } from "~/domain/enumerations";
import type { Database } from "~/server/platform";

/** One e-mail about an invoice. */
export interface InvoiceMail {
  id: string;
  kind: MailKind;
  to: string;
  subject: string;
  status: MailStatus;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** The e-mails about the invoice `invoiceId` (at most 50, newest first). */
export async function invoiceMails(db: Database, invoiceId: string): Promise<InvoiceMail[]> {
  return db
    .select({
      id: mailDeliveries.id,
      kind: mailDeliveries.kind,
      to: mailDeliveries.toAddress,
      subject: mailDeliveries.subject,
      status: mailDeliveries.status,
      lastError: mailDeliveries.lastError,
      createdAt: mailDeliveries.createdAt,
      sentAt: mailDeliveries.sentAt,
    })
    .from(mailDeliveries)
    .where(and(eq(mailDeliveries.entity, "invoice"), eq(mailDeliveries.entityId, invoiceId)))
    .orderBy(desc(mailDeliveries.createdAt))
    .limit(50);
}

/**
 * The status page's invoices (docs/product.md §10 "Status page", §15): the request's issued or
 * void invoices and credit notes (app/server/billing `invoicesOfRequest`; drafts are never shown),
 * each with its figures as the customer reads them and its private link.
 */
import { formatCents, INVOICE_STATE_LABELS } from "~/domain/billing";
import { todayInJamaica } from "~/domain/dates";
import { invoicePath } from "~/server/mail";
import { invoicesOfRequest, type InvoiceSummary } from "~/server/billing";
import type { Database } from "~/server/platform";

/** One document in the status page's "Invoices" section: labels ready to show, and its page's path. */
export interface StatusInvoice {
  id: string;
  /** "Invoice INV-2026-0001" or "Credit note CN-2026-0001". */
  title: string;
  total: string;
  paid: string;
  /** "J$…" still owed, or null when nothing is (paid, in credit, void, a credit note). */
  balanceDue: string | null;
  /** "Issued", "Partly paid", "Paid", "Void", or "Overdue". */
  state: string;
  overdue: boolean;
  href: string;
}

/** A summary as the section shows it (an issued or void document with its token). */
function statusInvoice(summary: InvoiceSummary & { token: string }): StatusInvoice {
  const credit = summary.kind === "credit_note";
  const owed = !credit && summary.status === "issued" && summary.balanceCents > 0;
  return {
    id: summary.id,
    title: `${credit ? "Credit note" : "Invoice"} ${summary.number ?? ""}`.trim(),
    total: formatCents(summary.totalCents),
    paid: formatCents(summary.paidCents),
    balanceDue: owed ? formatCents(summary.balanceCents) : null,
    state: summary.overdue ? "Overdue" : INVOICE_STATE_LABELS[summary.state],
    overdue: summary.overdue,
    href: invoicePath(summary.token),
  };
}

/** The request's issued and void documents, in the order app/server/billing gives them. Throws what D1 threw. */
export async function statusInvoices(db: Database, quoteRequestId: string, now: Date): Promise<StatusInvoice[]> {
  const rows = await invoicesOfRequest(db, quoteRequestId, todayInJamaica(now));
  return rows.flatMap((row) => (row.status !== "draft" && row.token ? [statusInvoice({ ...row, token: row.token })] : []));
}

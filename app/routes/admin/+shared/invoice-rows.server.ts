/**
 * An invoice or credit note as the admin's short lists show it (the record page's Invoices card,
 * app/routes/admin/quote/invoices-card.tsx, and the customer's page's,
 * app/routes/admin/customer/billing-card.tsx): see `invoiceRow`.
 */
import { formatCents, INVOICE_STATE_LABELS } from "~/domain/billing";
import type { InvoiceSummary } from "~/server/billing";

/**
 * In: an InvoiceSummary. Out: its id, kind, number ("Draft" for a draft), state label ("Overdue"
 * when owed past its due date), overdue, issue day ("" for a draft), total and, for an issued
 * invoice, its balance as text (else null).
 */
export function invoiceRow(invoice: InvoiceSummary) {
  return {
    id: invoice.id,
    kind: invoice.kind,
    number: invoice.number ?? "Draft",
    state: invoice.overdue ? "Overdue" : INVOICE_STATE_LABELS[invoice.state],
    overdue: invoice.overdue,
    day: invoice.issueDate ?? "",
    total: formatCents(invoice.totalCents),
    balance: invoice.kind === "invoice" && invoice.status === "issued" ? formatCents(invoice.balanceCents) : null,
  };
}

export type InvoiceRow = ReturnType<typeof invoiceRow>;

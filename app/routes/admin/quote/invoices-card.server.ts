/**
 * The record page's Invoices card (/admin/quotes/:id, docs/product.md §15): the request's
 * invoices and credit notes (app/server/billing `invoicesOfRequest`) with their state, total and
 * balance, what the customer owes across all their invoices (`customerBalance`), whether 'Invoice
 * from the quote' is offered (a priced quote and no invoice but a deposit's that is not void), and each visit
 * (scheduled or done) with its invoice, or 'Invoice this visit'. A request is billed from its quote or by
 * its visits, never both (as `createDraft` guards): with a quote invoice, each visit points to it.
 */
import { formatCents } from "~/domain/billing";
import { todayInJamaica } from "~/domain/dates";
import { customerBalance, invoicesOfRequest } from "~/server/billing";
import type { Database } from "~/server/platform";
import { invoiceRow } from "../+shared/invoice-rows.server";

/** A visit of the Visit card as this card needs it. */
interface VisitRef {
  id: string;
  label: string;
  status: string;
}

/** How many of a request's invoices the card lists: the latest, in the order they were made; the customer's page lists more. */
const INVOICES_SHOWN = 20;

/**
 * The card's reads, side by side (one D1 round trip): the request's invoices and the customer's
 * balance. In: the client, the request's id, its customer's id (null when not matched) and the
 * time (for what is overdue).
 */
export async function readRequestInvoices(db: Database, request: { id: string; customerId: string | null }, now = new Date()) {
  const today = todayInJamaica(now);
  const [invoices, balance] = await Promise.all([
    invoicesOfRequest(db, request.id, today),
    request.customerId ? customerBalance(db, request.customerId, today) : Promise.resolve(null),
  ]);
  return { invoices, balance };
}

/**
 * In: the card's reads (`readRequestInvoices`), whether the request has a priced quote, and the
 * visits the Visit card shows. Out: `invoices` (the last INVOICES_SHOWN made: number, state label,
 * overdue, total and balance as text) and `moreInvoices` (how many more there are), `balance` (the
 * customer's, as text, or null), `canInvoiceQuote`, `visits` (id, label, and the id and number of
 * the invoice that bills it: its own or the quote's; null when none does, a deposit's invoice not
 * counting).
 */
export function requestInvoices(
  { invoices, balance }: Awaited<ReturnType<typeof readRequestInvoices>>,
  request: { priced: boolean; visits: readonly VisitRef[] },
) {
  // A deposit's invoice asks for part of the price ahead: it neither bills the visit nor the quote.
  const live = invoices.filter((invoice) => invoice.status !== "void" && invoice.kind === "invoice" && invoice.purpose !== "deposit");
  const byVisit = new Map(live.filter((invoice) => invoice.visitId).map((invoice) => [invoice.visitId!, invoice]));
  const fromQuote = live.find((invoice) => invoice.purpose === "quote");
  return {
    invoices: invoices.slice(-INVOICES_SHOWN).map(invoiceRow),
    moreInvoices: Math.max(0, invoices.length - INVOICES_SHOWN),
    balance: balance
      ? {
          owed: formatCents(balance.balanceCents),
          owing: balance.balanceCents > 0,
          open: balance.openInvoices,
          overdue: balance.overdueInvoices,
        }
      : null,
    canInvoiceQuote: request.priced && live.length === 0,
    visits: request.visits
      .filter((visit) => visit.status === "done" || visit.status === "scheduled")
      .map((visit) => {
        const invoice = byVisit.get(visit.id) ?? fromQuote;
        return { id: visit.id, label: visit.label, invoice: invoice ? { id: invoice.id, number: invoice.number ?? "Draft" } : null };
      }),
  };
}

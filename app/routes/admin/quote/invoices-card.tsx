/**
 * The record page's Invoices card (/admin/quotes/:id): the request's invoices and credit notes
 * (number, state, total, balance, each a link to its page), what the customer owes across their
 * invoices, 'Invoice from the quote' and, per visit, its invoice or 'Invoice this visit' (both
 * post to /admin/invoices/new). The data is ./invoices-card.server.ts's.
 */
import { Link } from "@remix-run/react";
import { Card, textLinkClass } from "~/components/admin/kit";
import { InvoiceRows } from "../+shared/invoice-rows";
import { StartInvoice } from "../invoice-new/start-invoice";
import type { requestInvoices } from "./invoices-card.server";

type Data = Awaited<ReturnType<typeof requestInvoices>>;

/** The card. In: its data and the request's id. */
export function InvoicesCard({ data, quoteRequestId, customerHref }: { data: Data; quoteRequestId: string; customerHref: string | null }) {
  return (
    <Card title={`Invoices (${data.invoices.length})`} titleId="invoices-heading">
      <div className="space-y-4 text-sm" data-testid="record-invoices">
        {data.balance ? (
          <p className={data.balance.owing ? "font-semibold text-amber-900" : "text-slate-700"} data-testid="customer-balance">
            {data.balance.owing
              ? `The customer owes ${data.balance.owed} on ${data.balance.open} invoice${data.balance.open === 1 ? "" : "s"}${data.balance.overdue ? ` (${data.balance.overdue} overdue)` : ""}.`
              : "The customer owes nothing."}
          </p>
        ) : null}
        {data.invoices.length === 0 ? (
          <p className="text-slate-600">No invoice yet.</p>
        ) : (
          <InvoiceRows rows={data.invoices} testId="request-invoices" />
        )}
        {data.moreInvoices > 0 ? (
          <p className="text-sm text-slate-600" data-testid="earlier-invoices">
            {`${data.moreInvoices} earlier ${data.moreInvoices === 1 ? "invoice is" : "invoices are"} not shown here. `}
            {customerHref ? (
              <Link to={customerHref} className={textLinkClass()}>
                {"The customer's invoices"}
              </Link>
            ) : null}
          </p>
        ) : null}
        {data.canInvoiceQuote ? <StartInvoice source={{ from: "quote", quoteRequestId }} label="Invoice from the quote" /> : null}
        {data.visits.length > 0 ? (
          <ul className="space-y-2" aria-label="Visits to invoice">
            {data.visits.map((visit) => (
              <li key={visit.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-slate-800">{visit.label}</span>
                {visit.invoice ? (
                  <Link to={`/admin/invoices/${visit.invoice.id}`} className={textLinkClass()}>
                    {`Invoice ${visit.invoice.number}`}
                  </Link>
                ) : (
                  <StartInvoice source={{ from: "visit", visitId: visit.id }} label="Invoice this visit" size="xs" subject={visit.label} />
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}

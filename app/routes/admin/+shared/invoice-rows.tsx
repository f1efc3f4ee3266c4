/**
 * A short list of invoices and credit notes (./invoice-rows.server.ts `invoiceRow`): each
 * number a link to its page, its state, issue day, total and what is still owed.
 */
import { Link } from "@remix-run/react";
import { Badge, textLinkClass } from "~/components/admin/kit";
import type { InvoiceRow } from "./invoice-rows.server";

/** The list. In: the rows and the list's test id. */
export function InvoiceRows({ rows, testId }: { rows: readonly InvoiceRow[]; testId: string }) {
  return (
    <ul className="divide-y divide-slate-100" data-testid={testId}>
      {rows.map((invoice) => (
        <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span className="flex flex-wrap items-center gap-2">
            <Link to={`/admin/invoices/${invoice.id}`} className={textLinkClass()}>
              {invoice.kind === "credit_note" ? `Credit note ${invoice.number}` : invoice.number}
            </Link>
            <Badge tone={invoice.overdue ? "destructive" : "secondary"}>{invoice.state}</Badge>
            {invoice.day ? <span className="text-slate-600">{invoice.day}</span> : null}
          </span>
          <span className="text-slate-700">{invoice.balance ? `${invoice.total} · owed ${invoice.balance}` : invoice.total}</span>
        </li>
      ))}
    </ul>
  );
}

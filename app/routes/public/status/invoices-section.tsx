/**
 * The status page's "Invoices" section (status-invoices.server.ts): each issued or void invoice
 * and credit note of the request with its total, what was paid, the balance due and its state,
 * and a link to its private page (/invoice/<token>), where it can be printed and paid.
 */
import { Link } from "@remix-run/react";
import type { StatusInvoice } from "./status-invoices.server";

/** A text link, at least 24 px tall to tap (WCAG 2.2, 2.5.8). */
const TAP_LINK = "inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline";

/** The section; nothing when the request has no issued document. */
export function InvoicesSection({ invoices }: { invoices: readonly StatusInvoice[] }) {
  if (invoices.length === 0) return null;
  return (
    <section aria-labelledby="invoices" className="rounded-2xl border border-slate-200 bg-white p-6" data-testid="invoices">
      <h2 id="invoices" className="font-display text-xl font-bold text-slate-900">
        Invoices
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {invoices.map((invoice) => (
          <li key={invoice.id} className="space-y-1 py-3" data-invoice={invoice.title}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4">
              <span className="font-semibold text-slate-900">{invoice.title}</span>
              <span className={`text-sm font-semibold ${invoice.overdue ? "text-red-800" : "text-slate-700"}`}>{invoice.state}</span>
            </div>
            <p className="text-sm text-slate-700">
              {`Total ${invoice.total} · Paid ${invoice.paid}`}
              {invoice.balanceDue ? <span className="font-semibold text-slate-900">{` · Balance due ${invoice.balanceDue}`}</span> : null}
            </p>
            <Link to={invoice.href} className={TAP_LINK}>
              {invoice.balanceDue ? "See and pay" : "See it"}
              <span className="sr-only">{`: ${invoice.title}`}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A customer's page's Billing card (/admin/customers/<id>): what they owe (invoiced, paid,
 * balance, open and overdue invoices), their invoices and credit notes (each a link to its page)
 * and 'Invoice a month of visits' (a month of the last 12; posts to /admin/invoices/new, which
 * opens the draft). The data is ./billing-card.server.ts's.
 */
import { ADMIN_INPUT, Card } from "~/components/admin/kit";
import { InvoiceRows } from "../+shared/invoice-rows";
import { StartInvoice } from "../invoice-new/start-invoice";
import type { customerBilling } from "./billing-card.server";

type Data = Awaited<ReturnType<typeof customerBilling>>;

/** The card. In: its data and the customer's id. */
export function BillingCard({ data, customerId }: { data: Data; customerId: string }) {
  const { balance } = data;
  return (
    <Card title={`Invoices (${data.invoices.length})`} titleId="billing-heading">
      <div className="space-y-4 text-sm">
        <dl className="grid gap-3 sm:grid-cols-4" data-testid="customer-balance">
          <div>
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Balance</dt>
            <dd className={`mt-1 text-lg font-semibold ${balance.owing ? "text-amber-900" : "text-slate-900"}`}>{balance.owed}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Invoiced</dt>
            <dd className="mt-1 text-slate-800">{balance.invoiced}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Paid</dt>
            <dd className="mt-1 text-slate-800">{balance.paid}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Open invoices</dt>
            <dd className="mt-1 text-slate-800">
              {balance.overdue ? `${balance.open} (${balance.overdue} overdue)` : String(balance.open)}
            </dd>
          </div>
        </dl>
        {data.invoices.length === 0 ? (
          <p className="text-slate-600">No invoices.</p>
        ) : (
          <InvoiceRows rows={data.invoices} testId="customer-invoices" />
        )}
        <StartInvoice source={{ from: "month", customerId, month: data.months[0]?.[0] ?? "" }} label="Invoice a month of visits">
          <label className="min-w-0">
            <span className="mb-1 block font-semibold text-slate-900">Month</span>
            <select name="month" defaultValue={data.months[0]?.[0]} className={ADMIN_INPUT}>
              {data.months.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </StartInvoice>
      </div>
    </Card>
  );
}

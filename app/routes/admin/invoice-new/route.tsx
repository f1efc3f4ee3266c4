/**
 * /admin/invoices/new (docs/product.md §15): where 'Invoice this visit', 'Invoice from the quote'
 * and 'Invoice a month of visits' post. A draft opens at its own page; this page shows a refusal
 * ("nothing to invoice") with the way back to the page the form was on, or, on a GET, where
 * invoices start.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { Card, PageHeader, textLinkClass } from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { newInvoiceAction, newInvoiceLoader } from "./new-invoice.server";

export const loader = (args: LoaderFunctionArgs) => newInvoiceLoader(args);
export const action = (args: ActionFunctionArgs) => newInvoiceAction(args);

export default function NewInvoice() {
  const refused = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-invoice-heading" className="space-y-6">
      <PageHeader id="new-invoice-heading" title="New invoice" />
      {refused ? (
        <Card title="No invoice was made" titleId="refused-heading">
          <div className="space-y-3">
            <FormStatus tone="error">{refused.message}</FormStatus>
            <Link to={refused.back} className={textLinkClass()}>
              Back
            </Link>
          </div>
        </Card>
      ) : (
        <Card title="Where invoices start" titleId="start-heading">
          <div className="space-y-3 text-sm text-slate-700">
            <p>
              An invoice starts from what it bills: &lsquo;Invoice this visit&rsquo; or &lsquo;Invoice from the quote&rsquo; on a
              request&apos;s page, &lsquo;Invoice a month of visits&rsquo; on a customer&apos;s page, or &lsquo;Invoice&rsquo; on a done
              visit in the schedule.
            </p>
            <Link to="/admin/invoices" className={textLinkClass()}>
              All invoices
            </Link>
          </div>
        </Card>
      )}
    </section>
  );
}

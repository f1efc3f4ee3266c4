/**
 * /admin/invoices/new (docs/product.md §15): where 'Invoice this visit', 'Invoice from the quote'
 * and 'Invoice a month of visits' post. A draft opens at its own page; this page shows only a
 * refusal ("nothing to invoice") with the way back to the page the form was on.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { Card, PageHeader, textLinkClass } from "~/components/admin/kit";
import { FormStatus } from "~/components/form-field";
import { newInvoiceAction, newInvoiceLoader } from "./new-invoice.server";

export const loader = (args: LoaderFunctionArgs) => newInvoiceLoader(args);
export const action = (args: ActionFunctionArgs) => newInvoiceAction(args);

export default function NewInvoice() {
  const refused = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-invoice-heading" className="space-y-6">
      <PageHeader id="new-invoice-heading" title="New invoice" />
      <Card title="No invoice was made" titleId="refused-heading">
        <div className="space-y-3">
          <FormStatus tone="error">{refused?.message ?? "Start an invoice from a visit, a quote request or a customer's page."}</FormStatus>
          <Link to={refused?.back ?? "/admin/invoices"} className={textLinkClass()}>
            Back
          </Link>
        </div>
      </Card>
    </section>
  );
}

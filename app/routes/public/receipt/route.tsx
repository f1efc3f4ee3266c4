/**
 * /invoice/:token/receipt/:paymentId: a payment's printable receipt, or a refund's note
 * (docs/product.md §15), linked from the invoice's page and the receipt e-mail. Shows the
 * receipt (app/components/billing/receipt-document.tsx), 'Print or save as PDF' and the way back
 * to the invoice. Server-rendered, never cached, never indexed, at most 30 views a minute per
 * client (receipt.server.ts).
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { STATUS_HEADERS } from "~/cache-control";
import { BUSINESS_ADDRESS } from "~/components/billing/invoice-document";
import { BillingLinkProblem, PrintControls } from "~/components/billing/print-controls";
import { ReceiptDocument } from "~/components/billing/receipt-document";
import { usePublicSite } from "~/components/hooks/site-data";
import { receiptPageLoader } from "./receipt.server";

export const headers: HeadersFunction = () => STATUS_HEADERS;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  {
    title: page?.view
      ? `${page.view.kind === "refund" ? "Refund" : "Receipt"} for ${page.view.invoiceNumber ?? "your invoice"}`
      : "Receipt",
  },
  { name: "robots", content: "noindex, nofollow" },
];

export const loader = (args: LoaderFunctionArgs) => receiptPageLoader(args);

export default function ReceiptPage() {
  const { view, problem } = useLoaderData<typeof loader>();
  const site = usePublicSite();
  if (!view) return <BillingLinkProblem problem={problem} what="receipt" company={site?.company} />;
  const company = site?.company;
  return (
    <div className="bg-sand-50">
      <div className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="font-display text-2xl font-bold text-slate-900 sm:text-3xl">
          {view.kind === "refund" ? "Your refund" : "Your receipt"}
        </h1>
        <div className="flex flex-wrap items-center gap-4">
          <PrintControls />
          <Link
            to={`/invoice/${view.token}`}
            className="inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline"
          >
            {`Back to ${view.invoiceNumber ?? "the invoice"}`}
          </Link>
        </div>
        {company ? (
          <ReceiptDocument
            receipt={view}
            business={{ name: company.name, phone: company.phone, email: company.email, address: BUSINESS_ADDRESS }}
          />
        ) : null}
      </div>
    </div>
  );
}

/**
 * /invoice/:token: an issued invoice's or credit note's private page (docs/product.md §15),
 * linked from its e-mails and the status page. It shows the printed document
 * (app/components/billing/invoice-document.tsx), 'Print or save as PDF', 'Pay J$… by card' when
 * something is owed and card payments are on (a plain form posting to /invoice/:token/pay, so it
 * works without JavaScript; its privacy line says the card goes to the payment company), what a card payment's return says (`?paid=1`, `?failed=<code>`), and
 * the receipts of its payments. Server-rendered, never cached (`private, no-store`), never indexed
 * (`noindex` and `X-Robots-Tag`), at most 30 views a minute per client (invoice.server.ts).
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { STATUS_HEADERS } from "~/cache-control";
import { BUSINESS_ADDRESS, formatDay, InvoiceDocument } from "~/components/billing/invoice-document";
import { BillingLinkProblem, PrintControls } from "~/components/billing/print-controls";
import { FormStatus } from "~/components/form-status";
import { usePublicSite } from "~/components/hooks/site-data";
import { ContactMethods } from "~/components/public/contact-details";
import { PrivacyLine } from "~/components/public/privacy-line";
import { buttonStyles } from "~/components/ui";
import { documentTitle, formatCents } from "~/domain/billing";
import { PAYMENT_METHOD_LABELS } from "~/domain/enumerations";
import { PRIVACY_LINK_MESSAGES } from "~/domain/texts/messages";
import { invoicePageLoader } from "./invoice.server";

export const headers: HeadersFunction = () => STATUS_HEADERS;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  {
    title: page?.view
      ? `${documentTitle(page.view.invoice.kind, page.view.invoice.taxRateBp)} ${page.view.invoice.number ?? ""}`.trim()
      : "Invoice",
  },
  { name: "robots", content: "noindex, nofollow" },
];

export const loader = (args: LoaderFunctionArgs) => invoicePageLoader(args);

/** A text link, at least 24 px tall to tap (WCAG 2.2, 2.5.8). */
const TAP_LINK = "inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline";

export default function InvoicePage() {
  const { view, problem } = useLoaderData<typeof loader>();
  const site = usePublicSite();
  if (!view) return <BillingLinkProblem problem={problem} what="invoice" company={site?.company} />;
  const { invoice } = view;
  const company = site?.company;
  const receipts = invoice.kind === "invoice" ? invoice.payments : [];
  return (
    <div className="bg-sand-50">
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="font-display text-2xl font-bold text-slate-900 sm:text-3xl">
          {invoice.kind === "credit_note" ? "Your credit note" : "Your invoice"}
        </h1>
        {view.outcome ? <FormStatus tone={view.outcome.tone}>{view.outcome.text}</FormStatus> : null}
        {invoice.kind === "invoice" && invoice.status === "issued" && invoice.balanceCents > 0 ? (
          <p className={`text-base ${invoice.overdue ? "font-semibold text-red-800" : "text-slate-800"}`} data-testid="owed">
            {`${formatCents(invoice.balanceCents)} ${invoice.overdue ? "was due" : "is due"} on ${formatDay(invoice.dueDate)}.`}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          {view.canPayByCard ? (
            // A plain form: it leaves the site for the card provider's page (a document request, with or without JavaScript).
            <form method="post" action={`/invoice/${invoice.token}/pay`}>
              <button type="submit" className={buttonStyles.primary}>
                {`Pay ${formatCents(invoice.balanceCents)} by card`}
              </button>
              <PrivacyLine className="mt-2 max-w-sm" line={PRIVACY_LINK_MESSAGES.cardLine} />
            </form>
          ) : null}
          <PrintControls />
        </div>

        {company ? (
          <InvoiceDocument
            invoice={invoice}
            business={{ name: company.name, phone: company.phone, email: company.email, address: BUSINESS_ADDRESS }}
            paymentInstructions={view.paymentInstructions}
          />
        ) : null}

        {receipts.length > 0 ? (
          <section aria-labelledby="receipts" className="rounded-2xl border border-slate-200 bg-white p-6">
            <h2 id="receipts" className="font-display text-xl font-bold text-slate-900">
              Receipts
            </h2>
            <ul className="mt-3 divide-y divide-slate-200">
              {receipts.map((payment) => (
                <li key={payment.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                  <span className="text-slate-900">
                    {`${formatDay(payment.paidOn)} · ${payment.kind === "refund" ? "Refund" : PAYMENT_METHOD_LABELS[payment.method]} · ${formatCents(payment.amountCents)}`}
                  </span>
                  <Link to={`/invoice/${invoice.token}/receipt/${payment.id}`} className={TAP_LINK}>
                    {payment.kind === "refund" ? "See the refund" : "See the receipt"}
                    <span className="sr-only">{` of ${formatDay(payment.paidOn)}`}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {company ? (
          <section aria-labelledby="questions" className="space-y-4">
            <h2 id="questions" className="font-display text-xl font-bold text-slate-900">
              {`Questions? Mention ${invoice.number ?? "this invoice"}.`}
            </h2>
            <ContactMethods company={company} />
          </section>
        ) : null}
        <p className="text-sm text-slate-600">This page is only for you: anyone with its link can see it, so share it with care.</p>
      </div>
    </div>
  );
}

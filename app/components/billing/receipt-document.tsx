/**
 * A payment's printable receipt (or a refund's note) as the customer's receipt page
 * (/invoice/:token/receipt/:paymentId) shows it: "Receipt" (or "Refund"), the business facts, the
 * invoice's number, the date paid, the method, the reference, the amount, the tip, the invoice's
 * balance as it is now, "Thank you". Printed alone, black on white, with the invoice document's
 * print rule (invoice-document.tsx `DocumentPrintStyle`).
 */
import { formatCents } from "~/domain/billing";
import { PAYMENT_METHOD_LABELS, type PaymentKind, type PaymentMethod } from "~/domain/enumerations";
import { balanceLine, DocumentPrintStyle, formatDay, type InvoiceDocumentBusiness } from "./invoice-document";

/** What a receipt shows: the entry (amounts in cents, `paidOn` an ISO day) and its invoice's number, TRN and balance now. */
export interface ReceiptData {
  kind: PaymentKind;
  method: PaymentMethod;
  amountCents: number;
  tipCents: number;
  reference: string | null;
  paidOn: string;
  invoiceNumber: string | null;
  businessTrn: string | null;
  balanceCents: number;
}

/** The receipt. In: the entry and its invoice's facts, and the business facts. */
export function ReceiptDocument({ receipt, business }: { receipt: ReceiptData; business: InvoiceDocumentBusiness }) {
  const refund = receipt.kind === "refund";
  const balance = balanceLine(receipt.balanceCents);
  return (
    <article
      data-invoice-document
      aria-label={refund ? "Refund" : "Receipt"}
      className="mx-auto w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 shadow-sm sm:p-8"
    >
      <DocumentPrintStyle />
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4" data-print-border>
        <div className="min-w-0">
          <p className="font-display text-xl font-bold text-brand-800">{business.name}</p>
          {business.address ? <p className="text-sm text-slate-700">{business.address}</p> : null}
          <p className="text-sm text-slate-700">{business.phone}</p>
          <p className="text-sm break-all text-slate-700">{business.email}</p>
          {receipt.businessTrn ? <p className="text-sm text-slate-700">{`TRN ${receipt.businessTrn}`}</p> : null}
        </div>
        <h2 className="font-display text-2xl font-bold">{refund ? "Refund" : "Receipt"}</h2>
      </header>
      <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600">Invoice</dt>
        <dd className="font-semibold">{receipt.invoiceNumber ?? ""}</dd>
        <dt className="text-slate-600">{refund ? "Date refunded" : "Date paid"}</dt>
        <dd>{formatDay(receipt.paidOn)}</dd>
        <dt className="text-slate-600">Method</dt>
        <dd>{PAYMENT_METHOD_LABELS[receipt.method]}</dd>
        {receipt.reference ? (
          <>
            <dt className="text-slate-600">Reference</dt>
            <dd className="break-all">{receipt.reference}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">{refund ? "Amount refunded" : "Amount"}</dt>
        <dd className="font-bold tabular-nums" data-testid="receipt-amount">
          {formatCents(receipt.amountCents)}
        </dd>
        {receipt.tipCents > 0 ? (
          <>
            <dt className="text-slate-600">Tip</dt>
            <dd className="tabular-nums">{formatCents(receipt.tipCents)}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">Balance now</dt>
        <dd className="tabular-nums" data-testid="receipt-balance">
          {balance.cents === 0 ? balance.label : `${balance.label}: ${formatCents(balance.cents)}`}
        </dd>
      </dl>
      <p className="mt-6 font-display text-lg font-bold text-brand-800">Thank you</p>
    </article>
  );
}

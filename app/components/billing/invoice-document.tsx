/**
 * The printed invoice or credit note (docs/product.md §15): the one document the customer's
 * private page (/invoice/:token), the staff's invoice page and the printout show. It takes plain
 * data (`InvoiceDocumentData`, the fields of app/server/billing's InvoiceDetail it reads, so a
 * loader's InvoiceDetail is passed as it is) and the business facts (`InvoiceDocumentBusiness`).
 * On screen it uses the site's palette and stays readable at 390 px (the lines table scrolls
 * within itself, never the page); on print only the document shows, black on white, sized to the
 * paper (A4 or Letter), without the page's header, footer or buttons (its own print rule, present
 * while the document is on the page).
 */
import { documentTitle, formatCents, formatRate } from "~/domain/billing";
import { formatAdminDate } from "~/domain/dates";
import { PAYMENT_METHOD_LABELS, type InvoiceKind, type InvoiceStatus, type PaymentKind, type PaymentMethod } from "~/domain/enumerations";
import { phoneLabel } from "~/domain/phone";

/** Who issues the document: the name, phone and e-mail of app/domain/company.ts `Company`, and where the business is. */
export interface InvoiceDocumentBusiness {
  name: string;
  phone: string;
  email: string;
  /** One line, e.g. "Montego Bay, St. James, Jamaica" (`BUSINESS_ADDRESS`), or null. */
  address: string | null;
}

/** Where the business is, as its printed documents and structured data (app/seo.ts) name it. */
export const BUSINESS_ADDRESS = "Montego Bay, St. James, Jamaica";

/**
 * What the document shows of an invoice or credit note: the fields of app/server/billing/types.ts
 * `InvoiceDetail` it reads (amounts in integer cents of J$, days ISO YYYY-MM-DD in Jamaica). No
 * `Date` fields, so a loader's serialized InvoiceDetail fits as it is.
 */
export interface InvoiceDocumentData {
  kind: InvoiceKind;
  status: InvoiceStatus;
  /** "INV-2026-0001"; null for a draft. */
  number: string | null;
  issueDate: string | null;
  dueDate: string;
  period: string | null;
  billToName: string;
  billToEmail: string | null;
  billToPhone: string | null;
  billToAddress: string | null;
  taxRateBp: number;
  businessTrn: string | null;
  businessGctNumber: string | null;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  creditedCents: number;
  paidCents: number;
  balanceCents: number;
  notes: string | null;
  voidReason: string | null;
  lines: ReadonlyArray<{ id: string; description: string; quantity: number; unitCents: number; amountCents: number }>;
  payments: ReadonlyArray<{ id: string; kind: PaymentKind; method: PaymentMethod; amountCents: number; paidOn: string }>;
  creditNotes: ReadonlyArray<{ id: string; number: string | null; issueDate: string | null; totalCents: number; status: InvoiceStatus }>;
  creditFor: { id: string; number: string | null } | null;
}

/**
 * While a document is on the page, a printout holds the document alone, black on white, without
 * what is marked `data-print-hide`: every element that neither is the document, nor is inside it,
 * nor holds it is not drawn (so no blank pages follow), and those that hold it lose their spacing,
 * frames and positioning, so the document starts at the top of the first sheet.
 */
const PRINT_RULE = [
  "@page{margin:14mm}",
  "@media print{",
  "body *:not([data-invoice-document]):not([data-invoice-document] *):not(:has([data-invoice-document])){display:none !important}",
  "body,body *:has([data-invoice-document]){display:block !important;position:static !important;margin:0 !important;padding:0 !important;border:0 !important;max-width:none !important;overflow:visible !important;background:#fff !important;box-shadow:none !important}",
  "[data-invoice-document],[data-invoice-document] *{color:#000 !important;background:#fff !important;box-shadow:none !important}",
  "[data-invoice-document]{position:relative;width:100%;max-width:none;margin:0;padding:0;border:0;border-radius:0;font-size:11pt}",
  "[data-invoice-document] [data-print-hide]{display:none}",
  "[data-invoice-document] [data-print-border]{border-color:#000 !important}",
  "[data-invoice-document] tr,[data-invoice-document] section{break-inside:avoid}",
  "}",
].join("");

/**
 * The print rule, for a printed document of this folder (this one, receipt-document.tsx): the
 * element that carries `data-invoice-document` is all a printout holds.
 */
export function DocumentPrintStyle() {
  return <style>{PRINT_RULE}</style>;
}

/** An ISO day as people read it: "Nov 28, 2026". */
export function formatDay(day: string): string {
  return formatAdminDate(Date.parse(`${day}T12:00:00Z`));
}

/** "Balance due", "Paid in full" or "In credit", with the amount to show (never negative). */
export function balanceLine(balanceCents: number): { label: string; cents: number } {
  if (balanceCents > 0) return { label: "Balance due", cents: balanceCents };
  if (balanceCents < 0) return { label: "In credit", cents: -balanceCents };
  return { label: "Paid in full", cents: 0 };
}

/**
 * The document. In: the invoice or credit note (`invoice`), the business facts, and the owner's
 * payment instructions (billing settings; shown on an issued invoice with a balance due, or null).
 */
export function InvoiceDocument({
  invoice,
  business,
  paymentInstructions,
}: {
  invoice: InvoiceDocumentData;
  business: InvoiceDocumentBusiness;
  paymentInstructions: string | null;
}) {
  const credit = invoice.kind === "credit_note";
  const title = documentTitle(invoice.kind, invoice.taxRateBp);
  const isVoid = invoice.status === "void";
  const balance = balanceLine(invoice.balanceCents);
  const issuedCredits = invoice.creditNotes.filter((note) => note.status !== "draft");
  return (
    <article
      data-invoice-document
      aria-label={`${title} ${invoice.number ?? "(draft)"}`}
      className="relative mx-auto w-full max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 shadow-sm sm:p-8"
    >
      <DocumentPrintStyle />
      {isVoid ? (
        <p
          className="absolute top-4 right-4 rotate-[-8deg] rounded-md border-4 border-red-700 px-3 py-1 font-display text-3xl font-bold tracking-widest text-red-700"
          data-print-border
          data-testid="void-mark"
        >
          VOID
        </p>
      ) : null}
      <header className="flex flex-wrap items-start justify-between gap-6 border-b border-slate-200 pb-5" data-print-border>
        <div className="min-w-0">
          <p className="font-display text-xl font-bold text-brand-800">{business.name}</p>
          {business.address ? <p className="text-sm text-slate-700">{business.address}</p> : null}
          <p className="text-sm text-slate-700">{business.phone}</p>
          <p className="text-sm break-all text-slate-700">{business.email}</p>
          {invoice.taxRateBp > 0 ? (
            <>
              {invoice.businessTrn ? <p className="text-sm text-slate-700">{`TRN ${invoice.businessTrn}`}</p> : null}
              {invoice.businessGctNumber ? <p className="text-sm text-slate-700">{`GCT No. ${invoice.businessGctNumber}`}</p> : null}
            </>
          ) : null}
        </div>
        <div className="text-left sm:text-right">
          <h2 className="font-display text-2xl font-bold text-slate-900">{title}</h2>
          <dl className="mt-2 grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-slate-600">Number</dt>
            <dd className="font-semibold" data-testid="document-number">
              {invoice.number ?? "Draft"}
            </dd>
            {invoice.issueDate ? (
              <>
                <dt className="text-slate-600">Date</dt>
                <dd>{formatDay(invoice.issueDate)}</dd>
              </>
            ) : null}
            {!credit ? (
              <>
                <dt className="text-slate-600">Due</dt>
                <dd>{formatDay(invoice.dueDate)}</dd>
              </>
            ) : null}
            {invoice.period ? (
              <>
                <dt className="text-slate-600">Period</dt>
                <dd>{invoice.period}</dd>
              </>
            ) : null}
          </dl>
          {credit && invoice.creditFor ? (
            <p className="mt-2 text-sm font-semibold" data-testid="corrects">{`Corrects ${invoice.creditFor.number ?? "an invoice"}`}</p>
          ) : null}
        </div>
      </header>

      <section aria-label="Bill to" className="mt-5">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Bill to</h3>
        <p className="mt-1 font-semibold">{invoice.billToName}</p>
        {invoice.billToAddress ? <p className="text-sm whitespace-pre-line text-slate-700">{invoice.billToAddress}</p> : null}
        {invoice.billToEmail ? <p className="text-sm break-all text-slate-700">{invoice.billToEmail}</p> : null}
        {invoice.billToPhone ? <p className="text-sm text-slate-700">{phoneLabel(invoice.billToPhone)}</p> : null}
      </section>

      <div className="mt-6">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{`${title} lines`}</caption>
          <thead>
            <tr className="border-b-2 border-slate-300 text-left" data-print-border>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Description
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                Qty
              </th>
              <th scope="col" className="hidden px-2 py-2 text-right font-semibold sm:table-cell print:table-cell">
                Unit
              </th>
              <th scope="col" className="py-2 pl-2 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={line.id} className="border-b border-slate-200 align-top" data-print-border>
                <td className="py-2 pr-3 break-words">
                  {line.description}
                  {/* On a phone the unit price sits under the description instead of in its own column. */}
                  <span className="block text-xs text-slate-600 tabular-nums sm:hidden print:hidden">{`${line.quantity} × ${formatCents(line.unitCents)}`}</span>
                </td>
                <td className="px-2 py-2 text-right tabular-nums">{line.quantity}</td>
                <td className="hidden px-2 py-2 text-right whitespace-nowrap tabular-nums sm:table-cell print:table-cell">
                  {formatCents(line.unitCents)}
                </td>
                <td className="py-2 pl-2 text-right whitespace-nowrap tabular-nums">{formatCents(line.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="totals">
        <dt>Subtotal</dt>
        <dd className="text-right tabular-nums">{formatCents(invoice.subtotalCents)}</dd>
        {invoice.discountCents > 0 ? (
          <>
            <dt>Discount</dt>
            <dd className="text-right tabular-nums">{formatCents(-invoice.discountCents)}</dd>
          </>
        ) : null}
        {invoice.taxRateBp > 0 ? (
          <>
            <dt>{`GCT ${formatRate(invoice.taxRateBp)}`}</dt>
            <dd className="text-right tabular-nums">{formatCents(invoice.taxCents)}</dd>
          </>
        ) : null}
        <dt className="border-t border-slate-300 pt-1 font-bold" data-print-border>
          {credit ? "Total credited" : "Total"}
        </dt>
        <dd className="border-t border-slate-300 pt-1 text-right font-bold tabular-nums" data-print-border>
          {formatCents(invoice.totalCents)}
        </dd>
      </dl>

      {!credit && issuedCredits.length > 0 ? (
        <section aria-label="Credit notes" className="mt-6">
          <h3 className="text-sm font-semibold">Credit notes</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {issuedCredits.map((note) => (
              <li key={note.id} className="flex justify-between gap-4">
                <span>{`${note.number ?? "Credit note"}${note.issueDate ? `, ${formatDay(note.issueDate)}` : ""}`}</span>
                <span className="tabular-nums">{formatCents(-note.totalCents)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {!credit && invoice.payments.length > 0 ? (
        <section aria-label="Payments received" className="mt-6">
          <h3 className="text-sm font-semibold">Payments received</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {invoice.payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap justify-between gap-x-4">
                <span>{`${formatDay(payment.paidOn)} · ${payment.kind === "refund" ? "Refund, " : ""}${PAYMENT_METHOD_LABELS[payment.method]}`}</span>
                <span className="tabular-nums">{formatCents(payment.kind === "refund" ? payment.amountCents : -payment.amountCents)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {!credit ? (
        <p
          className="mt-6 flex justify-between gap-4 rounded-xl bg-brand-50 px-4 py-3 text-lg font-bold text-brand-900"
          data-testid="balance"
        >
          <span>{balance.label}</span>
          <span className="tabular-nums">{formatCents(balance.cents)}</span>
        </p>
      ) : null}

      {isVoid ? (
        <p className="mt-4 text-sm font-semibold text-red-800">
          {`This invoice is void${issuedCredits[0]?.number ? `: corrected in full by credit note ${issuedCredits.map((note) => note.number).join(", ")}` : ""}.`}
          {invoice.voidReason ? ` Reason: ${invoice.voidReason}` : ""}
        </p>
      ) : null}

      {invoice.notes ? <p className="mt-6 text-sm break-words whitespace-pre-line text-slate-800">{invoice.notes}</p> : null}

      {!credit && invoice.status === "issued" && invoice.balanceCents > 0 && paymentInstructions ? (
        <section aria-label="How to pay" className="mt-6 border-t border-slate-200 pt-4" data-print-border>
          <h3 className="text-sm font-semibold">How to pay</h3>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">{paymentInstructions}</p>
        </section>
      ) : null}
    </article>
  );
}

/**
 * An invoice's or credit note's page, /admin/invoices/<id> (docs/product.md §15). The header
 * names the document ("Tax Invoice INV-2026-0001", or "Draft"), its state (Overdue when owed past
 * its due date), the customer, the request and the visit's day. A draft shows its editor: bill-to,
 * lines (description, quantity, unit price in J$; with JavaScript 'Add line'/'Remove' and the
 * totals as typed, without it three blank rows to fill), discount, due date, notes; 'Save draft',
 * 'Issue and e-mail', 'Delete draft'. An issued or void document shows as the customer sees it
 * (app/components/billing/invoice-document.tsx), its figures, its private link, its payments,
 * and the forms that act on it: 'Record a payment', 'Record a refund', 'Credit note', 'Void',
 * 'Send reminder', 'Resend invoice'. Every form works without JavaScript; each refusal shows at
 * its form, each success at the top of the page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { BUSINESS_ADDRESS, formatDay, InvoiceDocument } from "~/components/billing/invoice-document";
import {
  ADMIN_INPUT,
  AdminInput,
  AdminSelect,
  AdminTextarea,
  Badge,
  Button,
  Card,
  Disclosure,
  PageHeader,
  PostButton,
  ResultForm,
  buttonClass,
  fieldAria,
  textLinkClass,
  useBusy,
} from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { useHydrated } from "~/components/hooks/use-hydrated";
import {
  INVOICE_STATE_LABELS,
  MAX_INVOICE_LINES,
  MAX_LINE_DESCRIPTION,
  MAX_LINE_QUANTITY,
  centsToPlain,
  documentTitle,
  formatCents,
  formatRate,
  invoiceTotals,
  parseAmount,
} from "~/domain/billing";
import { MAIL_KIND_LABELS, PAYMENT_METHOD_LABELS, STAFF_PAYMENT_METHODS } from "~/domain/enumerations";
import { TEXT_LIMITS } from "~/domain/limits";
import { invoicePageAction, invoicePageLoader, type InvoiceActionResult } from "./invoice.server";
import { MAX_REASON } from "./schema";

export const loader = (args: LoaderFunctionArgs) => invoicePageLoader(args);
export const action = (args: ActionFunctionArgs) => invoicePageAction(args);

type Page = ReturnType<typeof useLoaderData<typeof loader>>;
type Invoice = Page["invoice"];

/** Blank rows the editor adds for typing new lines (the only way to add one without JavaScript). */
const BLANK_ROWS = 3;

/** A refused form's values and messages when `result` answers one of `intents`. */
function resultOf(result: InvoiceActionResult | undefined, intents: readonly string[]) {
  const sent = result?.initialValue ?? {};
  const mine = result?.status === "error" && intents.includes(String(sent.intent ?? ""));
  return {
    mine,
    error: (name: string) => (mine ? (result?.error?.[name]?.[0] ?? undefined) : undefined),
    value: (name: string) => (mine && typeof sent[name] === "string" ? (sent[name] as string) : undefined),
    sent: mine ? sent : null,
  };
}

export default function InvoicePage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as InvoiceActionResult | undefined;
  const { invoice } = page;
  const title = documentTitle(invoice.kind, page.taxRateBp);
  const state = invoice.overdue ? "Overdue" : INVOICE_STATE_LABELS[invoice.state];
  return (
    <section aria-labelledby="invoice-heading" className="space-y-6" data-invoice={invoice.id}>
      <PageHeader
        id="invoice-heading"
        title={`${title} ${invoice.number ?? "Draft"}`}
        lead={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Badge
              tone={invoice.overdue || invoice.status === "void" ? "destructive" : invoice.state === "paid" ? "positive" : "waiting"}
              data-state={invoice.state}
            >
              {state}
            </Badge>
            <Link to={`/admin/customers/${invoice.customerId}`} className={textLinkClass()}>
              {invoice.billToName}
            </Link>
            {invoice.quoteRequestId ? (
              <Link to={`/admin/quotes/${invoice.quoteRequestId}`} className={textLinkClass()}>
                The request
              </Link>
            ) : null}
            {invoice.visit ? (
              <span className="text-sm text-slate-700">{`Visit on ${formatDay(invoice.visit.day)}, ${invoice.visit.windowStart}–${invoice.visit.windowEnd}`}</span>
            ) : null}
            {invoice.period ? <span className="text-sm text-slate-700">{`Period ${invoice.period}`}</span> : null}
          </span>
        }
        actions={
          <Link to="/admin/invoices" className={`${textLinkClass()} min-h-6`}>
            All invoices
          </Link>
        }
      />
      {result?.notice ? <FormStatus tone="success">{result.notice}</FormStatus> : null}
      {invoice.creditFor ? (
        <p className="text-sm text-slate-800" data-credit-for>
          {"This credit note corrects "}
          <Link to={`/admin/invoices/${invoice.creditFor.id}`} className={textLinkClass()}>
            {invoice.creditFor.number ?? "an invoice"}
          </Link>
          .
        </p>
      ) : null}
      {invoice.status === "draft" ? (
        <DraftEditor key={invoice.id} page={page} result={result} />
      ) : (
        <IssuedView page={page} result={result} />
      )}
    </section>
  );
}

/** One editor row as the form holds it (text as typed). */
interface EditorRow {
  key: string;
  description: string;
  quantity: string;
  unit: string;
  visitId: string;
  deduction: boolean;
}

/** The rows the editor opens with: the lines as sent when the form was refused, else the draft's lines; then blank rows. */
function initialRows(invoice: Invoice, sent: Record<string, unknown> | null): EditorRow[] {
  const blank = (index: number): EditorRow => ({
    key: `blank-${index}`,
    description: "",
    quantity: "",
    unit: "",
    visitId: "",
    deduction: false,
  });
  if (sent && Array.isArray(sent.lines)) {
    return (sent.lines as Array<Record<string, unknown>>).map((line, index) => ({
      key: `sent-${index}`,
      description: String(line?.description ?? ""),
      quantity: String(line?.quantity ?? ""),
      unit: String(line?.unit ?? ""),
      visitId: String(line?.visitId ?? ""),
      deduction: line?.deduction === "1",
    }));
  }
  const rows = invoice.lines.map((line) => ({
    key: line.id,
    description: line.description,
    quantity: String(line.quantity),
    unit: centsToPlain(line.unitCents),
    visitId: line.visitId ?? "",
    deduction: line.unitCents < 0,
  }));
  return [...rows, ...Array.from({ length: BLANK_ROWS }, (_, index) => blank(index))];
}

/** The figures of the rows as typed (rows that do not parse count as nothing). */
function typedTotals(rows: EditorRow[], discount: string, taxRateBp: number) {
  const lines = rows.flatMap((row) => {
    const quantity = Number(row.quantity);
    const unit = parseAmount(row.unit.replace(row.deduction ? /^-/ : /$^/, ""), { allowZero: true });
    if (!row.description.trim() || !Number.isInteger(quantity) || quantity < 1 || !unit.ok) return [];
    return [{ quantity, unitCents: row.deduction ? -unit.cents : unit.cents }];
  });
  const parsedDiscount = discount.trim() === "" ? 0 : parseAmount(discount, { allowZero: true });
  const discountCents = typeof parsedDiscount === "number" ? parsedDiscount : parsedDiscount.ok ? parsedDiscount.cents : 0;
  return invoiceTotals(lines, discountCents, taxRateBp);
}

/** A draft's editor (see the module's header). */
function DraftEditor({ page, result }: { page: Page; result: InvoiceActionResult | undefined }) {
  const { invoice } = page;
  const hydrated = useHydrated();
  const busy = useBusy();
  const sent = resultOf(result, ["save-draft", "issue"]);
  const [rows, setRows] = useState(() => initialRows(invoice, sent.sent));
  const [discount, setDiscount] = useState(sent.value("discount") ?? (invoice.discountCents ? centsToPlain(invoice.discountCents) : ""));
  const [nextKey, setNextKey] = useState(0);
  const totals = typedTotals(rows, discount, page.taxRateBp);
  const deleteRefused = resultOf(result, ["delete-draft"]).error("");
  const change = (key: string, field: "description" | "quantity" | "unit", value: string) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const value = (name: string, stored: string | null) => sent.value(name) ?? stored ?? "";
  return (
    <Card title="Draft" titleId="draft-heading">
      <ResultForm className="space-y-5" data-testid="draft-editor" noValidate={hydrated}>
        {sent.error("") ? <FormStatus tone="error">{sent.error("")}</FormStatus> : null}
        {sent.mine && !sent.error("") ? <FormStatus tone="error">Some fields need a change. See the messages below.</FormStatus> : null}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Bill to</legend>
          <AdminInput
            id="bill-to-name"
            name="billToName"
            label="Name"
            required
            maxLength={TEXT_LIMITS.name}
            defaultValue={value("billToName", invoice.billToName)}
            error={sent.error("billToName")}
          />
          <AdminInput
            id="bill-to-email"
            name="billToEmail"
            type="email"
            label="E-mail"
            maxLength={TEXT_LIMITS.email}
            defaultValue={value("billToEmail", invoice.billToEmail)}
            error={sent.error("billToEmail")}
          />
          <AdminInput
            id="bill-to-phone"
            name="billToPhone"
            type="tel"
            label="Phone"
            maxLength={TEXT_LIMITS.phone}
            defaultValue={value("billToPhone", invoice.billToPhone)}
            error={sent.error("billToPhone")}
          />
          <AdminTextarea
            id="bill-to-address"
            name="billToAddress"
            label="Address"
            rows={2}
            maxLength={TEXT_LIMITS.address}
            defaultValue={value("billToAddress", invoice.billToAddress)}
            error={sent.error("billToAddress")}
          />
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Lines</legend>
          <p className="text-xs text-slate-600">{`Prices in J$ before GCT. Up to ${MAX_INVOICE_LINES} lines; empty rows are left out.`}</p>
          {sent.error("lines") ? <p className="text-sm font-medium text-red-700">{sent.error("lines")}</p> : null}
          <ol className="space-y-3">
            {rows.map((row, index) => (
              <LineRow
                key={row.key}
                row={row}
                index={index}
                error={(field) => sent.error(`lines[${index}].${field}`)}
                onChange={(field, text) => change(row.key, field, text)}
                onRemove={hydrated ? () => setRows((current) => current.filter((each) => each.key !== row.key)) : undefined}
              />
            ))}
          </ol>
          {hydrated && rows.length < MAX_INVOICE_LINES ? (
            <button
              type="button"
              className={buttonClass("secondary", "sm")}
              onClick={() => {
                setRows((current) => [
                  ...current,
                  { key: `added-${nextKey}`, description: "", quantity: "1", unit: "", visitId: "", deduction: false },
                ]);
                setNextKey((key) => key + 1);
              }}
            >
              Add line
            </button>
          ) : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <AdminInput
            id="discount"
            name="discount"
            label="Discount (J$)"
            inputMode="decimal"
            maxLength={40}
            value={discount}
            onChange={(event) => setDiscount(event.currentTarget.value)}
            error={sent.error("discount")}
          />
          <AdminInput
            id="due-date"
            name="dueDate"
            type="date"
            label="Due date"
            required
            defaultValue={value("dueDate", invoice.dueDate)}
            error={sent.error("dueDate")}
          />
          <AdminTextarea
            id="notes"
            name="notes"
            label="Notes on the invoice"
            rows={3}
            maxLength={TEXT_LIMITS.note}
            className="sm:col-span-2"
            defaultValue={value("notes", invoice.notes)}
            error={sent.error("notes")}
          />
        </div>
        <dl className="ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" data-testid="draft-totals" aria-live="polite">
          <dt>Subtotal</dt>
          <dd className="text-right">{formatCents(totals.subtotalCents)}</dd>
          <dt>Discount</dt>
          <dd className="text-right">{formatCents(-totals.discountCents)}</dd>
          {page.taxRateBp > 0 ? (
            <>
              <dt>{`GCT ${formatRate(page.taxRateBp)}`}</dt>
              <dd className="text-right">{formatCents(totals.taxCents)}</dd>
            </>
          ) : null}
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{formatCents(totals.totalCents)}</dd>
        </dl>
        {!hydrated ? <p className="text-xs text-slate-600">The totals are worked out again when the draft is saved.</p> : null}
        {page.taxRateBp > 0 ? <p className="text-sm text-slate-700">{`GCT is charged: it is issued as a Tax Invoice.`}</p> : null}
        <div className="flex flex-wrap gap-3">
          <Button name="intent" value="save-draft" variant="secondary" disabled={busy}>
            Save draft
          </Button>
          <Button name="intent" value="issue" disabled={busy}>
            Issue and e-mail
          </Button>
        </div>
      </ResultForm>
      <div className="mt-5 space-y-2 border-t border-slate-100 pt-4">
        {deleteRefused ? <FormStatus tone="error">{deleteRefused}</FormStatus> : null}
        <Disclosure look="button" summary="Delete draft">
          <p>Delete this draft? It was never issued, so nothing is kept.</p>
          <PostButton fields={{ intent: "delete-draft" }} variant="danger">
            Yes, delete it
          </PostButton>
        </Disclosure>
      </div>
    </Card>
  );
}

/** One line of the editor: description, quantity, unit price and its amount; a deposit deducted is shown, not edited. */
function LineRow({
  row,
  index,
  error,
  onChange,
  onRemove,
}: {
  row: EditorRow;
  index: number;
  error: (field: string) => string | undefined;
  onChange: (field: "description" | "quantity" | "unit", value: string) => void;
  onRemove: (() => void) | undefined;
}) {
  const name = (field: string) => `lines[${index}].${field}`;
  const id = (field: string) => `line-${index}-${field}`;
  const quantity = Number(row.quantity);
  const unit = parseAmount(row.unit.replace(row.deduction ? /^-/ : /$^/, ""), { allowZero: true });
  const amount =
    Number.isInteger(quantity) && quantity > 0 && unit.ok ? formatCents(quantity * (row.deduction ? -unit.cents : unit.cents)) : "";
  const hidden = (
    <>
      <input type="hidden" name={name("visitId")} value={row.visitId} />
      {row.deduction ? <input type="hidden" name={name("deduction")} value="1" /> : null}
    </>
  );
  if (row.deduction) {
    return (
      <li className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-slate-50 p-3 text-sm" data-line={index}>
        {hidden}
        <input type="hidden" name={name("description")} value={row.description} />
        <input type="hidden" name={name("quantity")} value={row.quantity} />
        <input type="hidden" name={name("unit")} value={row.unit} />
        <span>{row.description}</span>
        <span className="font-semibold">{amount}</span>
      </li>
    );
  }
  const control = (field: "description" | "quantity" | "unit", label: string, props: Record<string, unknown>, className: string) => (
    <div className={className}>
      <label htmlFor={id(field)} className="block text-xs font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id(field)}
        name={name(field)}
        value={row[field]}
        onChange={(event) => onChange(field, event.currentTarget.value)}
        className={ADMIN_INPUT}
        {...fieldAria(id(field), error(field))}
        {...props}
      />
      {error(field) ? (
        <p id={`${id(field)}-error`} className="text-sm font-medium text-red-700">
          {error(field)}
        </p>
      ) : null}
    </div>
  );
  return (
    <li
      className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_6rem_9rem_8rem_auto] sm:items-start"
      data-line={index}
    >
      {hidden}
      {control("description", `Line ${index + 1}: description`, { maxLength: MAX_LINE_DESCRIPTION + 1 }, "")}
      {control("quantity", "Quantity", { inputMode: "numeric", maxLength: String(MAX_LINE_QUANTITY).length + 1 }, "")}
      {control("unit", "Unit price (J$)", { inputMode: "decimal", maxLength: 40 }, "")}
      <p className="pt-6 text-right text-sm font-semibold text-slate-900">{amount}</p>
      {onRemove ? (
        <button type="button" className={`${textLinkClass("danger")} pt-5 text-sm`} onClick={onRemove}>
          Remove<span className="sr-only">{` line ${index + 1}`}</span>
        </button>
      ) : (
        <span />
      )}
    </li>
  );
}

/** An issued or void document: its figures, link, the document, payments and the forms that act on it. */
function IssuedView({ page, result }: { page: Page; result: InvoiceActionResult | undefined }) {
  const { invoice } = page;
  const isInvoice = invoice.kind === "invoice";
  const open = isInvoice && invoice.status === "issued";
  return (
    <>
      <Card title="Figures" titleId="figures-heading">
        <dl className="grid gap-3 text-sm sm:grid-cols-4" data-testid="invoice-figures">
          <Figure term="Total">{formatCents(invoice.totalCents)}</Figure>
          {isInvoice ? (
            <>
              <Figure term="Credited">{formatCents(invoice.creditedCents)}</Figure>
              <Figure term="Paid">{formatCents(invoice.paidCents)}</Figure>
              <Figure term={invoice.balanceCents < 0 ? "In credit" : "Balance"}>
                <span data-testid="invoice-balance">{formatCents(Math.abs(invoice.balanceCents))}</span>
              </Figure>
            </>
          ) : null}
        </dl>
        {page.link ? (
          <div className="mt-4 space-y-2 text-sm">
            <label htmlFor="private-link" className="block font-semibold text-slate-900">
              The customer&apos;s private link
            </label>
            <input id="private-link" readOnly value={page.link} className={ADMIN_INPUT} onFocus={(event) => event.currentTarget.select()} />
            <a href={page.link} target="_blank" rel="noreferrer" className={textLinkClass()}>
              Open as the customer sees it / Print
            </a>
          </div>
        ) : null}
        {invoice.voidReason ? <p className="mt-3 text-sm text-red-800">{`Void: ${invoice.voidReason}`}</p> : null}
      </Card>
      <InvoiceDocument
        invoice={invoice}
        business={{ ...page.business, address: BUSINESS_ADDRESS }}
        paymentInstructions={page.paymentInstructions}
      />
      {isInvoice ? <Payments invoice={invoice} /> : null}
      {invoice.creditNotes.length > 0 ? (
        <Card title="Credit notes" titleId="credit-notes-heading">
          <ul className="divide-y divide-slate-100 text-sm">
            {invoice.creditNotes.map((note) => (
              <li key={note.id} className="flex flex-wrap justify-between gap-2 py-2">
                <Link to={`/admin/invoices/${note.id}`} className={textLinkClass()}>
                  {note.number ?? "Draft credit note"}
                </Link>
                <span>{`${note.issueDate ?? ""} · ${formatCents(note.totalCents)}`}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {/* Paid in full: nothing to record (a refund has its own form). */}
      {open && invoice.balanceCents > 0 ? <PaymentForm page={page} result={result} /> : null}
      {isInvoice && invoice.status === "issued" && invoice.paidCents > 0 ? <RefundForm page={page} result={result} /> : null}
      {open ? <CreditNoteForm page={page} result={result} /> : null}
      <Card title="E-mails" titleId="invoice-mails-heading">
        <div className="flex flex-wrap gap-3">
          <ButtonForm intent="resend" result={result} label={isInvoice ? "Resend invoice" : "Resend credit note"} />
          {open && invoice.balanceCents > 0 ? <ButtonForm intent="remind" result={result} label="Send reminder" /> : null}
        </div>
        <InvoiceMails mails={page.mails} />
        {page.remindedLabel ? <p className="mt-2 text-sm text-slate-600">{`Last reminder: ${page.remindedLabel}`}</p> : null}
      </Card>
      {open ? <VoidForm result={result} /> : null}
    </>
  );
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/** The payments and refunds recorded, oldest first. */
function Payments({ invoice }: { invoice: Invoice }) {
  return (
    <Card title={`Payments (${invoice.payments.length})`} titleId="payments-heading">
      {invoice.payments.length === 0 ? (
        <p className="text-slate-600">No payment recorded.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="payments">
          {invoice.payments.map((payment) => (
            <li key={payment.id} className="space-y-0.5 py-2" data-payment={payment.id}>
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-semibold">{`${payment.kind === "refund" ? "Refund" : "Payment"} · ${PAYMENT_METHOD_LABELS[payment.method]}${payment.reference ? ` · ${payment.reference}` : ""}`}</span>
                <span className="font-semibold">{formatCents(payment.kind === "refund" ? -payment.amountCents : payment.amountCents)}</span>
              </p>
              <p className="text-slate-600">
                {`${payment.paidOn} · ${payment.recordedBy ? `recorded by ${payment.recordedBy}` : "paid online"} on ${payment.recordedAtLabel}`}
                {payment.tipCents > 0 ? ` · tip ${formatCents(payment.tipCents)}` : ""}
              </p>
              {payment.note ? <p className="whitespace-pre-line text-slate-700">{payment.note}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const METHOD_OPTIONS = STAFF_PAYMENT_METHODS.map((method) => [method, PAYMENT_METHOD_LABELS[method]] as const);

/** 'Record a payment': method, amount (the balance), date (today), reference, note, what to do with an excess, the idempotency key. */
function PaymentForm({ page, result }: { page: Page; result: InvoiceActionResult | undefined }) {
  const busy = useBusy();
  const sent = resultOf(result, ["payment"]);
  const excess = sent.value("excess") ?? "refuse";
  return (
    <Card title="Record a payment" titleId="payment-heading">
      <ResultForm key={page.keys.payment} className="grid gap-4 sm:grid-cols-2" data-testid="payment-form">
        <input type="hidden" name="intent" value="payment" />
        <input type="hidden" name="key" value={sent.value("key") ?? page.keys.payment} />
        {sent.error("") || sent.error("key") ? (
          <div className="sm:col-span-2">
            <FormStatus tone="error">{sent.error("") ?? sent.error("key")}</FormStatus>
          </div>
        ) : null}
        <AdminSelect
          id="payment-method"
          name="method"
          label="Method"
          options={METHOD_OPTIONS}
          defaultValue={sent.value("method") ?? "cash"}
          error={sent.error("method")}
        />
        <AmountField id="payment-amount" label="Amount (J$)" sent={sent} initial={centsToPlain(Math.max(page.invoice.balanceCents, 0))} />
        <AdminInput
          id="payment-day"
          name="paidOn"
          type="date"
          label="Paid on"
          required
          defaultValue={sent.value("paidOn") ?? page.today}
          error={sent.error("paidOn")}
        />
        <AdminInput
          id="payment-reference"
          name="reference"
          label="Reference"
          hint="Required for a bank transfer."
          maxLength={100}
          defaultValue={sent.value("reference") ?? ""}
          error={sent.error("reference")}
        />
        <AdminTextarea
          id="payment-note"
          name="note"
          label="Note"
          rows={2}
          maxLength={MAX_REASON}
          className="sm:col-span-2"
          defaultValue={sent.value("note") ?? ""}
          error={sent.error("note")}
        />
        <fieldset className="space-y-1 text-sm sm:col-span-2">
          <legend className="font-semibold text-slate-900">If it is more than what is owed</legend>
          {(
            [
              ["refuse", "Do not record it: I will check the amount"],
              ["tip", "Keep the rest as a tip"],
              ["credit", "Keep the rest as the customer's credit"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="excess" value={value} defaultChecked={excess === value} className="size-4 accent-brand-700" />
              {label}
            </label>
          ))}
          {sent.error("excess") ? <p className="font-medium text-red-700">{sent.error("excess")}</p> : null}
        </fieldset>
        <div className="sm:col-span-2">
          <Button disabled={busy}>Record payment</Button>
        </div>
      </ResultForm>
    </Card>
  );
}

type Sent = ReturnType<typeof resultOf>;

/** A form folded under a link in its own card ('Record a refund', 'Credit note'): its intent, its form-level refusal, its fields, its button. */
function FoldedForm({
  title,
  summary,
  intent,
  sent,
  button,
  children,
}: {
  title: string;
  summary: string;
  intent: string;
  sent: Sent;
  button: string;
  children: ReactNode;
}) {
  return (
    <Card title={title} titleId={`${intent}-heading`}>
      <Disclosure summary={summary} open={sent.mine}>
        <ResultForm className="mt-3 grid gap-4 sm:grid-cols-2" data-testid={`${intent}-form`}>
          <input type="hidden" name="intent" value={intent} />
          {sent.error("") ? (
            <div className="sm:col-span-2">
              <FormStatus tone="error">{sent.error("")}</FormStatus>
            </div>
          ) : null}
          {children}
          <div className="sm:col-span-2">
            <Button variant="secondary">{button}</Button>
          </div>
        </ResultForm>
      </Disclosure>
    </Card>
  );
}

/** An amount in J$ as typed, with its refusal. */
function AmountField({ id, label, sent, initial = "" }: { id: string; label: string; sent: Sent; initial?: string }) {
  return (
    <AdminInput
      id={id}
      name="amount"
      label={label}
      inputMode="decimal"
      required
      maxLength={40}
      defaultValue={sent.value("amount") ?? initial}
      error={sent.error("amount")}
    />
  );
}

/** A required reason (refund, credit note, void), with its refusal. */
function ReasonField({ id, sent, className }: { id: string; sent: Sent; className?: string }) {
  return (
    <AdminTextarea
      id={id}
      name="reason"
      label="Reason"
      required
      rows={2}
      maxLength={MAX_REASON}
      className={className}
      defaultValue={sent.value("reason") ?? ""}
      error={sent.error("reason")}
    />
  );
}

/** 'Record a refund': amount, method, date, reference, reason, and its idempotency key. */
function RefundForm({ page, result }: { page: Page; result: InvoiceActionResult | undefined }) {
  const sent = resultOf(result, ["refund"]);
  return (
    <FoldedForm title="Record a refund" summary="Record money given back" intent="refund" sent={sent} button="Record refund">
      <input type="hidden" name="key" value={sent.value("key") ?? page.keys.refund} />
      <AmountField id="refund-amount" label="Amount (J$)" sent={sent} />
      <AdminSelect
        id="refund-method"
        name="method"
        label="Method"
        options={METHOD_OPTIONS}
        defaultValue={sent.value("method") ?? "cash"}
        error={sent.error("method")}
      />
      <AdminInput
        id="refund-day"
        name="paidOn"
        type="date"
        label="Given back on"
        required
        defaultValue={sent.value("paidOn") ?? page.today}
        error={sent.error("paidOn")}
      />
      <AdminInput
        id="refund-reference"
        name="reference"
        label="Reference"
        maxLength={100}
        defaultValue={sent.value("reference") ?? ""}
        error={sent.error("reference")}
      />
      <ReasonField id="refund-reason" sent={sent} className="sm:col-span-2" />
    </FoldedForm>
  );
}

/** 'Credit note': what it corrects, the amount before GCT, the reason. */
function CreditNoteForm({ page, result }: { page: Page; result: InvoiceActionResult | undefined }) {
  const sent = resultOf(result, ["credit-note"]);
  return (
    <FoldedForm title="Credit note" summary="Correct part of this invoice" intent="credit-note" sent={sent} button="Issue credit note">
      <AdminInput
        id="credit-description"
        name="description"
        label="What it corrects"
        required
        maxLength={MAX_LINE_DESCRIPTION}
        defaultValue={sent.value("description") ?? ""}
        error={sent.error("description")}
      />
      <AmountField id="credit-amount" label={page.taxRateBp > 0 ? "Amount before GCT (J$)" : "Amount (J$)"} sent={sent} />
      <ReasonField id="credit-reason" sent={sent} className="sm:col-span-2" />
    </FoldedForm>
  );
}

/** 'Void': the reason, after a confirmation that explains the credit note. */
function VoidForm({ result }: { result: InvoiceActionResult | undefined }) {
  const sent = resultOf(result, ["void"]);
  return (
    <Card title="Void" titleId="void-heading">
      <Disclosure look="button" summary="Void this invoice" open={sent.mine}>
        <p>
          Voiding issues a credit note for everything not yet credited, and the invoice is marked void. Payments already recorded stay
          recorded; refund them separately if needed. This cannot be undone.
        </p>
        <ResultForm className="space-y-3" data-testid="void-form">
          <input type="hidden" name="intent" value="void" />
          {sent.error("") ? <FormStatus tone="error">{sent.error("")}</FormStatus> : null}
          <ReasonField id="void-reason" sent={sent} />
          <Button variant="danger">Yes, void it</Button>
        </ResultForm>
      </Disclosure>
    </Card>
  );
}

/** A one-button form ('Resend invoice', 'Send reminder') with its refusal beside it. */
function ButtonForm({ intent, label, result }: { intent: "resend" | "remind"; label: string; result: InvoiceActionResult | undefined }) {
  const refused = resultOf(result, [intent]).error("");
  return (
    <div className="space-y-2">
      {refused ? <FormStatus tone="error">{refused}</FormStatus> : null}
      <PostButton fields={{ intent }} variant="secondary">
        {label}
      </PostButton>
    </div>
  );
}

/** How an e-mail's delivery reads. */
const MAIL_STATUS_TEXT = { queued: "Waiting to be sent", sending: "Sending", sent: "Sent", failed: "Not delivered" } as const;

/** The e-mails about the document (invoice, receipts, reminders), newest first, with their status. */
function InvoiceMails({ mails }: { mails: Page["mails"] }) {
  if (mails.length === 0) return <p className="mt-3 text-sm text-slate-600">No e-mail sent about it yet.</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="invoice-mails">
      {mails.map((mail) => (
        <li key={mail.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2" data-mail-status={mail.status}>
          <span className="min-w-0 wrap-anywhere">
            <span className="font-semibold">{MAIL_KIND_LABELS[mail.kind]}</span>
            {` to ${mail.to} · ${mail.subject}`}
          </span>
          <span className={mail.status === "failed" ? "font-semibold text-red-800" : "text-slate-700"}>
            {`${MAIL_STATUS_TEXT[mail.status]} · ${mail.when}`}
            {mail.status === "failed" && mail.lastError ? ` (${mail.lastError})` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

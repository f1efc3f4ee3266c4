/**
 * The server side of /invoice/:token, an issued invoice's or credit note's private page
 * (docs/product.md §15): `invoicePageLoader` answers at most 30 views a minute per client (429,
 * counted with the status pages), 404 for a token that is not 32 lowercase hex characters or
 * that no issued or void document has (app/server/billing `readInvoiceByToken`), and otherwise
 * the document as the customer may see it (`publicInvoice`: no staff notes on payments, no staff
 * names), the owner's payment instructions, whether 'Pay by card' is offered, and the outcome of
 * a card payment's return (`?paid=1` when a card payment is recorded, `?failed=<code>`, app/server/billing CARD_FAILURES). Every
 * answer carries STATUS_HEADERS: never cached, never indexed.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { STATUS_HEADERS } from "~/cache-control";
import type { InvoiceDocumentData } from "~/components/billing/invoice-document";
import { todayInJamaica } from "~/domain/dates";
import { allowStatusView } from "~/http/rate-limit.server";
import { CARD_FAILURES, cardPaymentsEnabled, readBillingSettings, readInvoiceByToken, type InvoiceDetail } from "~/server/billing";

/** An invoice's token: 32 lowercase hex characters (docs/decisions/011-status-page-token.md). */
const INVOICE_TOKEN = /^[0-9a-f]{32}$/;

/** What the customer's pages show of a document: the printed document's fields, its token, and each entry's reference and tip. */
export interface PublicInvoice extends InvoiceDocumentData {
  token: string;
  overdue: boolean;
  payments: Array<InvoiceDocumentData["payments"][number] & { reference: string | null; tipCents: number }>;
}

/** The document as the customer sees it (the fields of `PublicInvoice` only). In: an issued or void InvoiceDetail with its token. */
function publicInvoice(invoice: InvoiceDetail & { token: string }): PublicInvoice {
  return {
    kind: invoice.kind,
    status: invoice.status,
    number: invoice.number,
    token: invoice.token,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    period: invoice.period,
    overdue: invoice.overdue,
    billToName: invoice.billToName,
    billToEmail: invoice.billToEmail,
    billToPhone: invoice.billToPhone,
    billToAddress: invoice.billToAddress,
    taxRateBp: invoice.taxRateBp,
    businessTrn: invoice.businessTrn,
    businessGctNumber: invoice.businessGctNumber,
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    taxCents: invoice.taxCents,
    totalCents: invoice.totalCents,
    creditedCents: invoice.creditedCents,
    paidCents: invoice.paidCents,
    balanceCents: invoice.balanceCents,
    notes: invoice.notes,
    voidReason: invoice.voidReason,
    lines: invoice.lines.map(({ id, description, quantity, unitCents, amountCents }) => ({
      id,
      description,
      quantity,
      unitCents,
      amountCents,
    })),
    payments: invoice.payments.map(({ id, kind, method, amountCents, tipCents, reference, paidOn }) => ({
      id,
      kind,
      method,
      amountCents,
      tipCents,
      reference,
      paidOn,
    })),
    creditNotes: invoice.creditNotes.map(({ id, number, issueDate, totalCents, status }) => ({
      id,
      number,
      issueDate,
      totalCents,
      status,
    })),
    creditFor: invoice.creditFor,
  };
}

/** What the page says after a card payment's return, by `?failed=` code; an unknown code says nothing. */
const CARD_FAILURE_TEXTS: Record<string, string> = {
  [CARD_FAILURES.off]: "Card payments are not available at the moment. Please pay another way (see How to pay), or call us.",
  [CARD_FAILURES.nothingOwed]: "Nothing is owed on this invoice now, so no card payment was started.",
  [CARD_FAILURES.void]: "This invoice is void, so it cannot be paid.",
  [CARD_FAILURES.released]:
    "This booking has been released, so its deposit can no longer be paid. Nothing was charged. Please call us to book again.",
  [CARD_FAILURES.provider]: "The card payment page could not be opened. Nothing was charged. Please try again in a few minutes.",
  [CARD_FAILURES.declined]: "The card payment did not go through, and nothing was recorded. You can try again, or pay another way.",
  [CARD_FAILURES.unverified]:
    "We could not confirm this card payment. If your card was charged, please call us with this invoice's number and we will sort it out.",
  [CARD_FAILURES.record]:
    "Your card payment could not be recorded here yet. If your card was charged, there is nothing more to do: we will record it and send your receipt.",
  [CARD_FAILURES.busy]: "This page was used many times in a short while. Please wait a minute and try again.",
};

/**
 * The outcome of a card payment's return, from the query and the invoice: `?paid=1` thanks only
 * when the invoice has a card payment recorded (nothing otherwise; on a void invoice it says the
 * booking or invoice had been cancelled and the company will refund or rebook); `?failed=` a
 * failure's text; otherwise nothing.
 */
function cardOutcome(query: URLSearchParams, invoice: InvoiceDetail): { tone: "success" | "error"; text: string } | null {
  if (query.get("paid") === "1") {
    const paidByCard = invoice.payments.some((payment) => payment.kind === "payment" && payment.method === "card_online");
    if (!paidByCard) return null;
    if (invoice.status === "void") {
      return {
        tone: "error",
        text:
          invoice.purpose === "deposit"
            ? "Your card payment was received, but this booking had already been released because the deposit was not paid in time. We will refund your payment or book your visit again: please call us."
            : "Your card payment was received, but this invoice had already been cancelled. We will refund your payment or apply it to what you owe: please call us.",
      };
    }
    return { tone: "success", text: "Thank you: your card payment is recorded. Your receipt is below and on its way by e-mail." };
  }
  const failed = query.get("failed");
  const text = failed ? CARD_FAILURE_TEXTS[failed] : undefined;
  return text ? { tone: "error", text } : null;
}

export interface InvoicePageView {
  invoice: PublicInvoice;
  paymentInstructions: string | null;
  /** Whether 'Pay J$… by card' is offered: an issued invoice with a balance, card payments on. */
  canPayByCard: boolean;
  outcome: { tone: "success" | "error"; text: string } | null;
}

type InvoicePageData = { view: InvoicePageView | null; problem: "not-found" | "rate-limited" | null };

/**
 * The invoice page's loader. In: Remix's args (`params.token`, the query's `paid` or `failed`).
 * Out: the page's view with 200, or no view with 429 (too many views from this client) or 404
 * (a malformed token, or no issued document has it). Throws when D1 fails.
 */
export async function invoicePageLoader({ request, params, context }: LoaderFunctionArgs) {
  const answer = (body: InvoicePageData, status = 200) => data<InvoicePageData>(body, { status, headers: STATUS_HEADERS });
  const token = params.token ?? "";
  if (!INVOICE_TOKEN.test(token)) return answer({ view: null, problem: "not-found" }, 404);
  const { env } = context.cloudflare;
  if (!(await allowStatusView(env.STATUS_RATE_LIMITER, request))) return answer({ view: null, problem: "rate-limited" }, 429);
  const invoice = await readInvoiceByToken(context.db, token, todayInJamaica(new Date()));
  if (!invoice?.token) return answer({ view: null, problem: "not-found" }, 404);
  const settings = await readBillingSettings(context.db);
  const owes = invoice.kind === "invoice" && invoice.status === "issued" && invoice.balanceCents > 0;
  return answer({
    view: {
      invoice: publicInvoice({ ...invoice, token: invoice.token }),
      paymentInstructions: settings.paymentInstructions,
      canPayByCard: owes && cardPaymentsEnabled(env),
      outcome: cardOutcome(new URL(request.url).searchParams, invoice),
    },
    problem: null,
  });
}

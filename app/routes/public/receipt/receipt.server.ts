/**
 * The server side of /invoice/:token/receipt/:paymentId, a payment's receipt (docs/product.md
 * §15): at most 30 views a minute per client (429, counted with the status pages); 404 for a
 * malformed token or payment id, a token no issued document has, or a payment that is not that
 * invoice's; otherwise the receipt's facts (`ReceiptData`) with the invoice's token and balance
 * as read now. Every answer carries STATUS_HEADERS: never cached, never indexed.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { STATUS_HEADERS } from "~/cache-control";
import type { ReceiptData } from "~/components/billing/receipt-document";
import { todayInJamaica } from "~/domain/dates";
import { allowStatusView } from "~/http/rate-limit.server";
import { readInvoiceByToken } from "~/server/billing";

/** An invoice's token: 32 lowercase hex characters (docs/decisions/011-status-page-token.md). */
const TOKEN = /^[0-9a-f]{32}$/;
/** A payment's id as stored (a UUID); anything else is no payment's. */
const PAYMENT_ID = /^[0-9a-zA-Z-]{1,64}$/;

type ReceiptPageData = { view: (ReceiptData & { token: string }) | null; problem: "not-found" | "rate-limited" | null };

/**
 * The receipt page's loader. In: Remix's args (`params.token`, `params.paymentId`). Out: the
 * receipt with 200, or no view with 429 or 404 (module header). Throws when D1 fails.
 */
export async function receiptPageLoader({ request, params, context }: LoaderFunctionArgs) {
  const answer = (body: ReceiptPageData, status = 200) => data<ReceiptPageData>(body, { status, headers: STATUS_HEADERS });
  const token = params.token ?? "";
  const paymentId = params.paymentId ?? "";
  if (!TOKEN.test(token) || !PAYMENT_ID.test(paymentId)) return answer({ view: null, problem: "not-found" }, 404);
  if (!(await allowStatusView(context.cloudflare.env.STATUS_RATE_LIMITER, request))) {
    return answer({ view: null, problem: "rate-limited" }, 429);
  }
  const invoice = await readInvoiceByToken(context.db, token, todayInJamaica(new Date()));
  const payment = invoice?.payments.find((entry) => entry.id === paymentId);
  if (!invoice || !payment) return answer({ view: null, problem: "not-found" }, 404);
  return answer({
    view: {
      token,
      kind: payment.kind,
      method: payment.method,
      amountCents: payment.amountCents,
      tipCents: payment.tipCents,
      reference: payment.reference,
      paidOn: payment.paidOn,
      invoiceNumber: invoice.number,
      businessTrn: invoice.taxRateBp > 0 ? invoice.businessTrn : null,
      balanceCents: invoice.balanceCents,
    },
    problem: null,
  });
}

/**
 * GET /invoice/:token/paid: WiPay's return after its hosted page (the request's response_url;
 * docs/decisions/022-invoices-and-payments.md, "Card payments (WiPay)"). The query is believed
 * only after app/server/billing `verifyCardReturn` (hash with the API key, this invoice's order,
 * the checkout's total and currency, status success); then the payment is recorded once (its
 * idempotency key is WiPay's transaction id, so a replayed return records nothing more), the
 * checkout is marked paid, the receipt is e-mailed, and the browser goes to the invoice page with
 * `?paid=1`. A verified return on an invoice made void meanwhile (a deposit released while the
 * customer was paying) is recorded all the same (the money was taken) and logs
 * `card_payment_on_void_invoice` for staff to refund or rebook; the invoice page then says so
 * (app/routes/public/invoice/invoice.server.ts). Anything else records nothing, logs why and goes back with `?failed=<code>`
 * (CARD_FAILURES). Never a 500: a failure on the way is logged and answered with `?failed=record`.
 * Not rate limited: a customer who paid must always get their payment recorded. Never cached.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { STATUS_HEADERS } from "~/cache-control";
import { todayInJamaica } from "~/domain/dates";
import {
  billingMailContext,
  CARD_FAILURES,
  cardPaymentKey,
  markCheckoutPaid,
  readCardConfig,
  readCardReturn,
  readInvoiceByToken,
  recordPayment,
  sendReceiptMail,
  verifyCardReturn,
  type CardFailure,
} from "~/server/billing";
import { logEvent, logFailure, logProblem } from "~/server/platform";

/** An invoice's token: 32 lowercase hex characters (docs/decisions/011-status-page-token.md). */
const TOKEN = /^[0-9a-f]{32}$/;

/** 303 to the invoice's page: `?paid=1`, or `?failed=<code>`. */
function backToInvoice(token: string, outcome: { paid: true } | { failed: CardFailure }): Response {
  const query = "paid" in outcome ? "paid=1" : `failed=${outcome.failed}`;
  return redirect(`/invoice/${token}?${query}`, { status: 303, headers: STATUS_HEADERS });
}

/**
 * In: WiPay's response parameters in the query (status, transaction_id, order_id, total,
 * currency, hash, message, …). Out: 303 to /invoice/:token?paid=1 (recorded now, or before by
 * the same transaction) or ?failed=off|declined|unverified|record; 404 for a malformed token.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  if (!TOKEN.test(token)) return new Response("Not found", { status: 404, headers: STATUS_HEADERS });
  const input = readCardReturn(new URL(request.url).searchParams);
  const seen = { orderId: input.orderId, transactionId: input.transactionId, status: input.status };
  const config = readCardConfig(context.cloudflare.env);
  if (!config) {
    logProblem("card_return_refused", { ...seen, reason: "card payments are off" });
    return backToInvoice(token, { failed: CARD_FAILURES.off });
  }
  const now = new Date();
  try {
    const invoice = await readInvoiceByToken(context.db, token, todayInJamaica(now));
    if (!invoice) {
      logProblem("card_return_refused", { ...seen, reason: "no invoice has this token" });
      return backToInvoice(token, { failed: CARD_FAILURES.unverified });
    }
    const checked = await verifyCardReturn(context.db, config, invoice.id, input, now);
    if (checked.status === "unverified") {
      logProblem("card_return_refused", { ...seen, invoiceId: invoice.id, reason: checked.reason });
      return backToInvoice(token, { failed: CARD_FAILURES.unverified });
    }
    if (checked.status === "declined") {
      logEvent("card_payment_declined", { ...seen, invoiceId: invoice.id, message: checked.message });
      return backToInvoice(token, { failed: CARD_FAILURES.declined });
    }
    const { checkout, transactionId } = checked;
    // A replay of a return already recorded: nothing more to do.
    if (checkout.status === "paid") return backToInvoice(token, { paid: true });
    const recorded = await recordPayment(
      context.db,
      {
        invoiceId: invoice.id,
        kind: "payment",
        method: "card_online",
        amountCents: checkout.amountCents,
        // The customer paid what they were asked when the checkout opened; anything above what is owed now is their credit.
        excess: "credit",
        reference: transactionId,
        paidOn: todayInJamaica(now),
        note: null,
        idempotencyKey: cardPaymentKey(transactionId),
      },
      { system: "card" },
      now,
    );
    if (recorded.status === "refused") {
      logProblem("card_payment_not_recorded", { ...seen, invoiceId: invoice.id, message: recorded.message });
      return backToInvoice(token, { failed: CARD_FAILURES.record });
    }
    await markCheckoutPaid(context.db, checkout.id, transactionId, recorded.paymentId, input.message, now);
    if (recorded.status === "recorded") {
      logEvent("card_payment_recorded", { invoiceId: invoice.id, paymentId: recorded.paymentId, orderId: checkout.id, transactionId });
      // Money taken on an invoice made void meanwhile (a deposit released while its customer was at WiPay): staff must refund or rebook.
      if (invoice.status === "void") {
        logProblem("card_payment_on_void_invoice", {
          invoiceId: invoice.id,
          number: invoice.number,
          purpose: invoice.purpose,
          paymentId: recorded.paymentId,
          transactionId,
          amountCents: checkout.amountCents,
        });
      }
      // The payment stands whatever becomes of its receipt: a failure to queue it is logged, and staff can resend it.
      await sendReceiptMail(context.db, billingMailContext(context.cloudflare.env, context.db), recorded.paymentId, now).catch(
        (error: unknown) => logFailure("card_receipt_failed", error, { invoiceId: invoice.id, paymentId: recorded.paymentId }),
      );
    }
    return backToInvoice(token, { paid: true });
  } catch (error) {
    logFailure("card_return_failed", error, seen);
    return backToInvoice(token, { failed: CARD_FAILURES.record });
  }
}

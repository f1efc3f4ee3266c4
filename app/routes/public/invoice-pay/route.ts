/**
 * POST /invoice/:token/pay: the customer's "Pay by card" on an invoice's private page
 * (docs/decisions/022-invoices-and-payments.md, "Card payments (WiPay)"). Opens a checkout at
 * WiPay for what is owed now and sends the browser to WiPay's hosted page (303); WiPay brings it
 * back to /invoice/:token/paid. A deposit's invoice is paid the same way (it has a token too).
 * Refused (303 back to the invoice page with `?failed=<code>`, app/server/billing CARD_FAILURES):
 * card payments off, nothing owed, a void invoice, a deposit's invoice whose visit is no longer
 * scheduled (released or cancelled), WiPay not giving a page (or one on another origin), more than
 * the status pages' 30 requests a minute from one client. A GET goes back to the invoice page. Never cached.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { STATUS_HEADERS } from "~/cache-control";
import { todayInJamaica } from "~/domain/dates";
import { allowStatusView } from "~/http/rate-limit.server";
import { CARD_FAILURES, depositPayable, readCardConfig, readInvoiceByToken, startCardCheckout, type CardFailure } from "~/server/billing";
import { logFailure, readSiteUrl } from "~/server/platform";

/** An invoice's token: 32 lowercase hex characters (docs/decisions/011-status-page-token.md). */
const TOKEN = /^[0-9a-f]{32}$/;

/** 303 to the invoice's page, with `?failed=<code>` when given. */
function backToInvoice(token: string, failed?: CardFailure): Response {
  return redirect(`/invoice/${token}${failed ? `?failed=${failed}` : ""}`, { status: 303, headers: STATUS_HEADERS });
}

export const loader = ({ params }: LoaderFunctionArgs) => {
  const token = params.token ?? "";
  return TOKEN.test(token) ? backToInvoice(token) : new Response("Not found", { status: 404, headers: STATUS_HEADERS });
};

/**
 * In: the POST (no fields are read). Out: 303 to WiPay's hosted page, or 303 back to the invoice
 * page with `?failed=` (off, owed, void, released, provider, busy); 404 for a token that is no invoice's.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  if (!TOKEN.test(token)) return new Response("Not found", { status: 404, headers: STATUS_HEADERS });
  const { env } = context.cloudflare;
  if (!(await allowStatusView(env.STATUS_RATE_LIMITER, request))) return backToInvoice(token, CARD_FAILURES.busy);
  const config = readCardConfig(env);
  if (!config) return backToInvoice(token, CARD_FAILURES.off);
  const now = new Date();
  try {
    const invoice = await readInvoiceByToken(context.db, token, todayInJamaica(now));
    if (!invoice) return new Response("Not found", { status: 404, headers: STATUS_HEADERS });
    if (invoice.status === "void") return backToInvoice(token, CARD_FAILURES.void);
    if (invoice.kind !== "invoice" || invoice.balanceCents <= 0) return backToInvoice(token, CARD_FAILURES.nothingOwed);
    if (!(await depositPayable(context.db, invoice))) return backToInvoice(token, CARD_FAILURES.released);
    const started = await startCardCheckout(
      context.db,
      config,
      { id: invoice.id, balanceCents: invoice.balanceCents },
      `${readSiteUrl(env)}/invoice/${token}/paid`,
      now,
    );
    if (started.status !== "ready") return backToInvoice(token, CARD_FAILURES.provider);
    return redirect(started.url, { status: 303, headers: STATUS_HEADERS });
  } catch (error) {
    logFailure("card_checkout_start_failed", error);
    return backToInvoice(token, CARD_FAILURES.provider);
  }
}
